/// The answer to device status (0x00): what the device senses about itself (RigKit-defined layout).
///
/// Body: flags (bit 0 in its cover, bit 1 charging, bit 2 scanning), then
/// scans since power-on as UInt16 LE.
public struct ScioDeviceStatus: Sendable, Equatable {
    public var inCover: Bool
    public var charging: Bool
    public var scanning: Bool
    public var scansSincePowerOn: UInt16

    public init(inCover: Bool, charging: Bool, scanning: Bool, scansSincePowerOn: UInt16) {
        self.inCover = inCover
        self.charging = charging
        self.scanning = scanning
        self.scansSincePowerOn = scansSincePowerOn
    }

    public func encode() -> [UInt8] {
        var out: [UInt8] = [(inCover ? 1 : 0) | (charging ? 2 : 0) | (scanning ? 4 : 0)]
        out.appendUInt16(scansSincePowerOn)
        return out
    }

    public static func decode(_ body: [UInt8]) throws(ScioMessageError) -> ScioDeviceStatus {
        guard body.count == 3 else { throw .wrongLength(command: .deviceStatus, length: body.count, expected: "3") }
        return ScioDeviceStatus(inCover: body[0] & 1 != 0, charging: body[0] & 2 != 0, scanning: body[0] & 4 != 0,
                                scansSincePowerOn: body.uint16(at: 1))
    }
}

/// The answer to battery state (0x05): charge %, health %, charging, millivolts (UInt16 LE).
public struct ScioBatteryState: Sendable, Equatable {
    public var percent: UInt8
    public var healthPercent: UInt8
    public var charging: Bool
    public var millivolts: UInt16

    public init(percent: UInt8, healthPercent: UInt8, charging: Bool, millivolts: UInt16) {
        self.percent = percent
        self.healthPercent = healthPercent
        self.charging = charging
        self.millivolts = millivolts
    }

    public func encode() -> [UInt8] {
        var out: [UInt8] = [percent, healthPercent, charging ? 1 : 0]
        out.appendUInt16(millivolts)
        return out
    }

    public static func decode(_ body: [UInt8]) throws(ScioMessageError) -> ScioBatteryState {
        guard body.count == 5 else { throw .wrongLength(command: .batteryState, length: body.count, expected: "5") }
        guard body[0] <= 100 else { throw .badField(command: .batteryState, field: "percent", value: Int(body[0])) }
        guard body[1] <= 100 else { throw .badField(command: .batteryState, field: "health", value: Int(body[1])) }
        guard body[2] <= 1 else { throw .badField(command: .batteryState, field: "charging", value: Int(body[2])) }
        return ScioBatteryState(percent: body[0], healthPercent: body[1], charging: body[2] == 1, millivolts: body.uint16(at: 3))
    }
}

/// The answer to temperature (0x04): the detector's temperature in hundredths of a °C, Int16 LE.
public struct ScioTemperature: Sendable, Equatable {
    public var centiCelsius: Int16
    public init(celsius: Double) { centiCelsius = Int16(max(-32768, min(32767, (celsius * 100).rounded()))) }
    public var celsius: Double { Double(centiCelsius) / 100 }

    public func encode() -> [UInt8] { var out: [UInt8] = []; out.appendUInt16(UInt16(bitPattern: centiCelsius)); return out }

    public static func decode(_ body: [UInt8]) throws(ScioMessageError) -> ScioTemperature {
        guard body.count == 2 else { throw .wrongLength(command: .temperature, length: body.count, expected: "2") }
        var t = ScioTemperature(celsius: 0)
        t.centiCelsius = body.int16(at: 0)
        return t
    }
}

/// The answer to self test (0x09): one bit per component that failed (RigKit-defined); 0 means all passed.
public struct ScioSelfTestResult: OptionSet, Sendable, Hashable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let lamp = Self(rawValue: 0x01)
    public static let detector = Self(rawValue: 0x02)
    public static let temperatureSensor = Self(rawValue: 0x04)
    public static let memory = Self(rawValue: 0x08)
    public static let battery = Self(rawValue: 0x10)

    public static func decode(_ body: [UInt8]) throws(ScioMessageError) -> ScioSelfTestResult {
        guard body.count == 1 else { throw .wrongLength(command: .selfTest, length: body.count, expected: "1") }
        guard body[0] & 0xE0 == 0 else { throw .badField(command: .selfTest, field: "failures", value: Int(body[0])) }
        return ScioSelfTestResult(rawValue: body[0])
    }
}

