import Foundation

/// A rig: which device plays which role, how each is reached, the clock, the seed and the host.
///
/// Rig files are JSON (see Docs/Rigs.md). Every error names the file, the JSON
/// path, the line and column, and what was expected there.
public struct RigFile: Sendable {
    /// Which clock a rig runs on.
    public enum ClockKind: String, Sendable {
        /// Simulated time; only simulated devices.
        case virtual
        /// Real time, as on a bench.
        case wall
    }

    /// The rig's name, for reports.
    public var name: String
    public var clock: ClockKind
    /// The seed every simulator draws its randomness from.
    public var seed: UInt64
    /// The phone host at rig start.
    public var host: HostSettings
    public var devices: [DeviceSpec]
    /// The file the rig came from, or a description such as `<built-in simulated rig>`.
    public var source: String
    /// The labgrid place that reserves this rig's bench, if it is shared through labgrid.
    public var labgrid: LabgridPlace?

    public init(name: String, clock: ClockKind, seed: UInt64, host: HostSettings, devices: [DeviceSpec], source: String,
                labgrid: LabgridPlace? = nil) {
        self.labgrid = labgrid
        self.name = name
        self.clock = clock
        self.seed = seed
        self.host = host
        self.devices = devices
        self.source = source
    }

    /// The device playing `role`, if the rig has one.
    public func device(role: String) -> DeviceSpec? { devices.first { $0.role == role } }

    /// Reads and checks the rig file at `path`.
    public static func load(path: String) throws(RigFileError) -> RigFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(file: path, reason: "it is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path, reason: "permission denied or unreadable")
        }
        return try parse(Array(data), source: path)
    }

    /// Parses and checks rig-file text; `source` names it in messages.
    public static func parse(_ bytes: [UInt8], source: String) throws(RigFileError) -> RigFile {
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw .syntax(file: source, line: 1, column: 1, message: "the file is empty; a rig file is a JSON object")
        }
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch {
            throw .syntax(file: source, line: error.line, column: error.column, message: error.message)
        }
        return try RigFileReader(file: source).rig(JSONCursor(file: source, value: root))
    }

    /// The default simulated rig, the same as `rigs/simulated.json`.
    public static func builtinSimulated() -> RigFile {
        // The text is a constant that a test keeps equal to rigs/simulated.json.
        // swiftlint:disable:next force_try
        try! parse(Array(builtinSimulatedText.utf8), source: "<built-in simulated rig>")
    }

    /// The text of `rigs/simulated.json`.
    public static let builtinSimulatedText = """
    {
      "name": "simulated",
      "clock": "virtual",
      "seed": 20261130,
      "host": {
        "batteryPercent": 80,
        "charging": false,
        "lowPowerMode": false,
        "freeStorageMB": 64000,
        "cameraPermission": "granted",
        "appState": "foreground"
      },
      "devices": [
        { "role": "scanner", "kind": "roomio", "simulated": { "notReadySeconds": 3, "saveSeconds": 4, "storageMBPerSecond": 1.5 } },
        { "role": "wristband", "kind": "e4", "simulated": { "serialNumber": "A01F2C", "heartRate": 68, "batteryPercent": 90 } },
        { "role": "wristband-2", "kind": "e4", "simulated": { "serialNumber": "A02B7E", "heartRate": 82, "motion": 0.2, "batteryPercent": 75,
                                                            "notificationLoss": 0.05, "dropConnectionAtSeconds": 40 } },
        { "role": "wristband-3", "kind": "e3", "simulated": { "serialNumber": "E30419", "heartRate": 60, "batteryPercent": 60 } },
        { "role": "reader", "kind": "mx-1502", "simulated": { "serialNumber": "1502A7731", "batteryPercent": 85, "inactivityTimeoutMinutes": 15 } },
        { "role": "reader-2", "kind": "mx-1000", "simulated": { "serialNumber": "1000B0042", "batteryPercent": 60 } },
        { "role": "camera", "kind": "camera-reader", "simulated": { "hasFrontCamera": true } },
        { "role": "camera-basic", "kind": "camera-reader", "simulated": { "hasFrontCamera": false, "supportsFullHD": false } },
        { "role": "aimer", "kind": "mx-100", "simulated": { "serialNumber": "MX100C3301" } },
        { "role": "scio", "kind": "scio", "simulated": { "transport": "ble", "deviceID": "12A4C0FFEE000001", "name": "Kitchen SCiO", "sample": "whole-milk",
                                                       "batteryPercent": 85 } },
        { "role": "scio-usb", "kind": "scio", "simulated": { "transport": "usb", "deviceID": "13B7D00D5EED0002", "sample": "wheat-flour",
                                                           "batteryPercent": 60, "charging": true } }
      ]
    }

    """
}

/// Turns a parsed rig file into a `RigFile`, checking every member.
struct RigFileReader {
    let file: String

