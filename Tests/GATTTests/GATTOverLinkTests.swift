import ATT
import BLESimulation
import GATT
import RigCore
import Synchronization
import Testing

private let heartRateService = BluetoothUUID(0x180D)
private let measurement = BluetoothUUID(0x2A37)
private let controlPoint = BluetoothUUID(0x2A39)
private let longText = BluetoothUUID("6e400003-b5a3-f393-e0a9-e50e24dcca9e")!
private let secret = BluetoothUUID(0x2A3F)

private func database() -> GATTDatabase {
    GATTDatabase([
        ServiceDefinition(.genericAccess, [CharacteristicDefinition(.deviceName, properties: [.read], value: Array("Test band".utf8))]),
        ServiceDefinition(heartRateService, [
            CharacteristicDefinition(measurement, properties: [.notify]),
            CharacteristicDefinition(controlPoint, properties: [.write, .writeWithoutResponse], value: [0]),
            CharacteristicDefinition(longText, properties: [.read, .write], value: Array(repeating: 0x41, count: 60)),
            CharacteristicDefinition(secret, properties: [.write]),
        ]),
    ])
}

/// A client and a server joined by an in-memory link on a virtual clock.
private struct Pair: Sendable {
    let clock: VirtualClock
    let trace: TraceLog
    let link: InMemoryLink
    let client: GATTClient
    let server: GATTServer
    let writes: Writes
}

private final class Writes: Sendable {
    let list = Mutex<[(BluetoothUUID, [UInt8])]>([])
}

private func withPair<T: Sendable>(
    _ conditions: LinkConditions = LinkConditions(),
    startClient: Bool = true,
    _ body: @escaping @Sendable (Pair) async throws -> T
) async throws -> T {
    let clock = VirtualClock()
    let trace = TraceLog(clock: clock)
    return try await clock.run {
        let link = InMemoryLink(name: "band", conditions: conditions, clock: clock, trace: trace, random: SeededGenerator(seed: 1))
        let writes = Writes()
        let server = GATTServer(database: database(), bearer: link.peripheral, clock: clock, preferredMTU: 185, onWrite: { uuid, value in
            writes.list.withLock { $0.append((uuid, value)) }
            return uuid == controlPoint && value == [0xFF] ? ATTErrorCode(rawValue: 0x80) : nil
        })
        await server.start()
        let client = GATTClient(bearer: link.central, clock: clock)
        if startClient { await client.start() }
        return try await body(Pair(clock: clock, trace: trace, link: link, client: client, server: server, writes: writes))
    }
}

@Suite struct GATTOverLinkTests {
    @Test func discoveryFindsServicesCharacteristicsAndDescriptors() async throws {
        let (services, characteristics, descriptors) = try await withPair { pair in
            let services = try await pair.client.discoverServices()
            let characteristics = try await pair.client.discoverCharacteristics(of: services[1])
            let descriptors = try await pair.client.discoverDescriptors(of: characteristics[0], in: services[1])
            return (services, characteristics, descriptors.map(\.type))
        }
        #expect(services.map(\.uuid) == [.genericAccess, heartRateService])
        #expect(services.map(\.handles) == [1...3, 4...13])
        #expect(characteristics.map(\.uuid) == [measurement, controlPoint, longText, secret])
        #expect(characteristics[0].configurationHandle == characteristics[0].valueHandle + 1)
        #expect(descriptors == [.clientCharacteristicConfiguration])
    }

