import RigCore
import ScioProtocol
import Synchronization
import USBLink

/// A SCiO over USB CDC-ACM: line coding 115200 8N1, frames back to back on the bulk pipe.
final class ScioUSBLink: ScioLink {
    let events: AsyncStream<ScioLinkEvent>
    private let sink: AsyncStream<ScioLinkEvent>.Continuation
    private let handle: any USBDeviceHandle
    private let device: String
    private let assembler = Mutex(ScioStreamAssembler())
    private let reader = Mutex<Task<Void, Never>?>(nil)

    private let bulkIn: UInt8
    private let bulkOut: UInt8

    private init(handle: any USBDeviceHandle, device: String, bulkIn: UInt8, bulkOut: UInt8) {
        self.handle = handle
        self.device = device
        self.bulkIn = bulkIn
        self.bulkOut = bulkOut
        (events, sink) = AsyncStream.makeStream(of: ScioLinkEvent.self, bufferingPolicy: .unbounded)
    }

    /// Opens the device, claims both CDC interfaces, sets the line coding and starts reading.
    static func open(host: any USBHost, match: USBDeviceMatch, device: String, clock: any RigClock) async throws(SpectrometerError) -> ScioUSBLink {
        let handle: any USBDeviceHandle
        do { handle = try await host.open(match) } catch { throw .connectionFailed(device: device, reason: "\(error)") }
        // The interfaces and endpoints come from the device's CDC descriptors (a kernel gadget numbers its endpoints its own way);
        // the SCiO's own layout is the fallback.
        let interfaces = handle.descriptor.interfaces
        let data = interfaces.first { $0.interfaceClass == 0x0A && $0.bulkEndpoint(in: true) != nil && $0.bulkEndpoint(in: false) != nil }
        let control = interfaces.first { $0.interfaceClass == 0x02 }?.number ?? ScioUSB.controlInterface
        let bulkIn = data?.bulkEndpoint(in: true)?.address ?? ScioUSB.bulkIn
        let bulkOut = data?.bulkEndpoint(in: false)?.address ?? ScioUSB.bulkOut
        do {
            try await handle.claimInterface(control)
            try await handle.claimInterface(data?.number ?? ScioUSB.dataInterface)
            _ = try await handle.control(requestType: CDCRequest.classInterfaceOut, request: CDCRequest.setLineCoding, value: 0,
                                         index: UInt16(control), data: CDCRequest.lineCoding(baud: ScioUSB.baudRate),
                                         timeout: .seconds(1))
            _ = try await handle.control(requestType: CDCRequest.classInterfaceOut, request: CDCRequest.setControlLineState, value: 0x03,
                                         index: UInt16(control), data: [], timeout: .seconds(1))
        } catch {
            await handle.close()
            throw .connectionFailed(device: device, reason: "\(error)")
        }
        let link = ScioUSBLink(handle: handle, device: device, bulkIn: bulkIn, bulkOut: bulkOut)
        let task = clock.spawn { [link] in await link.readLoop() }
        link.reader.withLock { $0 = task }
        return link
    }

    private func readLoop() async {
        while !Task.isCancelled {
            do {
                // A 1 s limit, then read again (closing cancels the transfer in flight at once).
                let bytes = try await handle.bulkIn(endpoint: bulkIn, maxLength: 512, timeout: .seconds(1))
                let results = assembler.withLock { $0.add(bytes) }
                for result in results {
                    switch result {
                    case .success(let frame) where frame.command == .buttonPressed: sink.yield(.button)
                    case .success(let frame): sink.yield(.frame(frame))
                    case .failure(let error): sink.yield(.malformed(error))
                    }
                }
            } catch {
                if case .timeout = error { continue }
                sink.yield(.closed(reason: "\(error)"))
                sink.finish()
                return
            }
        }
        sink.yield(.closed(reason: "link closed"))
        sink.finish()
    }

    func send(_ frame: ScioFrame) async throws(SpectrometerError) {
        do { _ = try await handle.bulkOut(endpoint: bulkOut, frame.encode(), timeout: .seconds(2)) } catch {
            if error == .noDevice { throw .disconnected(device: device, command: frame.command, reason: "\(error)") }
            throw .refused(device: device, command: frame.command, status: "\(error)")
        }
    }

    func abandonPartialAnswer() -> ScioFrameError? {
        assembler.withLock { assembler -> ScioFrameError? in
            do throws(ScioFrameError) { try assembler.finish() } catch { return error }
            return nil
        }
    }

    func close() async {
        reader.withLock { $0 }?.cancel()
        sink.yield(.closed(reason: "closed by the app"))
        sink.finish()
        await handle.close()
    }
}