    func rig(_ root: JSONCursor) throws(RigFileError) -> RigFile {
        let members = try root.object(allowed: ["name", "clock", "seed", "host", "devices", "description", "labgrid"])
        let name = try root.required("name", in: members, expected: "the rig's name as a string").name()
        let clock = RigFile.ClockKind(rawValue: try members["clock"]?.choice(["virtual", "wall"]) ?? "virtual")!
        let seed = try members["seed"]?.integer(UInt64.self) ?? 0
        if let description = members["description"] { _ = try description.string() }
        let host = try members["host"].map { (c) throws(RigFileError) in try hostSettings(c) } ?? HostSettings()
        var devices: [DeviceSpec] = []
        if let list = members["devices"] {
            for item in try list.array() {
                let spec = try device(item)
                if let first = devices.first(where: { $0.role == spec.role }) {
                    throw item.invalid("a role not used before (\(JSONText.quote(spec.role)) is already \(first.cursor.path))",
                                       found: JSONText.quote(spec.role))
                }
                if clock == .virtual && !spec.link.isSimulated {
                    throw item.invalid("a simulated device, since the rig's clock is virtual (use \"clock\": \"wall\" for real devices)",
                                       found: "a \(spec.link.name) device")
                }
                if case .blePeripheral(let adapter, _, _) = spec.link, let first = devices.first(where: {
                    if case .blePeripheral(adapter, _, _) = $0.link { true } else { false }
                }) {
                    throw item.invalid("an adapter of its own: one simulator advertises per adapter (\(JSONText.quote(adapter)) already carries \(first.cursor.path))",
                                       found: JSONText.quote(adapter))
                }
                devices.append(spec)
            }
        }
        let labgrid = try members["labgrid"].map { (c) throws(RigFileError) in try labgridPlace(c) }
        return RigFile(name: name, clock: clock, seed: seed, host: host, devices: devices, source: file, labgrid: labgrid)
    }

    private func labgridPlace(_ cursor: JSONCursor) throws(RigFileError) -> LabgridPlace {
        let members = try cursor.object(allowed: ["place", "coordinator"])
        let place = try cursor.required("place", in: members, expected: "the labgrid place's name as a string").name()
        var coordinator: String?
        if let c = members["coordinator"] {
            let text = try c.string()
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2, !(parts.first ?? "").isEmpty, parts.count == 1 || UInt16(parts[1]) != nil else {
                throw c.invalid("the coordinator as HOST or HOST:PORT", found: JSONText.quote(text))
            }
            coordinator = text
        }
        return LabgridPlace(place: place, coordinator: coordinator)
    }

    private func hostSettings(_ cursor: JSONCursor) throws(RigFileError) -> HostSettings {
        let m = try cursor.object(allowed: ["batteryPercent", "charging", "lowPowerMode", "freeStorageMB",
                                            "cameraPermission", "permissionPromptAnswer", "appState", "bluetooth"])
        var host = HostSettings()
        if let c = m["batteryPercent"] { host.batteryPercent = try c.number(in: 0...100, unit: "percent") }
        if let c = m["charging"] { host.isCharging = try c.bool() }
        if let c = m["lowPowerMode"] { host.lowPowerMode = try c.bool() }
        if let c = m["freeStorageMB"] { host.freeStorageMB = try c.number(in: 0...10_000_000, unit: "MB") }
        if let c = m["cameraPermission"] {
            host.cameraPermission = CameraPermission(rawValue: try c.choice(CameraPermission.allCases.map(\.rawValue)))!
        }
        if let c = m["permissionPromptAnswer"] {
            host.permissionPromptAnswer = CameraPermission(rawValue: try c.choice(["granted", "denied"]))!
        }
        if let c = m["appState"] { host.appState = AppState(rawValue: try c.choice(AppState.allCases.map(\.rawValue)))! }
        if let c = m["bluetooth"] { host.bluetoothEnabled = try c.bool() }
        return host
    }

    private func device(_ cursor: JSONCursor) throws(RigFileError) -> DeviceSpec {
        let linkNames = ["simulated", "ble", "ble-peripheral", "usb"] + Self.usbGadgetLinkNames
        let m = try cursor.object(allowed: ["role", "kind", "description"] + linkNames)
        let role = try cursor.required("role", in: m, expected: "the device's role as a string").name()
        let kindCursor = try cursor.required("kind", in: m, expected: "the device's kind as a string")
        let kind = DeviceKind(rawValue: try kindCursor.name())
        let present = linkNames.filter { m[$0] != nil }
        guard present.count == 1, let linkName = present.first, let linkCursor = m[linkName] else {
            throw cursor.invalid("exactly one of \(linkNames.map { JSONText.quote($0) }.joined(separator: ", ")) saying how the device is reached",
                                 found: present.isEmpty ? "none" : present.joined(separator: " and "))
        }
        return DeviceSpec(role: role, kind: kind, link: try link(linkName, linkCursor), cursor: cursor, kindCursor: kindCursor, linkCursor: linkCursor)
    }

