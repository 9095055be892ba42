import RigKit
import RigKitBLE

/// The app's view of a chest strap: connect, stream Heart Rate Measurements, read where it sits and its battery,
/// reset Energy Expended through the control point.
public actor HeartRateStrap {
    public let role: String
    public let address: String
    private let central: any BLECentral
    private let clock: any RigClock
    private let trace: TraceLog
    private var client: GATTClient?
    private var characteristics: [BluetoothUUID: GATTCharacteristic] = [:]

    public init(role: String, address: String, central: any BLECentral, clock: any RigClock, trace: TraceLog) {
        self.role = role
        self.address = address
        self.central = central
        self.clock = clock
        self.trace = trace
    }

    public var isConnected: Bool { client != nil }

    /// Connects and discovers the Heart Rate and Battery services.
    public func connect() async throws(HeartRateStrapError) {
        if client != nil { return }
        do {
            let bearer = try await central.openBearer(to: address, name: "\(role) link")
            let client = GATTClient(bearer: bearer, clock: clock)
            await client.start()
            _ = try await client.exchangeMTU()
            var found: [BluetoothUUID: GATTCharacteristic] = [:]
            for service in try await client.discoverServices()
            where service.uuid == HeartRateProfile.service || service.uuid == HeartRateProfile.batteryService {
                for characteristic in try await client.discoverCharacteristics(of: service) { found[characteristic.uuid] = characteristic }
            }
            guard found[HeartRateProfile.measurement] != nil else {
                await client.disconnect()
                throw HeartRateStrapError.noHeartRateService(address: address)
            }
            self.client = client
            characteristics = found
            trace.record(role, "strapConnected", [("address", address)])
        } catch let error as HeartRateStrapError {
            throw error
        } catch let error as LinkError {
            throw .link(error)
        } catch let error as GATTError {
            throw .gatt(error)
        } catch {
            throw .link(.disconnected("\(error)"))
        }
    }

    /// Subscribes to Heart Rate Measurements; a value that does not decode is traced and skipped.
    public func measurements() async throws(HeartRateStrapError) -> AsyncStream<HeartRateMeasurement> {
        let (client, characteristic) = try connected(HeartRateProfile.measurement)
        let raw: AsyncStream<[UInt8]>
        do { raw = try await client.subscribe(characteristic) } catch { throw .gatt(error) }
        let (stream, continuation) = AsyncStream.makeStream(of: HeartRateMeasurement.self, bufferingPolicy: .bufferingNewest(256))
        let role = role, trace = trace
        let reader = clock.spawn {
            for await bytes in raw {
                do { continuation.yield(try HeartRateMeasurement.decode(bytes)) } catch {
                    trace.record(role, "badMeasurement", [("error", "\(error)")])
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in reader.cancel() }
        return stream
    }

    /// Where the strap sits.
    public func bodySensorLocation() async throws(HeartRateStrapError) -> BodySensorLocation {
        let value = try await read(HeartRateProfile.bodySensorLocation)
        guard value.count == 1, let location = BodySensorLocation(rawValue: value[0]) else { throw .malformed(HeartRateProfile.bodySensorLocation, value) }
        return location
    }

    /// The battery level in percent.
    public func batteryLevel() async throws(HeartRateStrapError) -> Int {
        let value = try await read(HeartRateProfile.batteryLevel)
        guard value.count == 1, value[0] <= 100 else { throw .malformed(HeartRateProfile.batteryLevel, value) }
        return Int(value[0])
    }

    /// Resets Energy Expended to zero (Heart Rate Control Point, value 0x01).
    public func resetEnergyExpended() async throws(HeartRateStrapError) {
        try await writeControlPoint([HeartRateProfile.resetEnergyExpended])
    }

    /// Writes `value` to the control point; a strap refuses anything but 0x01 with ATT error 0x80.
    public func writeControlPoint(_ value: [UInt8]) async throws(HeartRateStrapError) {
        let (client, characteristic) = try connected(HeartRateProfile.controlPoint)
        do { try await client.write(characteristic, value) } catch { throw .gatt(error) }
    }

    public func disconnect() async {
        await client?.disconnect()
        client = nil
    }

    private func read(_ uuid: BluetoothUUID) async throws(HeartRateStrapError) -> [UInt8] {
        let (client, characteristic) = try connected(uuid)
        do { return try await client.read(characteristic) } catch { throw .gatt(error) }
    }

    private func connected(_ uuid: BluetoothUUID) throws(HeartRateStrapError) -> (GATTClient, GATTCharacteristic) {
        guard let client else { throw .notConnected(address: address) }
        guard let characteristic = characteristics[uuid] else { throw .gatt(.notFound(uuid)) }
        return (client, characteristic)
    }
}

/// What went wrong talking to a chest strap.
public enum HeartRateStrapError: Error, Equatable, CustomStringConvertible {
    /// Call `connect()` first.
    case notConnected(address: String)
    /// The peripheral has no Heart Rate Service: not a strap.
    case noHeartRateService(address: String)
    /// A characteristic's value is not what the profile defines.
    case malformed(BluetoothUUID, [UInt8])
    case gatt(GATTError)
    case link(LinkError)

    public var description: String {
        switch self {
        case .notConnected(let address): "the strap at \(address) is not connected; call connect() first"
        case .noHeartRateService(let address): "\(address) has no Heart Rate Service (0x180D)"
        case .malformed(let uuid, let value): "characteristic \(uuid) has a malformed value \(Hex.encode(value))"
        case .gatt(let error): "\(error)"
        case .link(let error): "\(error)"
        }
    }
}
