import ATT
import GATT
import RigCore
import ScioProtocol
import Synchronization

/// A SCiO over BLE: requests written to 0x3492, answers reassembled from 20-byte notifications, button notifications.
final class ScioBLELink: ScioLink {
    let events: AsyncStream<ScioLinkEvent>
    private let sink: AsyncStream<ScioLinkEvent>.Continuation
    private let client: GATTClient
    private let requests: GATTCharacteristic
    private let device: String
    private let assembler = Mutex(ScioFragmentAssembler())

    private init(client: GATTClient, requests: GATTCharacteristic, device: String) {
        self.client = client
        self.requests = requests
        self.device = device
        (events, sink) = AsyncStream.makeStream(of: ScioLinkEvent.self, bufferingPolicy: .unbounded)
    }

    /// Connects, discovers the SCiO service and subscribes to answers and the button.
    static func open(central: any BLECentral, address: String, linkName: String, device: String, clock: any RigClock)
        async throws(SpectrometerError) -> ScioBLELink {
        let bearer: any ATTBearer
        do { bearer = try await central.openBearer(to: address, name: linkName) } catch {
            throw .connectionFailed(device: device, reason: "\(error)")
        }
        let client = GATTClient(bearer: bearer, clock: clock)
        await client.start()
        do {
            _ = try await client.exchangeMTU(64)
            var found: [BluetoothUUID: GATTCharacteristic] = [:]
            for service in try await client.discoverServices() where service.uuid == ScioGATT.service {
                for characteristic in try await client.discoverCharacteristics(of: service) { found[characteristic.uuid] = characteristic }
            }
            guard let requests = found[ScioGATT.requests], let answers = found[ScioGATT.answers] else {
                throw GATTError.notFound(ScioGATT.service)
            }
            let link = ScioBLELink(client: client, requests: requests, device: device)
            try await client.subscribe(answers, onEnd: {}) { [link] bytes in link.received(bytes) }
            if let button = found[ScioGATT.button] {
                try await client.subscribe(button, onEnd: {}) { [link] _ in link.sink.yield(.button) }
            }
            clock.spawn { [link, client] in
                let reason = await client.disconnected()
                link.sink.yield(.closed(reason: "\(reason)"))
                link.sink.finish()
            }
            return link
        } catch {
            await client.disconnect()
            throw .connectionFailed(device: device, reason: "\(error)")
        }
    }

    private func received(_ notification: [UInt8]) {
        let results = assembler.withLock { $0.add(notification) }
        for result in results {
            switch result {
            case .success(let frame): sink.yield(.frame(frame))
            case .failure(let error): sink.yield(.malformed(error))
            }
        }
    }

    func send(_ frame: ScioFrame) async throws(SpectrometerError) {
        do { try await client.write(requests, frame.encode()) } catch {
            if case .link(let reason) = error { throw .disconnected(device: device, command: frame.command, reason: "\(reason)") }
            throw .refused(device: device, command: frame.command, status: "\(error)")
        }
    }

    func abandonPartialAnswer() -> ScioFrameError? {
        assembler.withLock { assembler -> ScioFrameError? in
            do throws(ScioFrameError) { try assembler.finish() } catch { return error }
            return nil
        }
    }

    func close() async { await client.disconnect() }
}
