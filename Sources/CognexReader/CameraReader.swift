import BarcodeDecoder
import CognexCore
import DMCC
import RigCore
import RigHost

/// `CMBReaderDevice.readerOfDeviceCamera(with:previewOptions:)` in Swift: the phone camera (optionally with an MX-100) as a reader.
///
/// The SDK itself decodes frames of the camera, so DMCC commands are answered
/// here. No symbology is enabled by default (the MX-100 enables its six);
/// settings are not saved. Each mode and preview option has the seed's effect:
/// preview shown or not, illumination and aimer commands accepted or ignored,
/// zoom and illumination buttons, a hardware trigger that only starts, a
/// paused preview, 1920×1080 and 60 fps. Without a licence key (and without
/// an MX-100), result characters are randomly replaced by `*`. Zoom goes back
/// to level 0 after every scan.
public actor CameraReader {
    /// The MX-100's settings as the SDK caches them.
    public struct Caches: Sendable, Equatable {
        public var identity: (serial: String, model: String, firmware: String)?
        public var identityReadAt: RigInstant?
        public var session: MX100Settings?
        public static func == (a: Caches, b: Caches) -> Bool {
            a.identity?.serial == b.identity?.serial && a.identityReadAt == b.identityReadAt && a.session == b.session
        }
    }

    public nonisolated let mode: CameraMode
    public nonisolated let options: PreviewOptions
    public private(set) var availability: ReaderAvailability
    public private(set) var connectionState: ReaderConnectionState = .disconnected
    public nonisolated let connectionStateChanges: AsyncStream<ReaderConnectionState>
    public nonisolated let results: AsyncStream<[ReadResult]>
    /// The preview while scanning, nil when not scanning.
    public private(set) var preview: PreviewState?
    public private(set) var isScanning = false
    /// Whether decoding runs (false while a paused preview waits for its button).
    public private(set) var isDecoding = false
    public private(set) var symbologies: Set<ReaderSymbology>
    public private(set) var lightsOn = false
    public private(set) var zoomPercents = (200, 400)
    public private(set) var zoomLevel = 0
    public private(set) var maxScanTimeout = 0
    public private(set) var effort = 2
    /// The app's scanning orientation (landscape unless the app sets another).
    public private(set) var orientation: ScanOrientation = .landscape
    /// How the user holds the phone; decides the frame's orientation when `orientation` is `.auto`.
    public private(set) var deviceOrientation: DeviceOrientation = .portrait
    /// `DECODER.1D-SYMBOLORIENTATION`, 0–3 (stored and reported; the decoder core finds 1D symbols in any orientation).
    public private(set) var oneDSymbolOrientation = 0
    public private(set) var caches = Caches()
    /// Aimer commands the reader accepted (active aimer only), for scenario checks.
    public private(set) var aimerCommandsApplied = 0

    /// Where the camera's frames come from: a simulated scene (`setScene`) or recorded photos (`setFrameSource`).
    public private(set) var frameSource: any CameraFrameSource
    /// Whether results carry the frame (`imageResultEnabled`).
    public private(set) var imageResultEnabled = false
    /// Whether results carry the outline as SVG (`svgResultEnabled`).
    public private(set) var svgResultEnabled = false

    private let stateSink: AsyncStream<ReaderConnectionState>.Continuation
    private let resultSink: AsyncStream<[ReadResult]>.Continuation
    private let host: PhoneHost
    private let clock: any RigClock
    private let trace: TraceLog
    private let name: String
    private let licensed: Bool
    private let supportsFullHD: Bool
    private let aimer: (any MX100Optics)?
    private let seed: UInt64
    /// Frames taken while decoding, over every scan: a photo source continues where the last scan stopped.
    private var frameIndex = 0
    /// Symbols found per frame key and decoder settings, so an unchanged frame is decoded once.
    private var decoded: [String: [DecodedSymbol]] = [:]
    private var random: SeededGenerator
    private var scanTask: Task<Void, Never>?
    private var hostWatcher: Task<Void, Never>?
    /// Why the MX-100's session cache must be read at the next connection: the initial connection, or a resume with
    /// pessimistic caching; nil while the cache holds.
    private var sessionReadReason: String? = "initial connection"

    /// A camera reader on a phone with or without a front camera, and whose back camera does or does not film 1920×1080.
    public init(name: String, mode: CameraMode, options: PreviewOptions, licenseKey: String?, hasFrontCamera: Bool = true,
                supportsFullHD: Bool = true, aimer: (any MX100Optics)?, host: PhoneHost, clock: any RigClock, trace: TraceLog, seed: UInt64) {
        self.supportsFullHD = supportsFullHD
        self.name = name
        self.mode = mode
        self.options = options
        self.host = host
        self.clock = clock
        self.trace = trace
        self.aimer = mode == .activeAimer ? aimer : nil
        licensed = (licenseKey.map { !$0.isEmpty } ?? false) || mode == .activeAimer
        availability = mode == .frontCamera && !hasFrontCamera ? .unavailable : (mode == .activeAimer && aimer == nil ? .unavailable : .available)
        symbologies = mode == .activeAimer ? ReaderSymbology.mx100Defaults : []
        self.seed = seed
        frameSource = SceneFrameSource(.empty, seed: seed)
        random = SeededGenerator(seed: seed, stream: "\(name)/obfuscation")
        (connectionStateChanges, stateSink) = AsyncStream.makeStream(of: ReaderConnectionState.self, bufferingPolicy: .bufferingNewest(64))
        (results, resultSink) = AsyncStream.makeStream(of: [ReadResult].self, bufferingPolicy: .bufferingNewest(256))
    }

    /// Points the camera at a simulated `scene`.
    public func setScene(_ scene: ReaderScene) { frameSource = SceneFrameSource(scene, seed: seed) }

    /// Takes the camera's frames from `source` from the next frame on (e.g. `PhotoFrameSource` replaying photos).
    public func setFrameSource(_ source: any CameraFrameSource) { frameSource = source }

    /// Sets the app's scanning orientation; applies from the next frame.
    public func setOrientation(_ orientation: ScanOrientation) { self.orientation = orientation }

    /// The user turns the phone; with `.auto` the frames follow from the next one.
    public func setDeviceOrientation(_ orientation: DeviceOrientation) { deviceOrientation = orientation }

    /// Whether frames are portrait now (taller than wide).
    public var isPortrait: Bool {
        switch orientation {
        case .portrait: true
        case .landscape: false
        case .auto: deviceOrientation == .portrait
        }
    }

    public func setImageResultEnabled(_ on: Bool) { imageResultEnabled = on }
    public func setSVGResultEnabled(_ on: Bool) { svgResultEnabled = on }

    // MARK: Connection

    /// Connects: checks the camera permission; with an MX-100, fills the caches: the identity when older than 7 days, the
    /// session settings at the initial connection (and, with pessimistic caching, at the first connection after each
    /// resume), as the seed's caches are kept.
    public func connect() async throws(ReaderError) {
        guard connectionState == .disconnected else { return }
        guard availability == .available else { throw .unavailable(mode == .activeAimer ? "no MX-100 attached" : "no front camera") }
        setState(.connecting)
        guard await host.requestCameraAccess() == .granted else {
            setState(.disconnected)
            throw .cameraPermissionDenied
        }
        if let aimer, await aimer.readBatteryPercent() == 0 {
            setState(.disconnected)
            throw .unavailable("the MX-100's battery is empty")
        }
        if let aimer {
            let week = Duration.seconds(7 * 24 * 3600)
            if caches.identity == nil || caches.identityReadAt.map({ clock.now - $0 >= week }) ?? true {
                let identity = await aimer.readIdentity()
                caches.identity = identity
                caches.identityReadAt = clock.now
                trace.record(name, "cacheRead", [("cache", "persistent")])
            }
            if let why = sessionReadReason {
                caches.session = await aimer.readSettings()
                lightsOn = caches.session?.illuminationOn ?? false
                sessionReadReason = nil
                trace.record(name, "cacheRead", [("cache", "session"), ("why", why)])
            }
        }
        if hostWatcher == nil {
            let changes = await host.changes()
            hostWatcher = clock.spawn { [weak self] in
                for await change in changes { await self?.hostChanged(change) }
            }
        }
        setState(.connected)
    }

    /// Reconnects as the seed's `appBecameActive` does: only when available and neither connecting nor connected.
    public func reconnectIfNeeded() async throws(ReaderError) {
        guard availability == .available, connectionState != .connecting, connectionState != .connected else { return }
        try await connect()
    }

    public func disconnect() async {
        guard connectionState == .connected else { return }
        setState(.disconnecting)
        stopScan(reason: "disconnect")
        setState(.disconnected)
    }

    /// The MX-100's battery in percent, read from the aimer (active-aimer mode only).
    public func aimerBatteryPercent() async throws(ReaderError) -> Int {
        guard connectionState == .connected else { throw .notConnected }
        guard let aimer else { throw .unavailable("no MX-100 in camera mode \(mode.rawValue)") }
        return await aimer.readBatteryPercent()
    }

    // MARK: Configuration

    public func setSymbology(_ symbology: ReaderSymbology, enabled: Bool) throws(ReaderError) {
        guard connectionState == .connected else { throw .notConnected }
        // The SDK decodes in software: a symbology the decoder core cannot read is "not supported by the current reader".
        guard symbology.decoderSymbologies.contains(where: \.isSupported) else { throw .unsupportedSymbology(symbology) }
        if enabled { symbologies.insert(symbology) } else { symbologies.remove(symbology) }
    }

    /// Turns the illumination on or off; passive-aimer and front-camera modes have none.
    public func setLightsOn(_ on: Bool) async throws(ReaderError) {
        guard connectionState == .connected else { throw .notConnected }
        guard mode == .noAimer || mode == .activeAimer else { throw .illuminationNotAvailable(mode) }
        lightsOn = on
        if let aimer { await aimer.write { $0.illuminationOn = on } }
    }

    /// Back to the camera reader's defaults (Appendix B): no symbologies (the MX-100's six with it), lights off, zoom 200/400.
    public func resetConfig() throws(ReaderError) {
        guard connectionState == .connected else { throw .notConnected }
        symbologies = mode == .activeAimer ? ReaderSymbology.mx100Defaults : []
        lightsOn = false
        zoomPercents = (200, 400)
        zoomLevel = 0
        maxScanTimeout = 0
        effort = 2
        oneDSymbolOrientation = 0
    }

    /// Answers a DMCC command as the SDK does for the camera reader.
    public func send(_ text: String) async -> ReaderResponse {
        guard connectionState == .connected else { return ReaderResponse(status: .readerOffline) }
        let command: DMCCCommand
        do { command = try DMCCCommand(text) } catch { return ReaderResponse(status: .invalidCommand) }
        let args = command.arguments
        trace.record(name, "dmcc", [("command", command.text)])
        switch (command.verb, command.setting) {
        case ("GET", "DEVICE.TYPE"): return ReaderResponse(status: .noError, payload: mode == .activeAimer ? "MX-100" : "Mobile Camera")
        case ("GET", "BATTERY.CHARGE"):
            guard let aimer else { return ReaderResponse(status: .invalidCommand) }
            return ReaderResponse(status: .noError, payload: String(await aimer.readBatteryPercent()))
        case ("GET", let s?) where s.hasPrefix("SYMBOL."):
            guard let symbology = ReaderSymbology(dmccName: s) else { return ReaderResponse(status: .invalidParameter) }
            return ReaderResponse(status: .noError, payload: symbologies.contains(symbology) ? "ON" : "OFF")
        case ("SET", let s?) where s.hasPrefix("SYMBOL."):
            guard let symbology = ReaderSymbology(dmccName: s), let on = args.first?.bool else { return ReaderResponse(status: .invalidParameter) }
            do { try setSymbology(symbology, enabled: on) } catch { return ReaderResponse(status: .invalidParameter) }
            return ReaderResponse(status: .noError)
        case ("SET", "CAMERA.ZOOM-PERCENT"):
            guard args.count == 2, let a = args[0].int, let b = args[1].int, (100...1000).contains(a), (100...1000).contains(b) else {
                return ReaderResponse(status: .invalidParameter)
            }
            zoomPercents = (a, b)
            return ReaderResponse(status: .noError)
        case ("GET", "CAMERA.ZOOM-PERCENT"): return ReaderResponse(status: .noError, payload: "\(zoomPercents.0) \(zoomPercents.1)")
        case ("SET", "CAMERA.ZOOM"):
            guard let level = args.first?.int, (0...2).contains(level) else { return ReaderResponse(status: .invalidParameter) }
            zoomLevel = level
            return ReaderResponse(status: .noError)
        case ("GET", "CAMERA.ZOOM"): return ReaderResponse(status: .noError, payload: String(zoomLevel))
        case ("SET", "DECODER.MAX-SCAN-TIMEOUT"):
            guard let seconds = args.first?.int, (0...3600).contains(seconds) else { return ReaderResponse(status: .invalidParameter) }
            maxScanTimeout = seconds
            return ReaderResponse(status: .noError)
        case ("GET", "DECODER.MAX-SCAN-TIMEOUT"): return ReaderResponse(status: .noError, payload: String(maxScanTimeout))
        case ("SET", "DECODER.1D-SYMBOLORIENTATION"):
            guard let value = args.first?.int, (0...3).contains(value) else { return ReaderResponse(status: .invalidParameter) }
            oneDSymbolOrientation = value
            return ReaderResponse(status: .noError)
        case ("GET", "DECODER.1D-SYMBOLORIENTATION"): return ReaderResponse(status: .noError, payload: String(oneDSymbolOrientation))
        case ("GET", "DECODER.EFFORT"): return ReaderResponse(status: .noError, payload: String(effort))
        case ("GET", "LIGHT.INTERNAL-ENABLE"): return ReaderResponse(status: .noError, payload: lightsOn ? "ON" : "OFF")
        case ("SET", "DECODER.EFFORT"):
            guard let value = args.first?.int, (1...3).contains(value) else { return ReaderResponse(status: .invalidParameter) }
            effort = value
            return ReaderResponse(status: .noError)
        case ("SET", "LIGHT.INTERNAL-ENABLE"):
            guard let on = args.first?.bool else { return ReaderResponse(status: .invalidParameter) }
            if mode == .noAimer || mode == .activeAimer {
                lightsOn = on
                if let aimer { await aimer.write { $0.illuminationOn = on } }
            } else {
                trace.record(name, "commandIgnored", [("command", command.text), ("mode", mode.rawValue)])
            }
            return ReaderResponse(status: .noError)
        case ("SET", let s?) where s.hasPrefix("AIMER."):
            guard let value = args.first?.int else { return ReaderResponse(status: .invalidParameter) }
            if let aimer {
                aimerCommandsApplied += 1
                switch s {
                case "AIMER.INTENSITY": await aimer.write { $0.aimerIntensity = value }
                case "AIMER.MODULATION": await aimer.write { $0.aimerModulation = value }
                case "AIMER.TIMEOUT": await aimer.write { $0.aimerTimeout = value }
                default: return ReaderResponse(status: .invalidParameter)
                }
                caches.session = await aimer.readSettings()
            } else {
                trace.record(name, "commandIgnored", [("command", command.text), ("mode", mode.rawValue)])
            }
            return ReaderResponse(status: .noError)
        case ("CONFIG.RESTORE", _):
            try? resetConfig()
            return ReaderResponse(status: .noError)
        default:
            return ReaderResponse(status: .invalidCommand)
        }
    }

    // MARK: Scanning

    /// Starts scanning: shows the preview as the mode and options say; decodes unless the preview is paused.
    public func startScanning() throws(ReaderError) {
        guard connectionState == .connected else { throw .notConnected }
        guard !isScanning else { return }
        isScanning = true
        let showsPreview = mode == .noAimer || mode == .frontCamera || options.contains(.alwaysShow)
        let illuminationAvailable = mode == .noAimer || mode == .activeAimer
        let (width, height) = frameSize
        preview = PreviewState(isShown: showsPreview, zoomButton: showsPreview && !options.contains(.noZoomButton),
                               illuminationButton: showsPreview && illuminationAvailable && !options.contains(.noIlluminationButton),
                               scanButton: showsPreview && options.contains(.paused),
                               width: width, height: height,
                               framesPerSecond: options.contains(.highFrameRate) ? 60 : 30, autofocus: mode != .frontCamera)
        trace.record(name, "scanningStarted", [("preview", String(showsPreview)), ("paused", String(options.contains(.paused) && showsPreview))])
        if options.contains(.paused) && showsPreview { return }
        beginDecoding()
    }

    /// The frame size: the front camera's 640×480; the back camera's 1280×720, or 1920×1080 with `highResolution` on a
    /// phone that films it (the default size on one that does not).
    private var frameSize: (Int, Int) {
        if mode == .frontCamera { return (640, 480) }
        return options.contains(.highResolution) && supportsFullHD ? (1920, 1080) : (1280, 720)
    }

    /// The on-screen scan button of a paused preview.
    public func tapScanButton() {
        guard isScanning, preview?.scanButton == true, !isDecoding else { return }
        preview?.scanButton = false
        beginDecoding()
    }

    /// The simulated hardware trigger (volume down): only starts scanning; a second press does not stop it.
    public func pressHardwareTrigger() throws(ReaderError) {
        guard options.contains(.hardwareTrigger) else { return }
        if !isScanning { try startScanning() }
    }

    /// The app's on-screen trigger, press and hold (the seed's "virtual trigger"): pressing starts scanning.
    public func pressVirtualTrigger() throws(ReaderError) {
        trace.record(name, "virtualTrigger", [("state", "pressed")])
        try startScanning()
    }

    /// Releasing the on-screen trigger stops a scan that has not read yet (a no-read), as `stopScanning()`.
    public func releaseVirtualTrigger() {
        trace.record(name, "virtualTrigger", [("state", "released")])
        stopScanning()
    }

    /// Stops scanning; a scan stopped before a read reports `goodRead` false.
    public func stopScanning() {
        guard isScanning else { return }
        stopScan(reason: "stopScanning()")
        resultSink.yield([.noRead])
    }

    private func beginDecoding() {
        isDecoding = true
        let timeout = maxScanTimeout
        let frameTime = Duration.seconds(1) / (options.contains(.highFrameRate) ? 60 : 30)
        scanTask = clock.spawn { [weak self, clock] in
            let start = clock.now
            while true {
                do { try await clock.sleep(for: frameTime) } catch { return }
                guard let self else { return }
                if await self.decodeFrame() { return }
                if timeout > 0 && clock.now - start >= .seconds(timeout) {
                    await self.timedOut()
                    return
                }
            }
        }
    }

    /// Decodes the current frame; on a read sends the results and stops.
    private func decodeFrame() -> Bool {
        guard isDecoding, let preview else { return true }
        let zoom = zoomLevel == 0 ? 100 : (zoomLevel == 1 ? zoomPercents.0 : zoomPercents.1)
        let (long, short) = (max(preview.width, preview.height), min(preview.width, preview.height))
        let settings = SceneCamera.Settings(width: isPortrait ? short : long, height: isPortrait ? long : short, zoomPercent: zoom, illumination: lightsOn,
                                            symbologies: Set(symbologies.flatMap(\.decoderSymbologies).filter(\.isSupported)), effort: effort,
                                            fixedFocus: !preview.autofocus)
        guard let frame = frameSource.frame(frameIndex, settings) else { return false }
        frameIndex += 1
        let symbols = decode(frame, settings)
        guard !symbols.isEmpty else { return false }
        let results = symbols.map { symbol in
            ReadResult(symbol, readString: licensed ? nil : obfuscate(symbol.text), outline: svgResultEnabled, image: imageResultEnabled ? frame.image : nil)
        }
        trace.record(name, "read", [("count", String(results.count)), ("strings", results.compactMap(\.readString).joined(separator: "|"))])
        ReaderPlots(plots: trace.plots, name: name).results(results.map(\.readString), goodRead: true)
        stopScan(reason: "read")
        resultSink.yield(results)
        return true
    }

    /// The symbols in `frame` with the enabled symbologies, decoded once per frame content and decoder settings.
    private func decode(_ frame: CameraFrame, _ settings: SceneCamera.Settings) -> [DecodedSymbol] {
        guard !settings.symbologies.isEmpty else { return [] }
        let key = frame.key + " | " + settings.symbologies.map(\.rawValue).sorted().joined(separator: ",") + " effort \(settings.effort)"
        if let hit = decoded[key] { return hit }
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: settings.symbologies, effort: settings.effort)).decode(frame.image)
        if decoded.count > 16 { decoded.removeAll() }
        decoded[key] = symbols
        return symbols
    }

    private func timedOut() {
        guard isScanning else { return }
        stopScan(reason: "time-out")
        resultSink.yield([.noRead])
    }

    private func stopScan(reason: String) {
        guard isScanning else { return }
        scanTask?.cancel()
        isScanning = false
        isDecoding = false
        preview = nil
        zoomLevel = 0
        trace.record(name, "scanningStopped", [("reason", reason)])
    }

    /// Replaces about a third of the characters (at least one) with `*`, as the unlicensed SDK does.
    private func obfuscate(_ text: String) -> String {
        var chars = Array(text)
        guard !chars.isEmpty else { return text }
        var replaced = 0
        for i in chars.indices where random.next() % 3 == 0 {
            chars[i] = "*"
            replaced += 1
        }
        if replaced == 0 { chars[Int(random.next() % UInt64(chars.count))] = "*" }
        return String(chars)
    }

    private func hostChanged(_ change: HostChange) async {
        switch change {
        case .appState(.background):
            // The seed: back from the inactive state the reader device "remains initialized, but not connected".
            stopScan(reason: "app went to the background")
            if connectionState == .connected {
                trace.record(name, "suspended", [("reason", "the app went to the background; the reader stays initialised, not connected")])
                setState(.disconnected)
            }
        case .appState(.foreground):
            if aimer != nil, options.contains(.pessimisticCaching) { sessionReadReason = "resume, pessimistic caching" }
        default: break
        }
    }

    private func setState(_ new: ReaderConnectionState) {
        guard new != connectionState else { return }
        connectionState = new
        trace.record(name, "connectionState", [("state", new.rawValue)])
        ReaderPlots(plots: trace.plots, name: name).connection(new)
        stateSink.yield(new)
    }
}
