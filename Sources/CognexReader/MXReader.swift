import CognexCore
import DMCC
import Foundation
import RigCore
import RigHost
import USBLink
import BarcodeDecoder

/// `CMBReaderDevice.readerOfMX()` in Swift: an MX-1000 or MX-1502 over a USB bulk link speaking DMCC.
///
/// Availability follows the bus (cable and power); `connect()` opens the
/// device, claims its interface and turns on extended responses. Commands
/// carry ids and wait for their answer (2 s, then `commandTimeout`); results
/// arrive unasked as XML and go to `results`.
public actor MXReader {
    public private(set) var availability: ReaderAvailability = .unknown
    public private(set) var connectionState: ReaderConnectionState = .disconnected
    public nonisolated let availabilityChanges: AsyncStream<ReaderAvailability>
    public nonisolated let connectionStateChanges: AsyncStream<ReaderConnectionState>
    /// Each scan's results (several per frame possible); a scan that read nothing gives `[.noRead]`.
    public nonisolated let results: AsyncStream<[ReadResult]>
    /// The device type the reader reported on connect.
    public private(set) var deviceType: String?
    /// Whether results carry the outline as SVG, built from the corners the reader reports.
    public private(set) var svgResultEnabled = false
    /// Whether results carry the frame; the reader sends it after the XML (`SET IMAGE.RESULT ON`).
    public private(set) var imageResultEnabled = false
    /// Whether the phone announces the reader available again when the app resumes (some iOS versions do, some do not).
    public private(set) var announcesAvailabilityOnResume = true

    private let availabilitySink: AsyncStream<ReaderAvailability>.Continuation
    private let stateSink: AsyncStream<ReaderConnectionState>.Continuation
    private let resultSink: AsyncStream<[ReadResult]>.Continuation
    private let host: any USBHost
    private let match: USBDeviceMatch
    private let clock: any RigClock
    private let trace: TraceLog
    private let name: String
    private var handle: (any USBDeviceHandle)?
    private var reader: Task<Void, Never>?
    /// Counts connections; a read loop ending with an error drops only the connection it belongs to.
    private var connection: UInt64 = 0
    private var watcher: Task<Void, Never>?
    private var nextID: UInt32 = 0
    private var pending: [UInt32: CheckedContinuation<ReaderResponse, Never>] = [:]
    private var splitter = DMCCLineSplitter(limit: 4 << 20)
    private var bulkIn: UInt8 = 0x81
    private var bulkOut: UInt8 = 0x02
    private var hostWatcher: Task<Void, Never>?
    private var lastScan: [ReadResult] = []

    public init(name: String, host: any USBHost, match: USBDeviceMatch, clock: any RigClock, trace: TraceLog) {
        self.name = name
        self.host = host
        self.match = match
        self.clock = clock
        self.trace = trace
        (availabilityChanges, availabilitySink) = AsyncStream.makeStream(of: ReaderAvailability.self, bufferingPolicy: .bufferingNewest(64))
        (connectionStateChanges, stateSink) = AsyncStream.makeStream(of: ReaderConnectionState.self, bufferingPolicy: .bufferingNewest(64))
        (results, resultSink) = AsyncStream.makeStream(of: [ReadResult].self, bufferingPolicy: .bufferingNewest(256))
    }

    /// Starts following the bus: plugging, unplugging and power change the availability.
    public func watchAvailability() async {
        guard watcher == nil else { return }
        let events = await host.hotplugEvents()
        let present = await host.devices().contains { match.matches($0) }
        setAvailability(present ? .available : .unavailable)
        watcher = clock.spawn { [weak self, match] in
            for await event in events {
                guard let self else { return }
                switch event {
                case .arrived(let d) where match.matches(d): await self.setAvailability(.available)
                case .left(let d) where match.matches(d): await self.deviceLeft()
                default: break
                }
            }
        }
    }

    /// Connects: opens the device, claims its interface, turns on extended responses and asks its type.
    public func connect() async throws(ReaderError) {
        guard connectionState == .disconnected else { return }
        guard availability == .available else { throw .unavailable("no \(match) on the bus") }
        setState(.connecting)
        do {
            let handle = try await host.open(match)
            guard let interface = handle.descriptor.interfaces.first(where: { $0.bulkEndpoint(in: true) != nil && $0.bulkEndpoint(in: false) != nil }),
                  let inEP = interface.bulkEndpoint(in: true), let outEP = interface.bulkEndpoint(in: false) else {
                await handle.close()
                throw USBError.io("the device has no bulk IN/OUT interface")
            }
            try await handle.claimInterface(interface.number)
            bulkIn = inEP.address
            bulkOut = outEP.address
            self.handle = handle
            connection &+= 1
            startReading(handle, connection: connection)
            _ = try await write(try DMCCCommand("SET COM.DMCC-RESPONSE 1"))
            try? await clock.sleep(for: .milliseconds(20))
            let type = await send("GET DEVICE.TYPE")
            guard type.status == .noError else { throw USBError.io("the reader did not answer GET DEVICE.TYPE (\(type.status))") }
            deviceType = type.payload
            setState(.connected)
        } catch let error as USBError {
            await dropConnection("\(error)")
            throw .link("\(error)")
        } catch {
            await dropConnection("\(error)")
            throw .link("\(error)")
        }
    }

    public func disconnect() async {
        guard connectionState == .connected else { return }
        setState(.disconnecting)
        await dropConnection("disconnect()")
    }

    /// Sends a DMCC command and waits for its answer (or `commandTimeout` after 2 s, `readerOffline` when not connected).
    public func send(_ text: String) async -> ReaderResponse {
        guard handle != nil else { return ReaderResponse(status: .readerOffline) }
        nextID += 1
        let id = nextID
        let command: DMCCCommand
        do { command = try DMCCCommand(text, commandID: id) } catch { return ReaderResponse(status: .invalidCommand, payload: "\(error)") }
        guard let handle else { return ReaderResponse(status: .readerOffline) }
        let bytes = command.encode()
        let endpoint = bulkOut
        // The answer may come back while the write is still awaited, so the waiter is registered first.
        return await withCheckedContinuation { continuation in
            pending[id] = continuation
            clock.spawn { [weak self] in
                do { _ = try await handle.bulkOut(endpoint: endpoint, bytes, timeout: .seconds(1)) } catch {
                    await self?.answer(id, ReaderResponse(status: .readerOffline, payload: "\(error)"))
                }
            }
            clock.spawn { [weak self, clock] in
                do { try await clock.sleep(for: .seconds(2)) } catch { return }
                await self?.answer(id, ReaderResponse(status: .commandTimeout))
            }
        }
    }

    public func setSVGResultEnabled(_ on: Bool) { svgResultEnabled = on }

    /// Asks the reader for result images.
    public func setImageResultEnabled(_ on: Bool) async throws(ReaderError) {
        try await require("SET IMAGE.RESULT \(on ? "ON" : "OFF")")
        imageResultEnabled = on
    }

    /// Follows the app's life: going inactive leaves the reader initialized but not connected; on resume the
    /// reader is announced available again (as some iOS versions do), and the app reconnects.
    public func followAppLifecycle(of host: PhoneHost) async {
        guard hostWatcher == nil else { return }
        let changes = await host.changes()
        hostWatcher = clock.spawn { [weak self] in
            for await change in changes {
                guard let self else { return }
                switch change {
                case .appState(.background): await self.dropConnection("the app became inactive")
                case .appState(.foreground): await self.announceAvailability()
                default: break
                }
            }
        }
    }

    /// Models an iOS version that does (true) or does not (false) send an availability notification on resume; without
    /// it the app reconnects from its own did-become-active handler (`reconnectIfNeeded()`).
    public func setAnnouncesAvailabilityOnResume(_ announces: Bool) { announcesAvailabilityOnResume = announces }

    /// The seed's `appBecameActive`: connects when available and neither connecting nor connected.
    public func reconnectIfNeeded() async throws(ReaderError) {
        guard availability == .available, connectionState != .connecting, connectionState != .connected else { return }
        try await connect()
    }

    /// Turns a symbology on or off.
    public func setSymbology(_ symbology: ReaderSymbology, enabled: Bool) async throws(ReaderError) {
        try await require("SET SYMBOL.\(symbology.dmccName) \(enabled ? "ON" : "OFF")", unsupported: symbology)
    }

    public func isEnabled(_ symbology: ReaderSymbology) async throws(ReaderError) -> Bool {
        let response = await send("GET SYMBOL.\(symbology.dmccName)")
        guard response.status == .noError else { throw .commandFailed(command: "GET SYMBOL.\(symbology.dmccName)", status: response.status) }
        return response.payload == "ON"
    }

    public func setLightsOn(_ on: Bool) async throws(ReaderError) {
        try await require("SET LIGHT.INTERNAL-ENABLE \(on ? "ON" : "OFF")")
    }

    /// Resets to the saved configuration (`CONFIG.RESTORE`).
    public func resetConfig() async throws(ReaderError) { try await require("CONFIG.RESTORE") }

    /// Starts a scan (as pulling the trigger does).
    public func startScanning() async throws(ReaderError) { try await require("TRIGGER ON") }

    public func stopScanning() async throws(ReaderError) { try await require("TRIGGER OFF") }

    // MARK: Inside

    private func require(_ text: String, unsupported symbology: ReaderSymbology? = nil) async throws(ReaderError) {
        guard connectionState == .connected else { throw .notConnected }
        let response = await send(text)
        guard response.status == .noError else {
            if let symbology, response.status == .invalidParameter { throw .unsupportedSymbology(symbology) }
            throw .commandFailed(command: text, status: response.status)
        }
    }

    private func write(_ command: DMCCCommand) async throws(USBError) -> Int {
        guard let handle else { throw .noDevice }
        return try await handle.bulkOut(endpoint: bulkOut, command.encode(), timeout: .seconds(1))
    }

    private func startReading(_ handle: any USBDeviceHandle, connection: UInt64) {
        let inEP = bulkIn
        reader = clock.spawn { [weak self] in
            while !Task.isCancelled {
                do throws(USBError) {
                    let bytes = try await handle.bulkIn(endpoint: inEP, maxLength: 4096, timeout: .seconds(1))
                    await self?.receive(bytes)
                } catch .timeout {
                    continue
                } catch {
                    await self?.readFailed(connection: connection, "\(error)")
                    return
                }
            }
        }
    }

    /// The read loop of `connection` ended with an error. When that connection was already dropped (closing it ends
    /// its pending bulk IN with an error) and the app connected again meanwhile, the new connection stays: dropping it
    /// here failed a reconnect right after resuming ("did not answer GET DEVICE.TYPE (reader offline)").
    private func readFailed(connection: UInt64, _ reason: String) async {
        guard connection == self.connection, handle != nil else { return }
        await dropConnection(reason)
    }

    private func receive(_ bytes: [UInt8]) {
        let lines: [[UInt8]]
        do { lines = try splitter.append(bytes) } catch {
            trace.record(name, "dmccError", [("error", "\(error)")])
            return
        }
        var scan: [ReadResult] = []
        var image: ReadResultImage?
        for line in lines {
            guard let response = try? DMCCResponse.decode(line) else {
                trace.record(name, "dmccError", [("line", String(decoding: line.prefix(60), as: UTF8.self))])
                continue
            }
            switch response.status {
            case .xmlResult:
                if var result = ReadResult.parse(xml: response.payload) {
                    if svgResultEnabled && result.goodRead { result.svgOutline = ReadResult.svgPath(result.corners) }
                    scan.append(result)
                }
            case DMCCStatus(rawValue: 5):
                image = ReadResultImage(payload: response.payload)
            case .readString:
                scan.append(ReadResult(goodRead: true, readString: response.payload, symbology: nil, bytes: Array(response.payload.utf8),
                                       svgOutline: nil, image: nil, xml: ""))
            default:
                answer(response.commandID, ReaderResponse(status: response.status, payload: response.payload))
            }
        }
        if !scan.isEmpty {
            trace.record(name, "results", [("count", String(scan.count)), ("strings", scan.compactMap(\.readString).joined(separator: "|"))])
            ReaderPlots(plots: trace.plots, name: name).results(scan.map(\.readString), goodRead: scan.contains(where: \.goodRead))
            if imageResultEnabled && scan.contains(where: \.goodRead) {
                lastScan = scan
                if let image { emitWithImage(image) }
            } else {
                resultSink.yield(scan)
            }
        } else if let image, !lastScan.isEmpty {
            emitWithImage(image)
        }
    }

    private func emitWithImage(_ image: ReadResultImage) {
        var scan = lastScan
        lastScan = []
        for i in scan.indices { scan[i].image = image.gray }
        resultSink.yield(scan)
    }

    private func announceAvailability() async {
        guard announcesAvailabilityOnResume else {
            trace.record(name, "availabilityNotAnnounced", [("why", "app resumed")])
            return
        }
        let present = await host.devices().contains { match.matches($0) }
        availability = present ? .available : .unavailable
        trace.record(name, "availability", [("availability", availability.rawValue), ("why", "app resumed")])
        ReaderPlots(plots: trace.plots, name: name).availability(availability)
        availabilitySink.yield(availability)
    }

    private func answer(_ id: UInt32, _ response: ReaderResponse) {
        pending.removeValue(forKey: id)?.resume(returning: response)
    }

    private func deviceLeft() async {
        setAvailability(.unavailable)
        await dropConnection("the reader left the bus")
    }

    private func dropConnection(_ reason: String) async {
        connection &+= 1
        reader?.cancel()
        reader = nil
        let all = pending
        pending = [:]
        for id in all.keys.sorted() { all[id]!.resume(returning: ReaderResponse(status: .readerOffline)) }
        if let handle { await handle.close() }
        handle = nil
        if connectionState != .disconnected { trace.record(name, "connectionLost", [("reason", reason)]) }
        setState(.disconnected)
    }

    private func setAvailability(_ new: ReaderAvailability) {
        guard new != availability else { return }
        availability = new
        trace.record(name, "availability", [("availability", new.rawValue)])
        ReaderPlots(plots: trace.plots, name: name).availability(new)
        availabilitySink.yield(new)
    }

    private func setState(_ new: ReaderConnectionState) {
        guard new != connectionState else { return }
        connectionState = new
        trace.record(name, "connectionState", [("state", new.rawValue)])
        ReaderPlots(plots: trace.plots, name: name).connection(new)
        stateSink.yield(new)
    }
}

/// A result image as an MX reader sends it after the XML (status 5): `<width>x<height>:<base64 of 8-bit gray pixels>`.
struct ReadResultImage {
    let gray: GrayImage

    init?(payload: String) {
        guard let colon = payload.firstIndex(of: ":") else { return nil }
        let size = payload[..<colon].split(separator: "x")
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0, w * h <= 4_000_000,
              let data = Data(base64Encoded: String(payload[payload.index(after: colon)...])), data.count == w * h,
              let image = try? GrayImage(width: w, height: h, pixels: Array(data)) else { return nil }
        gray = image
    }
}
