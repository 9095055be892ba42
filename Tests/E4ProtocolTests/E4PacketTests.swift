import E4Protocol
import Testing

@Suite struct E4PacketTests {
    @Test func gsrIsSixBigEndian24BitSamplesAndAnIndex() throws {
        let packet = GSRPacket(firstIndex: 0x0102, raw: [500_000, 1, 0xFFFFFF, 250_000, 333_333, 2_000_000])
        let bytes = packet.encode()
        #expect(bytes.count == 20)
        #expect(Array(bytes[0..<3]) == [0x07, 0xA1, 0x20])
        #expect(Array(bytes[18...]) == [0x02, 0x01])
        let decoded = try GSRPacket.decode(bytes)
        #expect(decoded == packet)
        #expect(decoded.microsiemens[0] == 2.0)
        #expect(GSRPacket(firstIndex: 0, microsiemens: [4.0]).raw == [250_000])
    }

    @Test func temperatureIsRawTimesTwoHundredthsMinus276() throws {
        let packet = TemperaturePacket(firstIndex: 7, celsius: [32.0, 32.02, 31.5, 33.1])
        #expect(packet.raw == [15400, 15401, 15375, 15455])
        let decoded = try TemperaturePacket.decode(packet.encode())
        #expect(decoded == packet)
        #expect(abs(decoded.celsius[1] - 32.02) < 1e-9)
    }

    @Test func accelerationIsSignedSixtyFourthsOfG() throws {
        let samples = (0..<6).map { AccelerationSample(gx: Double($0) * 0.5 - 1, gy: 0, gz: 1) }
        let packet = AccelerationPacket(firstIndex: 65535, samples: samples)
        #expect(samples[0] == AccelerationSample(x: -64, y: 0, z: 64))
        #expect(AccelerationSample(gx: 3, gy: -3, gz: 0) == AccelerationSample(x: 127, y: -127, z: 0), "clamped to ±2 g")
        #expect(try AccelerationPacket.decode(packet.encode()) == packet)
    }

    @Test func bvpPacksSevenBitDeltasAndSplitsWhenOneDoesNotFit() throws {
        let raw: [Int32] = [-1000, -990, -930, -994, -1057, -1057, -1000, -940, -900, -850, -800, -750, -700, -690, -680, -670]
        #expect(BVPPacket.fitting(raw[...]) == 16)
        let packet = BVPPacket(firstIndex: 300, raw: raw)
        let decoded = try BVPPacket.decode(packet.encode())
        #expect(decoded == packet)
        #expect(decoded.values.first == -500)
        #expect(BVPPacket.fitting([0, 63, 126, 300, 301][...]) == 3, "the jump of 174 starts a new packet")
        #expect(BVPPacket.fitting([0, -64, -129][...]) == 2)
    }

    @Test func ibiTagBatteryAndCommands() throws {
        let ibi = IBIPacket(beatTick: 64 * 3600, intervalTicks: 54)
        #expect(try IBIPacket.decode(ibi.encode()) == ibi)
        #expect(ibi.interval == 54.0 / 64)
        #expect(try TagPacket.decode(TagPacket(tick: 0xDEADBEEF).encode()) == TagPacket(tick: 0xDEADBEEF))
        #expect(try BatteryPacket.decode([87]).level == 0.87)
        let start = E4Command.startStreaming(unixTime: 1_767_225_600)
        #expect(start.encode() == [0x01, 0x00, 0xB9, 0x55, 0x69])
        #expect(try E4Command.decode(start.encode()) == start)
        #expect(try E4Command.decode([0x02]) == .stopStreaming)
    }

    @Test(arguments: [
        ("GSR", [UInt8](repeating: 1, count: 19), "GSR packet of 19 bytes, expected 20"),
        ("GSR", [UInt8](repeating: 0, count: 20), "GSR packet: sample 0 0 is out of range"),
        ("temperature", [1, 2, 3], "temperature packet of 3 bytes, expected 10"),
        ("acceleration", [], "acceleration packet of 0 bytes, expected 20"),
        ("BVP", [0, 0, 17] + [UInt8](repeating: 0, count: 17), "BVP packet: sample count 17 is out of range"),
        ("BVP", [0, 0, 0] + [UInt8](repeating: 0, count: 17), "BVP packet: sample count 0 is out of range"),
        ("IBI", [1, 0, 0, 0, 0, 0], "IBI packet: interval 0 is out of range"),
        ("tag", [1, 2, 3, 4, 5], "tag packet of 5 bytes, expected 4"),
        ("battery", [101], "battery packet: percent 101 is out of range"),
        ("command", [0x09], "unknown E4 command 0x9"),
        ("command", [0x01, 1, 2], "start command packet of 3 bytes, expected 5"),
    ])
    func malformedPacketsAreNamedErrors(_ kind: String, _ bytes: [UInt8], _ message: String) {
        do {
            switch kind {
            case "GSR": _ = try GSRPacket.decode(bytes)
            case "temperature": _ = try TemperaturePacket.decode(bytes)
            case "acceleration": _ = try AccelerationPacket.decode(bytes)
            case "BVP": _ = try BVPPacket.decode(bytes)
            case "IBI": _ = try IBIPacket.decode(bytes)
            case "tag": _ = try TagPacket.decode(bytes)
            case "battery": _ = try BatteryPacket.decode(bytes)
            default: _ = try E4Command.decode(bytes)
            }
            Issue.record("decoded without error")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func randomBytesNeverTrapAnyDecoder() {
        var state: UInt64 = 42
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let bytes = (0..<Int(state >> 59)).map { UInt8(truncatingIfNeeded: state >> UInt64($0 % 8 * 8)) }
            _ = try? GSRPacket.decode(bytes); _ = try? TemperaturePacket.decode(bytes); _ = try? AccelerationPacket.decode(bytes)
            _ = try? BVPPacket.decode(bytes); _ = try? IBIPacket.decode(bytes); _ = try? E4Command.decode(bytes)
        }
        var padded = [UInt8](repeating: 0xFF, count: 20)
        padded[2] = 16
        #expect((try? BVPPacket.decode(padded))?.raw.count == 16)
    }

    @Test func indexesUnwrapAcrossTheSixteenBitBoundary() {
        var unwrapper = SampleIndexUnwrapper()
        #expect([65500, 65530, 10, 40, 30].map { unwrapper.absolute($0) } == [65500, 65530, 65546, 65576, 65566])
    }
}