    @Test func readsTakeTwoLatenciesAndLongValuesUseBlobReads() async throws {
        var conditions = LinkConditions()
        conditions.latency = .milliseconds(20)
        conditions.jitter = .zero
        let (name, roundTrip, long, mtu, trace) = try await withPair(conditions) { pair in
            let services = try await pair.client.discoverServices()
            let gap = try await pair.client.discoverCharacteristics(of: services[0])
            let start = pair.clock.now
            let name = try await pair.client.read(gap[0])
            let roundTrip = pair.clock.now - start
            let hr = try await pair.client.discoverCharacteristics(of: services[1])
            let long = try await pair.client.read(hr[2])
            return (name, roundTrip, long, await pair.client.mtu, pair.trace.all)
        }
        #expect(String(decoding: name, as: UTF8.self) == "Test band")
        #expect(roundTrip == .milliseconds(40), "virtual time: two link latencies")
        #expect(mtu == 23)
        #expect(long == Array(repeating: 0x41, count: 60))
        let blobReads = trace.filter { $0.kind == "att" && $0.fields.contains { $0.0 == "pdu" && $0.1.hasPrefix("0c") } }
        #expect(blobReads.count == 2, "60 bytes at MTU 23: a read of 22, then blobs of 22 and 16")
    }

    @Test func mtuExchangeTakesTheSmallestOfClientServerAndLink() async throws {
        var conditions = LinkConditions()
        conditions.maximumMTU = 100
        let mtus = try await withPair(conditions) { pair in
            let client = try await pair.client.exchangeMTU(247)
            return (client, await pair.server.mtu)
        }
        #expect(mtus == (100, 100))
    }

    @Test func writesWithAndWithoutResponseAndLongPreparedWrites() async throws {
        let (writes, refusal, stored) = try await withPair { pair in
            let services = try await pair.client.discoverServices()
            let hr = try await pair.client.discoverCharacteristics(of: services[1])
            try await pair.client.write(hr[1], [0x01])
            try await pair.client.write(hr[1], [0x02], withResponse: false)
            let text = Array("a value longer than one ATT PDU at the default MTU".utf8)
            try await pair.client.write(hr[2], text)
            var refusal: GATTError?
            do throws(GATTError) { try await pair.client.write(hr[1], [0xFF]) } catch { refusal = error }
            try await pair.clock.sleep(for: .seconds(1))
            return (pair.writes.list.withLock { $0.map { $0.1 } }, refusal, try await pair.client.read(hr[2]))
        }
        #expect(writes.prefix(2) == [[0x01], [0x02]])
        #expect(stored == Array("a value longer than one ATT PDU at the default MTU".utf8))
        #expect(refusal == .attError(request: .writeRequest, handle: 9, code: ATTErrorCode(rawValue: 0x80)))
    }

    @Test func notificationsArriveInOrderOnlyWhenSubscribed() async throws {
        let (before, values, after) = try await withPair { pair in
            let services = try await pair.client.discoverServices()
            let hr = try await pair.client.discoverCharacteristics(of: services[1])
            let before = pair.server.notify(measurement, [0])
            let stream = try await pair.client.subscribe(hr[0])
            for beat in 1...5 { _ = pair.server.notify(measurement, [UInt8(beat)]) }
            var values: [[UInt8]] = []
            for await value in stream {
                values.append(value)
                if values.count == 5 { break }
            }
            try await pair.client.unsubscribe(hr[0])
            return (before, values, await pair.server.isSubscribed(measurement))
        }
        #expect(!before)
        #expect(values == [[1], [2], [3], [4], [5]])
        #expect(!after)
    }

    @Test func notificationLossDropsASeededShareAndTracesIt() async throws {
        var conditions = LinkConditions()
        conditions.notificationLoss = 0.25
        let (received, dropped) = try await withPair(conditions) { pair in
            let services = try await pair.client.discoverServices()
            let hr = try await pair.client.discoverCharacteristics(of: services[1])
            let stream = try await pair.client.subscribe(hr[0])
            for i in 0..<400 { _ = pair.server.notify(measurement, [UInt8(i & 0xFF)]) }
            try await pair.clock.sleep(for: .seconds(1))
            await pair.link.central.disconnect()
            var count = 0
            for await _ in stream { count += 1 }
            return (count, pair.trace.all.filter { $0.kind == "attDropped" }.count)
        }
        #expect(received + dropped == 400)
        #expect((70...130).contains(dropped), "about a quarter lost, got \(dropped)")
    }

