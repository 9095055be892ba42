import BarcodeDecoder
import CognexCore
import CognexReader
import CognexSimulator
import DMCC
import Foundation
import RigCore
import RigHost
import Testing
import USBLink
import USBSimulation

/// An MX-1502 simulator plugged into a bus on `clock`, and the reader facade watching for it.
private func makeMX(clock: any RigClock) async -> (SimulatedUSBBus, MXReaderSimulator, MXReader) {
    let trace = TraceLog(clock: clock)
    let bus = SimulatedUSBBus(clock: clock, trace: trace)
    let simulator = MXReaderSimulator(role: "mx", model: "MX-1502", serialNumber: "S1", vendorID: 0x1209, productID: 0x0D02,
                                      batteryPercent: 80, clock: clock, trace: trace, seed: 1)
    await bus.plug(simulator, role: "mx")
    let reader = MXReader(name: "mx reader", host: bus, match: USBDeviceMatch(vendorID: 0x1209, productID: 0x0D02), clock: clock, trace: trace)
    await reader.watchAvailability()
    return (bus, simulator, reader)
}

/// `makeMX` on a virtual clock, running `body` on it.
private func withMX<T: Sendable>(_ body: @escaping @Sendable (VirtualClock, SimulatedUSBBus, MXReaderSimulator, MXReader) async throws -> T) async throws -> T {
    let clock = VirtualClock()
    return try await clock.run {
        let (bus, simulator, reader) = await makeMX(clock: clock)
        let result = try await body(clock, bus, simulator, reader)
        await simulator.shutDown()
        return result
    }
}

@Suite struct MXOverUSBTests {
    @Test func commandsGetTheirAnswersByIdAndErrorsTheirStatus() async throws {
        let answers = try await withMX { _, _, _, reader -> [ReaderResponse] in
            try await reader.connect()
            return [await reader.send("GET DEVICE.TYPE"), await reader.send("SET DECODER.EFFORT 9"), await reader.send("BOGUS"),
                    await reader.send("SET DECODER.EFFORT 3"), await reader.send("GET DECODER.EFFORT")]
        }
        #expect(answers.map(\.status) == [.noError, .invalidParameter, .invalidCommand, .noError, .noError])
        #expect(answers[0].payload == "MX-1502")
        #expect(answers[4].payload == "3")
    }

    @Test func theTriggerDecodesTheSceneWithTheEnabledSymbologies() async throws {
        let (read, missed, scanLength) = try await withMX { clock, _, simulator, reader -> ([ReadResult], [ReadResult], Duration) in
            try await reader.connect()
            var results = reader.results.makeAsyncIterator()
            await simulator.setScene(ReaderScene([.init(.code128, "RIG-128-OK", size: 0.4)]))
            try await reader.startScanning()
            let read = await results.next() ?? []
            try await reader.setSymbology(.c128, enabled: false)
            _ = await reader.send("SET DECODER.MAX-SCAN-TIMEOUT 1")
            let start = clock.now
            try await reader.startScanning()
            let missed = await results.next() ?? []
            return (read, missed, clock.now - start)
        }
        #expect(read.first?.readString == "RIG-128-OK")
        #expect(read.first?.symbology == .c128)
        #expect(missed == [.noRead])
        // In simulated time the time-out is a deadline to the tick: no earlier, and not a frame later.
        #expect(scanLength >= .seconds(1) && scanLength < .milliseconds(1100), "the no-read of a 1 s scan came after \(scanLength)")
    }

