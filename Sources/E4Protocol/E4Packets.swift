/// Six GSR samples: six 24-bit big-endian raw values then the first sample's index (UInt16 LE); 20 bytes.
///
/// Skin conductance in µS is 1e6 / raw.
public struct GSRPacket: Sendable, Equatable {
    /// Index of the first sample since streaming started, modulo 2¹⁶.
    public var firstIndex: UInt16
    /// Raw values, 1…0xFFFFFF.
    public var raw: [UInt32]

    public static let sampleCount = 6

    public init(firstIndex: UInt16, raw: [UInt32]) {
        self.firstIndex = firstIndex
        self.raw = raw
    }

    /// A packet from conductances in µS (each clamped to what 24 bits can carry).
    public init(firstIndex: UInt16, microsiemens: [Double]) {
        self.init(firstIndex: firstIndex, raw: microsiemens.map { Self.raw(fromMicrosiemens: $0) })
    }

    public static func raw(fromMicrosiemens value: Double) -> UInt32 {
        guard value > 0 else { return 0xFFFFFF }
        return UInt32(min(Double(0xFFFFFF), max(1, (1e6 / value).rounded())))
    }

    /// The samples in µS.
    public var microsiemens: [Double] { raw.map { 1e6 / Double($0) } }

    public func encode() -> [UInt8] {
        var out: [UInt8] = []
        for value in raw { out += [UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
        return out + [UInt8(firstIndex & 0xFF), UInt8(firstIndex >> 8)]
    }

    public static func decode(_ bytes: [UInt8]) throws(E4PacketError) -> GSRPacket {
        guard bytes.count == 20 else { throw .wrongLength(packet: "GSR", length: bytes.count, expected: "20") }
        var raw: [UInt32] = []
        for i in 0..<sampleCount {
            let value = UInt32(bytes[3 * i]) << 16 | UInt32(bytes[3 * i + 1]) << 8 | UInt32(bytes[3 * i + 2])
            guard value > 0 else { throw .badField(packet: "GSR", field: "sample \(i)", value: 0) }
            raw.append(value)
        }
        return GSRPacket(firstIndex: UInt16(bytes[18]) | UInt16(bytes[19]) << 8, raw: raw)
    }
}

/// Four skin-temperature samples: the first sample's index (UInt16 LE) then four UInt16 LE raw values; 10 bytes.
///
/// °C = raw × 0.02 − 276. The public format has the four values; the index is RigKit's, to place samples in time.
public struct TemperaturePacket: Sendable, Equatable {
    public var firstIndex: UInt16
    public var raw: [UInt16]

    public static let sampleCount = 4

    public init(firstIndex: UInt16, raw: [UInt16]) {
        self.firstIndex = firstIndex
        self.raw = raw
    }

    public init(firstIndex: UInt16, celsius: [Double]) {
        self.init(firstIndex: firstIndex, raw: celsius.map { UInt16(min(65535, max(0, (($0 + 276) / 0.02).rounded()))) })
    }

    public var celsius: [Double] { raw.map { Double($0) * 0.02 - 276 } }

    public func encode() -> [UInt8] {
        [UInt8(firstIndex & 0xFF), UInt8(firstIndex >> 8)] + raw.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    public static func decode(_ bytes: [UInt8]) throws(E4PacketError) -> TemperaturePacket {
        guard bytes.count == 10 else { throw .wrongLength(packet: "temperature", length: bytes.count, expected: "10") }
        let raw = (0..<sampleCount).map { UInt16(bytes[2 + 2 * $0]) | UInt16(bytes[3 + 2 * $0]) << 8 }
        return TemperaturePacket(firstIndex: UInt16(bytes[0]) | UInt16(bytes[1]) << 8, raw: raw)
    }
}

/// Six accelerometer samples: the first sample's index (UInt16 LE) then x, y, z as signed bytes (1/64 g) for each; 20 bytes.
public struct AccelerationPacket: Sendable, Equatable {
    public var firstIndex: UInt16
    public var samples: [AccelerationSample]

    public static let sampleCount = 6

    public init(firstIndex: UInt16, samples: [AccelerationSample]) {
        self.firstIndex = firstIndex
        self.samples = samples
    }

    public func encode() -> [UInt8] {
        [UInt8(firstIndex & 0xFF), UInt8(firstIndex >> 8)]
            + samples.flatMap { [UInt8(bitPattern: $0.x), UInt8(bitPattern: $0.y), UInt8(bitPattern: $0.z)] }
    }

    public static func decode(_ bytes: [UInt8]) throws(E4PacketError) -> AccelerationPacket {
        guard bytes.count == 20 else { throw .wrongLength(packet: "acceleration", length: bytes.count, expected: "20") }
        let samples = (0..<sampleCount).map { i in
            AccelerationSample(x: Int8(bitPattern: bytes[2 + 3 * i]), y: Int8(bitPattern: bytes[3 + 3 * i]), z: Int8(bitPattern: bytes[4 + 3 * i]))
        }
        return AccelerationPacket(firstIndex: UInt16(bytes[0]) | UInt16(bytes[1]) << 8, samples: samples)
    }
}

/// One accelerometer reading in units of 1/64 g (±2 g).
public struct AccelerationSample: Sendable, Equatable {
    public var x: Int8
    public var y: Int8
    public var z: Int8
    public init(x: Int8, y: Int8, z: Int8) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// A reading from accelerations in g, rounded and clamped to the sensor's range.
    public init(gx: Double, gy: Double, gz: Double) {
        func unit(_ g: Double) -> Int8 { Int8(max(-127, min(127, (g * 64).rounded()))) }
        self.init(x: unit(gx), y: unit(gy), z: unit(gz))
    }
}

/// Up to sixteen BVP samples as a first value and 7-bit deltas; 20 bytes.
///
/// Layout (RigKit's reading of "7-bit packed deltas"): [0–1] first sample's
/// index (UInt16 LE), [2] sample count n (1…16), [3–5] first sample as a
/// signed 24-bit LE value in units of 1/2, [6–19] n−1 signed 7-bit deltas
/// packed most-significant bit first. An encoder starts a new packet when a
/// delta does not fit in 7 bits.
public struct BVPPacket: Sendable, Equatable {
    public var firstIndex: UInt16
    /// Raw samples in units of 1/2.
    public var raw: [Int32]

    public static let maximumSamples = 16
    /// Raw units per BVP unit.
    public static let scale = 2.0

    public init(firstIndex: UInt16, raw: [Int32]) {
        self.firstIndex = firstIndex
        self.raw = raw
    }

    public var values: [Double] { raw.map { Double($0) / Self.scale } }

    /// How many of `raw` (from the start) fit one packet: at most 16, stopping before a delta outside −64…63.
    public static func fitting(_ raw: ArraySlice<Int32>) -> Int {
        var count = min(1, raw.count)
        var index = raw.startIndex + 1
        while index < raw.endIndex && count < maximumSamples {
            let delta = raw[index] - raw[index - 1]
            guard (-64...63).contains(delta) else { break }
            count += 1
            index += 1
        }
        return count
    }

    public func encode() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 20)
        out[0] = UInt8(firstIndex & 0xFF)
        out[1] = UInt8(firstIndex >> 8)
        out[2] = UInt8(raw.count)
        let first = UInt32(bitPattern: raw.first ?? 0) & 0xFFFFFF
        out[3] = UInt8(first & 0xFF)
        out[4] = UInt8((first >> 8) & 0xFF)
        out[5] = UInt8((first >> 16) & 0xFF)
        var bit = 0
        for i in raw.indices.dropFirst() {
            let delta = UInt8(bitPattern: Int8(clamping: raw[i] - raw[i - 1])) & 0x7F
            for b in stride(from: 6, through: 0, by: -1) {
                if delta >> b & 1 == 1 { out[6 + bit / 8] |= 0x80 >> (bit % 8) }
                bit += 1
            }
        }
        return out
    }

    public static func decode(_ bytes: [UInt8]) throws(E4PacketError) -> BVPPacket {
        guard bytes.count == 20 else { throw .wrongLength(packet: "BVP", length: bytes.count, expected: "20") }
        let count = Int(bytes[2])
        guard (1...maximumSamples).contains(count) else { throw .badField(packet: "BVP", field: "sample count", value: count) }
        var first = Int32(bytes[3]) | Int32(bytes[4]) << 8 | Int32(bytes[5]) << 16
        if first & 0x800000 != 0 { first -= 0x1000000 }
        var raw = [first]
        var bit = 0
        for _ in 1..<count {
            var delta: UInt8 = 0
            for _ in 0..<7 {
                delta = delta << 1 | (bytes[6 + bit / 8] >> (7 - bit % 8) & 1)
                bit += 1
            }
            let signed = Int32(delta & 0x40 != 0 ? Int(delta) - 128 : Int(delta))
            raw.append(raw.last! + signed)
        }
        return BVPPacket(firstIndex: UInt16(bytes[0]) | UInt16(bytes[1]) << 8, raw: raw)
    }
}

/// One inter-beat interval (RigKit-defined): beat time in ticks of 1/64 s since streaming started (UInt32 LE), interval in ticks (UInt16 LE); 6 bytes.
public struct IBIPacket: Sendable, Equatable {
    public var beatTick: UInt32
    public var intervalTicks: UInt16
    public init(beatTick: UInt32, intervalTicks: UInt16) {
        self.beatTick = beatTick
        self.intervalTicks = intervalTicks
    }