    @Test func goingOutOfRangeEndsTheLinkAfterTheSupervisionTimeout() async throws {
        let (error, at) = try await withPair { pair -> (GATTError?, Duration) in
            let services = try await pair.client.discoverServices()
            let gap = try await pair.client.discoverCharacteristics(of: services[0])
            let start = pair.clock.now
            pair.link.goOutOfRange()
            do throws(GATTError) { _ = try await pair.client.read(gap[0]) } catch { return (error, pair.clock.now - start) }
            return (nil, .zero)
        }
        #expect(error == .link(.supervisionTimeout(.seconds(4))))
        #expect(at == .seconds(4))
    }

    @Test func aDisconnectFailsThePendingRequestAndLaterOnes() async throws {
        let errors = try await withPair { pair in
            let services = try await pair.client.discoverServices()
            let gap = try await pair.client.discoverCharacteristics(of: services[0])
            _ = pair.clock.spawn { pair.link.disconnect(.disconnected("peripheral powered off")) }
            var errors: [GATTError] = []
            for _ in 0..<2 {
                do throws(GATTError) { _ = try await pair.client.read(gap[0]) } catch { errors.append(error) }
            }
            return errors
        }
        #expect(errors == [.link(.disconnected("peripheral powered off")), .link(.disconnected("peripheral powered off"))])
    }

    @Test func aSilentServerTimesOutAfterThirtySeconds() async throws {
        let clock = VirtualClock()
        let trace = TraceLog(clock: clock)
        let (error, at) = try await clock.run { () async throws -> (GATTError?, Duration) in
            let link = InMemoryLink(name: "mute", conditions: LinkConditions(), clock: clock, trace: trace, random: SeededGenerator(seed: 2))
            let client = GATTClient(bearer: link.central, clock: clock)
            await client.start()
            do throws(GATTError) { _ = try await client.read(handle: 3) } catch { return (error, clock.now.offset) }
            return (nil, .zero)
        }
        #expect(error == .timeout(request: .readRequest))
        #expect(at == .seconds(30))
    }

    @Test(arguments: [
        ([UInt8](), [UInt8]?.none),
        ([0x3E, 0x01], [0x01, 0x3E, 0x00, 0x00, 0x06]),
        ([0x7E, 0x01], [UInt8]?.none),
        ([0x0A, 0x01], [0x01, 0x0A, 0x00, 0x00, 0x04]),
        ([0x0A, 0x63, 0x00], [0x01, 0x0A, 0x63, 0x00, 0x01]),
        ([0x0A, 0x06, 0x00], [0x01, 0x0A, 0x06, 0x00, 0x02]),
        ([0x12, 0x06, 0x00, 0x01], [0x01, 0x12, 0x06, 0x00, 0x03]),
        ([0x10, 0x01, 0x00, 0xFF, 0xFF, 0x03, 0x28], [0x01, 0x10, 0x01, 0x00, 0x10]),
        ([0x04, 0x05, 0x00, 0x01, 0x00], [0x01, 0x04, 0x05, 0x00, 0x01]),
        ([0x52, 0x63, 0x00, 0x01], [UInt8]?.none),
        ([0xD2, 0x01], [UInt8]?.none),
    ])
    func badPDUsGetErrorResponsesOrAreDropped(_ request: [UInt8], _ expected: [UInt8]?) async throws {
        let answer = try await withPair(startClient: false) { pair -> [UInt8]? in
            let rawEnd = pair.link.central
            try rawEnd.send(request)
            var iterator = rawEnd.incoming.makeAsyncIterator()
            let timeout = pair.clock.spawn { try? await pair.clock.sleep(for: .seconds(1)); pair.link.disconnect(.disconnected("test over")) }
            let reply = await iterator.next()
            timeout.cancel()
            return reply
        }
        #expect(answer == expected)
    }
}