    @Test func silentModeSendsBareReadStringsAndNoAnswers() async throws {
        let clock = VirtualClock()
        let trace = TraceLog(clock: clock)
        let text = try await clock.run { () async throws -> String in
            let bus = SimulatedUSBBus(clock: clock, trace: trace)
            let simulator = MXReaderSimulator(role: "mx", model: "MX-1000", serialNumber: "S2", vendorID: 0x1209, productID: 0x0D01,
                                              batteryPercent: 80, clock: clock, trace: trace, seed: 2)
            await bus.plug(simulator, role: "mx")
            await simulator.setScene(ReaderScene([.init(.qr, "SILENT", size: 0.3)]))
            let handle = try await bus.open(USBDeviceMatch(vendorID: 0x1209, productID: 0x0D01))
            try await handle.claimInterface(0)
            _ = try await handle.bulkOut(endpoint: 0x02, try DMCCCommand("GET DEVICE.TYPE", commandID: 5).encode(), timeout: .seconds(1))
            _ = try await handle.bulkOut(endpoint: 0x02, try DMCCCommand("TRIGGER ON").encode(), timeout: .seconds(1))
            let bytes = try await handle.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .seconds(5))
            await simulator.shutDown()
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(text == "SILENT\r\n")
    }

    @Test func aBadChecksumGetsStatus103() async throws {
        let status = try await withMX { _, bus, _, reader -> DMCCResponse? in
            try await reader.connect()
            await reader.disconnect()
            let handle = try await bus.open(USBDeviceMatch(vendorID: 0x1209, productID: 0x0D02))
            try await handle.claimInterface(0)
            var bytes = try DMCCCommand("GET DEVICE.TYPE", commandID: 9, checksum: true).encode()
            bytes[bytes.count - 3] ^= 0xFF
            _ = try await handle.bulkOut(endpoint: 0x02, bytes, timeout: .seconds(1))
            let answer = try await handle.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .seconds(1))
            return try? DMCCResponse.decode(answer)
        }
        #expect(status?.status == .badChecksum)
    }

    /// On the wall clock `DECODER.MAX-SCAN-TIMEOUT` is a deadline: the no-read comes while frames are still being decoded,
    /// and the reader answers commands meanwhile. A dense QR with QR off decodes to nothing, slowly (about 0.5 s a frame
    /// here, 15-20 s in the QEMU guest). Only outcomes are checked here: how late the no-read comes depends on this
    /// machine's load, so the deadline's timing is checked in simulated time (`theTriggerDecodesTheSceneWithTheEnabledSymbologies`:
    /// the no-read at the 1 s tick) and measured in the QEMU lane's scan time-out scenario (3.02 s for 3 s there).
    @Test func theScanTimeOutIsADeadlineWhateverADecodeCosts() async throws {
        let clock = WallClock()
        let (_, simulator, reader) = await makeMX(clock: clock)
        try await reader.connect()
        var results = reader.results.makeAsyncIterator()
        await simulator.setScene(ReaderScene([.init(.qr, String(repeating: "RIGKIT-DEADLINE-", count: 10), size: 0.7)]))
        try await reader.setSymbology(.qr, enabled: false)
        #expect(await reader.send("SET DECODER.MAX-SCAN-TIMEOUT 1").status == .noError)
        try await reader.startScanning()
        let answer = await reader.send("GET DEVICE.TYPE")   // while the first frame decodes
        let outcome = await results.next()
        #expect(answer.payload == "MX-1502")
        #expect(outcome == [.noRead])
        await reader.disconnect()
        await simulator.shutDown()
    }
}

@Suite struct SceneCameraTests {
    @Test func onlyEnabledSymbologiesAreFoundAndOutcomesAreCached() {
        var camera = SceneCamera(seed: 3)
        let scene = ReaderScene([.init(.qr, "A", x: 0.3, size: 0.2), .init(.ean8, "96385074", x: 0.7, size: 0.3)])
        let both = camera.decode(scene, SceneCamera.Settings(symbologies: [.qr, .ean8])).symbols.map(\.text).sorted()
        let qrOnly = camera.decode(scene, SceneCamera.Settings(symbologies: [.qr])).symbols.map(\.text)
        let none = camera.decode(scene, SceneCamera.Settings(symbologies: [])).symbols
        #expect(both == ["96385074", "A"])
        #expect(qrOnly == ["A"])
        #expect(none.isEmpty)
    }