    public var interval: Double { Double(intervalTicks) / E4GATT.tickRate }

    public func encode() -> [UInt8] {
        [UInt8(beatTick & 0xFF), UInt8((beatTick >> 8) & 0xFF), UInt8((beatTick >> 16) & 0xFF), UInt8(beatTick >> 24),
         UInt8(intervalTicks & 0xFF), UInt8(intervalTicks >> 8)]
    }

    public static func decode(_ bytes: [UInt8]) throws(E4PacketError) -> IBIPacket {
        guard bytes.count == 6 else { throw .wrongLength(packet: "IBI", length: bytes.count, expected: "6") }
        let tick = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        let interval = UInt16(bytes[4]) | UInt16(bytes[5]) << 8
        guard interval > 0 else { throw .badField(packet: "IBI", field: "interval", value: 0) }
        return IBIPacket(beatTick: tick, intervalTicks: interval)
    }
}

/// A button press (RigKit-defined): its time in ticks of 1/64 s since streaming started (UInt32 LE); 4 bytes.
public struct TagPacket: Sendable, Equatable {
    public var tick: UInt32
    public init(tick: UInt32) { self.tick = tick }

    public func encode() -> [UInt8] {
        [UInt8(tick & 0xFF), UInt8((tick >> 8) & 0xFF), UInt8((tick >> 16) & 0xFF), UInt8(tick >> 24)]
    }