    private func link(_ name: String, _ c: JSONCursor) throws(RigFileError) -> DeviceLink {
        switch name {
        case "simulated":
            _ = try c.object(allowed: Self.anyMember(c))
            return .simulated(parameters: c)
        case "ble":
            let m = try c.object(allowed: ["adapter", "address", "addressType"])
            let address = try c.required("address", in: m, expected: "a Bluetooth address like \"AA:BB:CC:DD:EE:FF\"")
            let text = try address.bluetoothAddress(example: "AA:BB:CC:DD:EE:FF")
            let type = BLEAddressType(rawValue: try m["addressType"]?.choice(["public", "random"]) ?? "public")!
            return .ble(adapter: try m["adapter"]?.adapterName() ?? "hci0", address: text, addressType: type)
        case "ble-peripheral":
            let m = try c.object(allowed: ["adapter", "central", "simulator"])
            let adapter = try m["adapter"]?.adapterName() ?? "hci0"
            let central = try m["central"]?.adapterName()
            if let central, central == adapter, let cursor = m["central"] {
                throw cursor.invalid("an adapter other than the peripheral's own (\(JSONText.quote(adapter))): a controller cannot connect to itself")
            }
            if let simulator = m["simulator"] { _ = try simulator.object(allowed: Self.anyMember(simulator)) }
            return .blePeripheral(adapter: adapter, central: central, simulator: m["simulator"])
        case "usb-gadget":
            return try usbGadget(c)
        default:
            let m = try c.object(allowed: ["vendor", "product", "serial", "interface", "endpoints"])
            let vendor = try Self.usbID(c.required("vendor", in: m, expected: "a USB vendor ID such as \"0451\""))
            let product = try Self.usbID(c.required("product", in: m, expected: "a USB product ID such as \"16aa\""))
            return .usb(vendor: vendor, product: product, serial: try m["serial"]?.string())
        }
    }

    // MARK: usb-gadget link (issue 9)

    static let usbGadgetLinkNames = ["usb-gadget"]

    /// `"usb-gadget": { vendor, product, serial, tty + gadget + udc | socket, simulator }`.
    private func usbGadget(_ c: JSONCursor) throws(RigFileError) -> DeviceLink {
        let m = try c.object(allowed: ["vendor", "product", "serial", "tty", "gadget", "udc", "socket", "simulator"])
        let vendor = try Self.usbID(c.required("vendor", in: m, expected: "the USB vendor ID the device side shows, such as \"1209\""))
        let product = try Self.usbID(c.required("product", in: m, expected: "the USB product ID the device side shows, such as \"0d02\""))
        let serial = try c.required("serial", in: m, expected: "the serial number the device side shows, to find it on the bus").name()
        let side: USBGadgetLink.DeviceSide
        switch (m["tty"], m["socket"]) {
        case (let tty?, nil):
            let gadget = try c.required("gadget", in: m, expected: "the configfs gadget directory (e.g. \"/sys/kernel/config/usb_gadget/reader\") whose UDC file is the cable")
            let udc = try c.required("udc", in: m, expected: "the UDC the gadget binds to when plugged, e.g. \"dummy_udc.0\"")
            side = .tty(path: try Self.absolutePath(tty), gadget: try Self.absolutePath(gadget), udc: try udc.name())
        case (nil, let socket?):
            for extra in ["gadget", "udc"] where m[extra] != nil {
                throw m[extra]!.invalid("no \(JSONText.quote(extra)) with \"socket\" (an emulator's socket carries the cable itself)")
            }
            side = .socket(path: try Self.absolutePath(socket))
        case (nil, nil):
            throw c.invalid("one of \"tty\" (a gadget's tty, with \"gadget\" and \"udc\") or \"socket\" (a USB emulator's socket) saying where the device side is served",
                            found: "neither")
        case (_?, let socket?):
            throw socket.invalid("either \"tty\" or \"socket\", not both")
        }
        if let simulator = m["simulator"] { _ = try simulator.object(allowed: Self.anyMember(simulator)) }
        return .usbGadget(USBGadgetLink(vendor: vendor, product: product, serial: serial, deviceSide: side, simulator: m["simulator"]))
    }

    private static func absolutePath(_ c: JSONCursor) throws(RigFileError) -> String {
        let text = try c.string()
        guard text.hasPrefix("/"), text.count > 1, !text.contains("\u{0}") else { throw c.invalid("an absolute path such as \"/dev/ttyGS0\"") }
        return text
    }

    private static func anyMember(_ c: JSONCursor) -> [String] {
        if case .object(let members) = c.value.content { return members.map(\.key) }
        return []
    }

    private static func usbID(_ c: JSONCursor) throws(RigFileError) -> UInt16 {
        let expected = "a 16-bit USB ID as four hex digits, e.g. \"0451\""
        guard case .string(let s) = c.value.content, s.count == 4, let id = UInt16(s, radix: 16) else { throw c.invalid(expected) }
        return id
    }
}