    @Test func readResultsCarryBase64XMLAndParseBack() throws {
        let symbol = DecodedSymbol(symbology: .code39, text: "A<B>&C", bytes: Array("A<B>&C".utf8), corners: [Point(1, 2), Point(3, 4)])
        let result = ReadResult(symbol, outline: true, image: nil)
        #expect(result.xml.contains("<full_string encoding=\"base64\">QTxCPiZD</full_string>"))
        #expect(result.xml.contains("<string>A&lt;B&gt;&amp;C</string>"))
        let parsed = try #require(ReadResult.parse(xml: result.xml))
        #expect(parsed.readString == "A<B>&C" && parsed.bytes == symbol.bytes && parsed.symbology == .c39)
        #expect(ReadResult.parse(xml: "<nonsense/>") == nil)
    }

    @Test func anObfuscatedReadStringReplacesTheBytesAndTheXMLToo() throws {
        let symbol = DecodedSymbol(symbology: .qr, text: "SECRET", bytes: Array("SECRET".utf8), corners: [])
        let result = ReadResult(symbol, readString: "S*CR*T", outline: false, image: nil)
        #expect(result.bytes == Array("S*CR*T".utf8))
        #expect(result.xml.contains("<string>S*CR*T</string>"))
        #expect(result.xml.contains("<full_string encoding=\"base64\">\(Data("S*CR*T".utf8).base64EncodedString())</full_string>"))
        #expect(try #require(ReadResult.parse(xml: result.xml)).bytes == Array("S*CR*T".utf8))
    }

    @Test func aSceneSourceKeysFramesBySceneAndCameraSettings() {
        let source = SceneFrameSource(ReaderScene([.init(.qr, "A")]), seed: 3)
        let settings = SceneCamera.Settings(symbologies: [.qr])
        var zoomed = settings
        zoomed.zoomPercent = 200
        #expect(source.frame(0, settings)?.key == source.frame(7, settings)?.key, "a still scene gives the same frame")
        #expect(source.frame(0, settings)?.key != source.frame(0, zoomed)?.key, "zoom changes the frame")
        #expect(source.frame(0, settings)?.image.width == 1280)
    }

    @Test func aSceneSourceRendersAStillSceneOnceAndNewSettingsAfresh() {
        var source = SceneFrameSource(ReaderScene([.init(.qr, "A")]), seed: 3)
        let camera = SceneCamera(seed: 3)
        let settings = SceneCamera.Settings(symbologies: [.qr])
        var zoomed = settings
        zoomed.zoomPercent = 200
        // The source keeps its last frame: each answer must still be the render of the scene under the asked settings.
        for asked in [settings, settings, zoomed, settings] {
            #expect(source.frame(0, asked)?.image == camera.frame(source.scene, asked))
        }
        source.scene = ReaderScene([.init(.qr, "B")])
        #expect(source.frame(0, settings)?.image == camera.frame(ReaderScene([.init(.qr, "B")]), settings), "a new scene, a new frame")
    }
}

@Suite struct MXSimulationTests {
    @Test func theTriggerModeComesFromTheRigFile() throws {
        let rig = try RigFile.parse(Array(#"{"name":"t","devices":[{"role":"r","kind":"mx-1000","simulated":{"triggerMode":"armed"}},{"role":"s","kind":"mx-1502","simulated":{}}]}"#.utf8), source: "t")
        #expect(try MXSimulation.from(rig.devices[0]).triggerMode == .armed)
        #expect(try MXSimulation.from(rig.devices[1]).triggerMode == .software)
        let bad = try RigFile.parse(Array(#"{"name":"t","devices":[{"role":"r","kind":"mx-1000","simulated":{"triggerMode":"held"}}]}"#.utf8), source: "t")
        #expect(throws: RigFileError.self) { try MXSimulation.from(bad.devices[0]) }
    }
}