    public static func decode(_ bytes: [UInt8]) throws(E4PacketError) -> TagPacket {
        guard bytes.count == 4 else { throw .wrongLength(packet: "tag", length: bytes.count, expected: "4") }
        return TagPacket(tick: UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24)
    }
}

/// The battery level: one byte, percent 0…100.
public struct BatteryPacket: Sendable, Equatable {
    public var percent: UInt8
    public init(percent: UInt8) { self.percent = percent }

    public var level: Double { Double(percent) / 100 }

    public func encode() -> [UInt8] { [percent] }

    public static func decode(_ bytes: [UInt8]) throws(E4PacketError) -> BatteryPacket {
        guard bytes.count == 1 else { throw .wrongLength(packet: "battery", length: bytes.count, expected: "1") }
        guard bytes[0] <= 100 else { throw .badField(packet: "battery", field: "percent", value: Int(bytes[0])) }
        return BatteryPacket(percent: bytes[0])
    }
}

/// What the central writes to the command characteristic.
public enum E4Command: Sendable, Equatable {
    /// 0x01 and the Unix time (UInt32 LE): start streaming, stamping samples from that time.
    case startStreaming(unixTime: UInt32)
    /// 0x02 (RigKit-defined): stop streaming.
    case stopStreaming

    public func encode() -> [UInt8] {
        switch self {
        case .startStreaming(let t): [0x01, UInt8(t & 0xFF), UInt8((t >> 8) & 0xFF), UInt8((t >> 16) & 0xFF), UInt8(t >> 24)]
        case .stopStreaming: [0x02]
        }
    }

    public static func decode(_ bytes: [UInt8]) throws(E4PacketError) -> E4Command {
        guard let first = bytes.first else { throw .wrongLength(packet: "command", length: 0, expected: "1 or 5") }
        switch first {
        case 0x01:
            guard bytes.count == 5 else { throw .wrongLength(packet: "start command", length: bytes.count, expected: "5") }
            return .startStreaming(unixTime: UInt32(bytes[1]) | UInt32(bytes[2]) << 8 | UInt32(bytes[3]) << 16 | UInt32(bytes[4]) << 24)
        case 0x02:
            guard bytes.count == 1 else { throw .wrongLength(packet: "stop command", length: bytes.count, expected: "1") }
            return .stopStreaming
        default: throw .unknownCommand(first)
        }
    }
}

/// Turns 16-bit sample indexes that wrap into absolute ones, assuming packets move forward by less than 2¹⁵ samples.
public struct SampleIndexUnwrapper: Sendable {
    private var last: Int64?

    public init() {}

    /// The absolute index for a wrapped `index`.
    public mutating func absolute(_ index: UInt16) -> Int64 {
        guard let last else {
            self.last = Int64(index)
            return Int64(index)
        }
        let lastLow = UInt16(truncatingIfNeeded: last)
        let step = Int64(Int16(bitPattern: index &- lastLow))
        let value = last + step
        self.last = max(last, value)
        return value
    }
}