/// The device's 8-byte identifier; the first byte is its hardware generation (see `ScioVersion`).
public struct ScioDeviceID: Sendable, Hashable, CustomStringConvertible {
    public var bytes: [UInt8]

    /// Makes an identifier from exactly 8 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 8 else { return nil }
        self.bytes = bytes
    }

    /// Parses 16 hex digits.
    public init?(hex: String) {
        let chars = Array(hex.utf8)
        guard chars.count == 16 else { return nil }
        var out: [UInt8] = []
        for i in stride(from: 0, to: 16, by: 2) {
            guard let byte = UInt8(String(decoding: chars[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            out.append(byte)
        }
        bytes = out
    }

    /// 16 uppercase hex digits, as the SDK shows it.
    public var description: String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    public static func decode(_ body: [UInt8]) throws(ScioMessageError) -> ScioDeviceID {
        guard let id = ScioDeviceID(bytes: body) else { throw .wrongLength(command: .deviceID, length: body.count, expected: "8") }
        return id
    }
}

/// The device's user name: 1–16 bytes of UTF-8; the device-name answer (0x84) pads it with NULs to 16.
public enum ScioDeviceName {
    /// The most bytes a name may have.
    public static let maximumLength = 16

    /// The 16-byte field of a device-name answer.
    public static func field(_ name: String) -> [UInt8] {
        let bytes = Array(name.utf8.prefix(maximumLength))
        return bytes + [UInt8](repeating: 0, count: maximumLength - bytes.count)
    }

    /// The name in a device-name answer body.
    public static func decodeField(_ body: [UInt8]) throws(ScioMessageError) -> String {
        guard body.count == maximumLength else { throw .wrongLength(command: .deviceName, length: body.count, expected: "16") }
        let used = body.prefix { $0 != 0 }
        guard let name = String(validating: used, as: UTF8.self) else {
            throw .badField(command: .deviceName, field: "name (not UTF-8)", value: used.count)
        }
        return name
    }

    /// Checks a write-device-name request (0x91) body: 1–16 bytes of UTF-8 without NULs; returns the name or nil.
    public static func validate(_ body: [UInt8]) -> String? {
        guard (1...maximumLength).contains(body.count), !body.contains(0) else { return nil }
        return String(validating: body, as: UTF8.self)
    }
}

/// The LED request (0x0B): mode (0 off, 1 on, 2 blink) and colour RGB.
public struct ScioLEDRequest: Sendable, Equatable {
    public enum Mode: UInt8, Sendable { case off = 0, on = 1, blink = 2 }
    public var mode: Mode
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(mode: Mode, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0) {
        self.mode = mode
        self.red = red
        self.green = green
        self.blue = blue
    }

    public func encode() -> [UInt8] { [mode.rawValue, red, green, blue] }

    public static func decode(_ body: [UInt8]) throws(ScioMessageError) -> ScioLEDRequest {
        guard body.count == 4 else { throw .wrongLength(command: .led, length: body.count, expected: "4") }
        guard let mode = Mode(rawValue: body[0]) else { throw .badField(command: .led, field: "mode", value: Int(body[0])) }
        return ScioLEDRequest(mode: mode, red: body[1], green: body[2], blue: body[3])
    }
}

/// What the sample-spectrum request (0x02) asks for: one byte, RigKit-defined.
public enum ScioScanMode: UInt8, Sendable {
    /// A sample measurement.
    case sample = 0
    /// A calibration measurement: the device is expected to be in its cover.
    case calibration = 1
}

/// Power-off timeout (RigKit-defined 0xA0): minutes of idleness before the device switches off, 1–30.
public enum ScioPowerOffTimeout {
    public static let allowedMinutes: ClosedRange<Int> = 1...30
}
