import ATT
import BLESimulation
import Foundation
import GATT
import RigCore
import Testing

@Suite struct CaptureTests {
    /// Runs discovery, a read and notifications over an in-memory link and returns the trace.
    private func traffic() async throws -> [TraceEvent] {
        let clock = VirtualClock()
        let trace = TraceLog(clock: clock)
        try await clock.run {
            let link = InMemoryLink(name: "band", conditions: LinkConditions(), clock: clock, trace: trace, random: SeededGenerator(seed: 3))
            let database = GATTDatabase([ServiceDefinition(BluetoothUUID(0x3EA0), [
                CharacteristicDefinition(BluetoothUUID(0x3EA8), properties: [.notify, .read], value: [1, 2, 3]),
            ])])
            let server = GATTServer(database: database, bearer: link.peripheral, clock: clock)
            await server.start()
            let client = GATTClient(bearer: link.central, clock: clock)
            await client.start()
            try await client.exchangeMTU(185)
            let service = try await client.discoverServices()[0]
            let gsr = try await client.discoverCharacteristics(of: service)[0]
            _ = try await client.read(gsr)
            _ = try await client.subscribe(gsr)
            _ = server.notify(BluetoothUUID(0x3EA8), Array(0..<20))
            try await clock.sleep(for: .seconds(1))
        }
        return trace.all
    }

    @Test func everyPDUIsTracedWithItsBytes() async throws {
        let events = try await traffic()
        let att = events.filter { $0.kind == "att" }
        #expect(att.first?.fields.first { $0.0 == "pdu" }?.1 == "02b900")
        #expect(att.contains { $0.fields.contains { $0 == ("pdu", "1b0300" + Hex.encode(Array(0..<20))) } })
        #expect(CaptureExport.links(in: events) == ["band"])
    }

    @Test func tsharkDecodesTheCaptureAsATT() async throws {
        let tshark = ["/usr/bin/tshark", "/usr/local/bin/tshark"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let tshark else {
            print("tshark is not installed; install it (Debian package tshark) to run this check")
            return
        }
        let events = try await traffic()
        let capture = CaptureExport.btsnoop(events, link: "band", unixStart: 1_767_225_600)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rigkit-\(UUID().uuidString).btsnoop").path
        try Data(capture).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tshark)
        process.arguments = ["-r", path, "-T", "fields", "-e", "btatt.opcode", "-e", "btatt.handle", "-e", "btatt.value"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == events.filter { $0.kind == "att" }.count)
        #expect(lines.first?.hasPrefix("0x02") == true, "first PDU is an MTU exchange request: \(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("0x1b\t0x0003\t000102030405") }, "the notification with its handle and value:\n\(output)")
    }
}
