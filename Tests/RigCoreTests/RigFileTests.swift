import Foundation
import RigCore
import Testing

@Suite struct RigFileTests {
    /// Writes `text` to a fresh file named `name` and loads it; returns the error text.
    private func loadError(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rigs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try RigFile.load(path: path)
            return "loaded"
        } catch {
            return "\(error)".replacingOccurrences(of: directory.path + "/", with: "")
        }
    }

    @Test func theBuiltInRigEqualsRigsSimulatedJSON() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("rigs/simulated.json"), encoding: .utf8)
        #expect(text == RigFile.builtinSimulatedText)
        let rig = RigFile.builtinSimulated()
        #expect(rig.name == "simulated")
        #expect(rig.clock == .virtual)
        #expect(rig.devices.map(\.role) == ["scanner", "wristband", "wristband-2", "wristband-3", "reader", "reader-2", "camera", "camera-basic", "aimer", "scio", "scio-usb"])
        #expect(rig.device(role: "scio-usb")?.kind.rawValue == "scio")
        #expect(rig.device(role: "scanner")?.kind.rawValue == "roomio")
    }

    @Test func everyBundledRigFileLoads() throws {
        let rigs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("rigs")
        let files = try FileManager.default.contentsOfDirectory(atPath: rigs.path).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for file in files {
            #expect(throws: Never.self) { try RigFile.load(path: rigs.appendingPathComponent(file).path) }
        }
    }

    @Test func aFullRigFileReadsEveryMember() throws {
        let rig = try RigFile.parse(Array("""
        { "name": "bench-3", "clock": "wall", "seed": 18446744073709551615,
          "host": { "batteryPercent": 42.5, "charging": true, "lowPowerMode": true, "freeStorageMB": 150,
                    "cameraPermission": "notDetermined", "permissionPromptAnswer": "denied", "appState": "background" },
          "devices": [
            { "role": "wristband", "kind": "e4", "ble": { "adapter": "hci1", "address": "aa:bb:cc:dd:ee:ff", "addressType": "random" } },
            { "role": "reader", "kind": "mx-1502", "usb": { "vendor": "0451", "product": "16aa", "serial": "X1" } },
            { "role": "scanner", "kind": "roomio", "simulated": {} }
          ] }
        """.utf8), source: "bench.json")
        #expect(rig.seed == UInt64.max)
        #expect(rig.host.batteryPercent == 42.5 && rig.host.isCharging && rig.host.lowPowerMode)
        #expect(rig.host.freeStorageMB == 150 && rig.host.cameraPermission == .notDetermined)
        #expect(rig.host.permissionPromptAnswer == .denied && rig.host.appState == .background)
        guard case .ble(let adapter, let address, let type) = rig.devices[0].link else { Issue.record("not ble"); return }
        #expect(adapter == "hci1" && address == "AA:BB:CC:DD:EE:FF" && type == .random)
        guard case .usb(let vendor, let product, let serial) = rig.devices[1].link else { Issue.record("not usb"); return }
        #expect(vendor == 0x0451 && product == 0x16AA && serial == "X1")
    }

    static let malformed: [(name: String, text: String, message: String)] = [
        ("empty.json", "  \n", "empty.json:1:1: not valid JSON: the file is empty; a rig file is a JSON object"),
        ("trailing-comma.json", "{\n  \"name\": \"x\",\n}", "trailing-comma.json:3:1: not valid JSON: expected a member name in double quotes, found '}'"),
        ("truncated.json", "{\"name\": \"x\", \"devices\": [", "truncated.json:1:27: not valid JSON: expected a value, found end of file"),
        ("not-object.json", "[1, 2]", "not-object.json:1:1: $: expected an object, found an array […2 items]"),
        ("no-name.json", "{\"clock\": \"virtual\"}", "no-name.json:1:1: $.name: expected the rig's name as a string, found nothing (the member is missing)"),
        ("bad-clock.json", "{\"name\": \"x\", \"clock\": \"fast\"}", "bad-clock.json:1:24: $.clock: expected one of \"virtual\", \"wall\", found a string \"fast\""),
        ("negative-seed.json", "{\"name\": \"x\", \"seed\": -1}", "negative-seed.json:1:23: $.seed: expected an integer from 0 to 18446744073709551615, found a number -1"),
        ("battery-range.json", "{\"name\": \"x\", \"host\": {\"batteryPercent\": 101}}", "battery-range.json:1:42: $.host.batteryPercent: expected a number from 0 to 100 percent, found a number 101"),
        ("typo.json", "{\"name\": \"x\", \"host\": {\"lowPowerMod\": true}}", "typo.json:1:39: $.host.lowPowerMod: unknown member; allowed here: batteryPercent, charging, lowPowerMode, freeStorageMB, cameraPermission, permissionPromptAnswer, appState, bluetooth"),
        ("duplicate-role.json", "{\"name\": \"x\", \"devices\": [{\"role\": \"s\", \"kind\": \"roomio\", \"simulated\": {}}, {\"role\": \"s\", \"kind\": \"roomio\", \"simulated\": {}}]}",
         "duplicate-role.json:1:77: $.devices[1]: expected a role not used before (\"s\" is already $.devices[0]), found \"s\""),
        ("no-link.json", "{\"name\": \"x\", \"devices\": [{\"role\": \"s\", \"kind\": \"roomio\"}]}",
         "no-link.json:1:27: $.devices[0]: expected exactly one of \"simulated\", \"ble\", \"ble-peripheral\", \"usb\", \"usb-gadget\" saying how the device is reached, found none"),
        ("real-on-virtual.json", "{\"name\": \"x\", \"devices\": [{\"role\": \"w\", \"kind\": \"e4\", \"ble\": {\"address\": \"00:11:22:33:44:55\"}}]}",
         "real-on-virtual.json:1:27: $.devices[0]: expected a simulated device, since the rig's clock is virtual (use \"clock\": \"wall\" for real devices), found a ble device"),
        ("bad-address.json", "{\"name\": \"x\", \"clock\": \"wall\", \"devices\": [{\"role\": \"w\", \"kind\": \"e4\", \"ble\": {\"address\": \"00:11:22\"}}]}",
         "bad-address.json:1:91: $.devices[0].ble.address: expected a Bluetooth address like \"AA:BB:CC:DD:EE:FF\", found a string \"00:11:22\""),
        ("bad-usb-id.json", "{\"name\": \"x\", \"clock\": \"wall\", \"devices\": [{\"role\": \"r\", \"kind\": \"mx-1000\", \"usb\": {\"vendor\": 1105, \"product\": \"16aa\"}}]}",
         "bad-usb-id.json:1:95: $.devices[0].usb.vendor: expected a 16-bit USB ID as four hex digits, e.g. \"0451\", found a number 1105"),
        ("self-central.json", "{\"name\": \"x\", \"clock\": \"wall\", \"devices\": [{\"role\": \"w\", \"kind\": \"e4\", \"ble-peripheral\": {\"adapter\": \"hci0\", \"central\": \"hci0\"}}]}",
         "self-central.json:1:121: $.devices[0].ble-peripheral.central: expected an adapter other than the peripheral's own (\"hci0\"): a controller cannot connect to itself, found a string \"hci0\""),
        ("shared-adapter.json", "{\"name\": \"x\", \"clock\": \"wall\", \"devices\": [{\"role\": \"w\", \"kind\": \"e4\", \"ble-peripheral\": {\"adapter\": \"hci1\"}}, {\"role\": \"v\", \"kind\": \"scio\", \"ble-peripheral\": {\"adapter\": \"hci1\"}}]}",
         "shared-adapter.json:1:112: $.devices[1]: expected an adapter of its own: one simulator advertises per adapter (\"hci1\" already carries $.devices[0]), found \"hci1\""),
        ("duplicate-key.json", "{\"name\": \"x\",\n \"name\": \"y\"}", "duplicate-key.json:2:2: not valid JSON: duplicate member \"name\""),
        ("bad-escape.json", "{\"name\": \"a\\qb\"}", "bad-escape.json:1:12: not valid JSON: invalid escape '\\q' in string"),
        ("leading-zero.json", "{\"name\": \"x\", \"seed\": 012}", "leading-zero.json:1:23: not valid JSON: numbers may not have leading zeros"),
        ("empty-role.json", "{\"name\": \"x\", \"devices\": [{\"role\": \" \", \"kind\": \"roomio\", \"simulated\": {}}]}",
         "empty-role.json:1:36: $.devices[0].role: expected a non-empty name without surrounding spaces, found a string \" \""),
    ]

    @Test(arguments: malformed.indices)
    func malformedRigFilesNameTheFileThePlaceAndWhatWasExpected(_ index: Int) throws {
        let (name, text, message) = Self.malformed[index]
        #expect(try loadError(name, text) == message)
    }

    @Test func unreadableFilesSayWhy() throws {
        #expect(throws: RigFileError.unreadable(file: "/nonexistent/rig.json", reason: "no such file")) {
            try RigFile.load(path: "/nonexistent/rig.json")
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: RigFileError.unreadable(file: directory, reason: "it is a directory")) { try RigFile.load(path: directory) }
    }

    @Test func binaryGarbageIsASyntaxErrorNotACrash() throws {
        var generator = SeededGenerator(seed: 1)
        for length in [1, 7, 64, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: RigFileError.self) { try RigFile.parse(bytes, source: "garbage") }
        }
        let deep = Array(String(repeating: "[", count: 10_000).utf8)
        #expect(throws: RigFileError.syntax(file: "deep", line: 1, column: 257, message: "nesting deeper than 256 levels")) {
            try RigFile.parse(deep, source: "deep")
        }
    }

    @Test func unicodeEscapesAndSurrogatesDecode() throws {
        let value = try JSONParser.parse(Array(#"{"k": "\u00e9\ud83d\ude00 ok"}"#.utf8))
        guard case .object(let members) = value.content, case .string(let s) = members[0].value.content else {
            Issue.record("not an object")
            return
        }
        #expect(s == "é😀 ok")
    }
}

@Suite struct RigFileNameTests {
    func error(_ text: String) -> String {
        do { _ = try RigFile.parse(Array(text.utf8), source: "n.json"); return "accepted" } catch { return "\(error)" }
    }

    @Test func namesWithEscapesOrOfMegabytesAreRefusedAndNotEchoedWhole() {
        let escape = error(#"{"name": "rig\u001b[2Jcleared"}"#)
        #expect(escape.contains("$.name: expected a name without control characters"), "\(escape)")
        let huge = error(#"{"name": ""# + String(repeating: "x", count: 5_000_000) + #""}"#)
        #expect(huge.contains("a string of 5000000 characters"))
        #expect(huge.count < 400, "the message quotes at most an excerpt")
    }

    @Test func adapterNamesArePlainHciNames() {
        let text = #"{"name": "x", "clock": "wall", "devices": [{"role": "w", "kind": "e4", "ble": {"adapter": "../../etc", "address": "00:11:22:33:44:55"}}]}"#
        #expect(error(text).contains("$.devices[0].ble.adapter: expected a Bluetooth adapter name such as \"hci0\""), "\(error(text))")
        let peripheral = #"{"name": "x", "clock": "wall", "devices": [{"role": "w", "kind": "e4", "ble-peripheral": {"adapter": "hci1", "central": "hci2/../x"}}]}"#
        #expect(error(peripheral).contains("central: expected a Bluetooth adapter name"))
    }
}
