import Foundation
import BarcodeDecoder
import CognexCore
import DMCC
import RigCore
import USBLink
import USBSimulation

/// A virtual MX-1000 or MX-1502 mobile terminal: DMCC over USB bulk endpoints, a trigger, a battery and a scene.
///
/// Settings live in a current configuration that `CONFIG.SAVE` copies to the
/// saved one and `CONFIG.RESTORE` (the SDK's reset) copies back. The trigger
/// (button or `TRIGGER ON`) scans until a read or `DECODER.MAX-SCAN-TIMEOUT`;
/// the scene is decoded by the decoder core with the enabled symbologies.
/// Results go out unasked: in extended response mode as `[3]` XML results,
/// in silent mode as bare read strings. Idle for `inactivityTimeout`, the
/// reader powers down; on battery at 0 % it dies.
public actor MXReaderSimulator: SimulatedUSBFunction {
    /// The reader's configuration.
    public struct Configuration: Sendable, Equatable {
        public var symbologies: Set<ReaderSymbology> = [.dataMatrix, .qr, .c128, .upcEan, .c39]
        public var extendedResponses = false
        public var effort = 2
        public var maxScanTimeout = 5
        public var lightsOn = true
        public var orientation = 0
        public var name = "MX"
        public var imageResults = false
        public init() {}
    }

    public nonisolated let descriptor: USBDeviceDescriptor
    public nonisolated let model: String
    public nonisolated let serialNumber: String
    public nonisolated let firmware = "5.7.2"
    public static let bulkIn: UInt8 = 0x81
    public static let bulkOut: UInt8 = 0x02

    public private(set) var configuration = Configuration()
    public private(set) var savedConfiguration = Configuration()
    public private(set) var batteryPercent: Double
    public private(set) var poweredOn = true
    public private(set) var isScanning = false
    /// What `TRIGGER ON` does: scan at once (`software`, the default) or arm the physical trigger (`armed`).
    public private(set) var triggerMode: MXTriggerMode = .software
    /// Whether the app armed the reader (`TRIGGER ON` in `armed` mode).
    public private(set) var isArmed = false
    public var scene = ReaderScene.empty
    /// Minutes idle before the reader powers down.
    public var inactivityTimeout: Duration = .seconds(15 * 60)
    /// Battery use per scan and per idle hour, percent.
    public var drainPerScan = 0.05
    public var drainPerHour = 2.0

    private let clock: any RigClock
    private let trace: TraceLog
    private let role: String
    private var camera: SceneCamera
    private var port: USBDevicePort?
    private var splitter = DMCCLineSplitter()
    private var scanTask: Task<Void, Never>?
    private var deadlineTask: Task<Void, Never>?
    /// Counts scans, so a frame or deadline of an ended scan does nothing.
    private var scanNumber: UInt64 = 0
    private var lastActivity: RigInstant
    private var idleTask: Task<Void, Never>?
    private var powerObserver: (@Sendable (Bool) async -> Void)?

    public init(role: String, model: String, serialNumber: String, vendorID: UInt16, productID: UInt16, batteryPercent: Double,
                clock: any RigClock, trace: TraceLog, seed: UInt64) {
        self.role = role
        self.model = model
        self.serialNumber = serialNumber
        self.batteryPercent = batteryPercent
        self.clock = clock
        self.trace = trace
        camera = SceneCamera(seed: seed)
        lastActivity = clock.now
        descriptor = USBDeviceDescriptor(
            vendorID: vendorID, productID: productID, serialNumber: serialNumber, manufacturer: "Cognex", product: model,
            interfaces: [USBInterfaceDescriptor(number: 0, interfaceClass: 0xFF, endpoints: [
                USBEndpointDescriptor(address: Self.bulkIn, transferType: .bulk, maxPacketSize: 64),
                USBEndpointDescriptor(address: Self.bulkOut, transferType: .bulk, maxPacketSize: 64),
            ])])
    }

    // MARK: SimulatedUSBFunction

    public func plugged(into port: USBDevicePort) {
        self.port = port
        touch()
    }

    public func unplugged() {
        port = nil
        scanTask?.cancel()
        deadlineTask?.cancel()
        isScanning = false
    }

    public func control(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8]) async throws(USBError) -> [UInt8] {
        throw .stall(endpoint: 0)
    }

    public func received(_ data: [UInt8], endpoint: UInt8) {
        guard poweredOn else { return }
        touch()
        let lines: [[UInt8]]
        do { lines = try splitter.append(data) } catch {
            trace.record(role, "dmccError", [("error", "\(error)")])
            return
        }
        for line in lines { handle(line) }
    }

    // MARK: Knobs

    public func setInactivityTimeout(_ timeout: Duration) {
        inactivityTimeout = timeout
        touch()
    }

    /// Puts `scene` in front of the reader.
    public func setScene(_ scene: ReaderScene) { self.scene = scene }

    /// Chooses what `TRIGGER ON` does from now on; leaving `armed` disarms.
    public func setTriggerMode(_ mode: MXTriggerMode) {
        triggerMode = mode
        if mode == .software { isArmed = false }
        trace.record(role, "triggerMode", [("mode", mode.rawValue)])
    }

    /// Presses the trigger button: a scan starts (the reader wakes if it was idle but powered); in `armed` mode only
    /// when the app armed the reader.
    public func pressTrigger() {
        guard poweredOn else { return }
        touch()
        trace.record(role, "trigger", [("state", "pressed")])
        guard triggerMode == .software || isArmed else {
            trace.record(role, "triggerIgnored", [("why", "not armed by the app")])
            return
        }
        startScan()
    }

    /// Releases the trigger: a scan that has not read yet ends with a no-read, as on a hand-held reader.
    public func releaseTrigger() {
        guard poweredOn else { return }
        trace.record(role, "trigger", [("state", "released")])
        stopScan(send: true)
    }

    public func setBattery(percent: Double) async {
        batteryPercent = max(0, min(100, percent))
        if batteryPercent == 0 { await powerDown("battery empty") }
    }

    /// Registers who hears the reader power down or up (the rig unplugs it from the bus, as the cable's power goes).
    public func observePower(_ observer: @escaping @Sendable (Bool) async -> Void) {
        powerObserver = observer
    }

    public func powerDown(_ why: String = "switched off") async {
        guard poweredOn else { return }
        poweredOn = false
        scanTask?.cancel()
        deadlineTask?.cancel()
        idleTask?.cancel()
        isScanning = false
        trace.record(role, "poweredDown", [("reason", why)])
        await powerObserver?(false)
    }

    /// Powers up with the saved configuration.
    public func powerUp() async {
        guard batteryPercent > 0, !poweredOn else { return }
        poweredOn = true
        configuration = savedConfiguration
        trace.record(role, "poweredUp")
        await powerObserver?(true)
        touch()
    }

    // MARK: DMCC

    private func handle(_ line: [UInt8]) {
        let command: DMCCCommand
        do { command = try DMCCCommand.decode(line) } catch DMCCError.badChecksum {
            respond(id: 0, .badChecksum, "")
            return
        } catch {
            trace.record(role, "dmccError", [("error", "\(error)")])
            respond(id: 0, .invalidCommand, "")
            return
        }
        let id = command.commandID ?? 0
        let (status, payload) = execute(command)
        respond(id: id, status, payload)
    }

    private func respond(id: UInt32, _ status: DMCCStatus, _ payload: String) {
        guard configuration.extendedResponses else { return }
        port?.send(DMCCResponse(commandID: id, status: status, payload: payload).encode(), endpoint: Self.bulkIn)
    }

    private func execute(_ command: DMCCCommand) -> (DMCCStatus, String) {
        let args = command.arguments
        switch (command.verb, command.setting) {
        case ("GET", "DEVICE.TYPE"): return (.noError, model)
        case ("GET", "DEVICE.FIRMWARE-VER"): return (.noError, firmware)
        case ("GET", "DEVICE.SERIAL-NUMBER"): return (.noError, serialNumber)
        case ("GET", "BATTERY.CHARGE"): return (.noError, String(Int(batteryPercent.rounded())))
        case ("GET", "COM.DMCC-RESPONSE"): return (.noError, configuration.extendedResponses ? "1" : "0")
        case ("SET", "COM.DMCC-RESPONSE"):
            guard let value = args.first?.int, value == 0 || value == 1 else { return (.invalidParameter, "") }
            configuration.extendedResponses = value == 1
            return (.noError, "")
        case ("GET", let setting?) where setting.hasPrefix("SYMBOL."):
            guard let symbology = ReaderSymbology(dmccName: setting) else { return (.invalidParameter, "") }
            return (.noError, configuration.symbologies.contains(symbology) ? "ON" : "OFF")
        case ("SET", let setting?) where setting.hasPrefix("SYMBOL."):
            guard let symbology = ReaderSymbology(dmccName: setting), let on = args.first?.bool else { return (.invalidParameter, "") }
            if on { configuration.symbologies.insert(symbology) } else { configuration.symbologies.remove(symbology) }
            return (.noError, "")
        case ("GET", "DECODER.EFFORT"): return (.noError, String(configuration.effort))
        case ("SET", "DECODER.EFFORT"):
            guard let value = args.first?.int, (1...3).contains(value) else { return (.invalidParameter, "") }
            configuration.effort = value
            return (.noError, "")
        case ("GET", "DECODER.MAX-SCAN-TIMEOUT"): return (.noError, String(configuration.maxScanTimeout))
        case ("SET", "DECODER.MAX-SCAN-TIMEOUT"):
            guard let value = args.first?.int, (1...120).contains(value) else { return (.invalidParameter, "") }
            configuration.maxScanTimeout = value
            return (.noError, "")
        case ("SET", "DECODER.1D-SYMBOLORIENTATION"):
            guard let value = args.first?.int, (0...3).contains(value) else { return (.invalidParameter, "") }
            configuration.orientation = value
            return (.noError, "")
        case ("GET", "LIGHT.INTERNAL-ENABLE"): return (.noError, configuration.lightsOn ? "ON" : "OFF")
        case ("SET", "LIGHT.INTERNAL-ENABLE"):
            guard let on = args.first?.bool else { return (.invalidParameter, "") }
            configuration.lightsOn = on
            return (.noError, "")
        case ("SET", "DEVICE.NAME"):
            guard let name = args.first?.text, !name.isEmpty, name.count <= 32 else { return (.invalidParameter, "") }
            configuration.name = name
            return (.noError, "")
        case ("GET", "DEVICE.NAME"): return (.noError, configuration.name)
        case ("SET", "IMAGE.RESULT"):
            guard let on = args.first?.bool else { return (.invalidParameter, "") }
            configuration.imageResults = on
            return (.noError, "")
        case ("TRIGGER", _):
            guard let on = args.first?.bool else { return (.invalidParameter, "") }
            if on {
                guard !isScanning else { return (.parameterRejected, "") }
                if triggerMode == .armed {
                    isArmed = true
                    trace.record(role, "armed")
                } else {
                    startScan()
                }
            } else {
                isArmed = false
                stopScan(send: true)
            }
            return (.noError, "")
        case ("CONFIG.SAVE", _):
            savedConfiguration = configuration
            trace.record(role, "configSaved")
            return (.noError, "")
        case ("CONFIG.RESTORE", _):
            let extended = configuration.extendedResponses
            configuration = savedConfiguration
            configuration.extendedResponses = extended
            return (.noError, "")
        default:
            return (.invalidCommand, "")
        }
    }

    // MARK: Scanning

    /// Starts a scan: frames are decoded every 100 ms until a read, and `DECODER.MAX-SCAN-TIMEOUT` is a deadline of its own.
    ///
    /// As on a real reader the time-out does not wait for a decode to finish: the deadline task ends the scan on time
    /// and a frame still being decoded then is dropped. The decode runs off the actor (on the rig's executor), so
    /// commands, `TRIGGER OFF` and the deadline are served meanwhile. On a virtual clock nothing changes: the rig's
    /// one executor runs the decode as one job and time does not move during it, so frames fall at 0, 100, 200 ms …
    /// and the no-read at the time-out, as before.
    private func startScan() {
        guard !isScanning else { return }
        isScanning = true
        scanNumber &+= 1
        batteryPercent = max(0, batteryPercent - drainPerScan)
        trace.record(role, "scanStarted")
        let scan = scanNumber
        let deadline = clock.now + Duration.seconds(configuration.maxScanTimeout)
        deadlineTask = clock.spawn { [weak self, clock] in
            do { try await clock.sleep(until: deadline) } catch { return }
            await self?.scanTimedOut(scan)
        }
        scanTask = clock.spawn { [weak self, clock] in
            while clock.now < deadline {
                guard let job = await self?.nextFrame(of: scan) else { return }
                var camera = job.camera
                let (symbols, frame) = camera.decode(job.scene, job.settings)   // off the actor: this may take long
                guard let self, await self.frameDecoded(scan, symbols: symbols, frame: frame, camera: camera) else { return }
                do { try await clock.sleep(for: .milliseconds(100)) } catch { return }
            }
        }
    }

    /// What the next frame of scan `scan` needs, or nil when that scan is over.
    private func nextFrame(of scan: UInt64) -> (camera: SceneCamera, scene: ReaderScene, settings: SceneCamera.Settings)? {
        guard isScanning, scanNumber == scan else { return nil }
        let settings = SceneCamera.Settings(illumination: configuration.lightsOn,
                                            symbologies: Set(configuration.symbologies.flatMap(\.decoderSymbologies).filter(\.isSupported)),
                                            effort: configuration.effort)
        return (camera, scene, settings)
    }

    /// The deadline of scan `scan` passed: it ends with a no-read unless it already ended.
    private func scanTimedOut(_ scan: UInt64) {
        guard isScanning, scanNumber == scan else { return }
        stopScan(send: true)
    }

    /// A frame of scan `scan` was decoded; sends the results and ends the scan on a read. Returns whether to go on.
    private func frameDecoded(_ scan: UInt64, symbols: [DecodedSymbol], frame: GrayImage, camera: SceneCamera) -> Bool {
        self.camera = camera   // keeps the decode cache
        guard isScanning, scanNumber == scan else { return false }   // the deadline, TRIGGER OFF or an unplug came first
        guard !symbols.isEmpty else { return true }
        // A frame's results go out in one write, as a reader sends them: a real USB path delivers one write in one transfer
        // (up to a short packet), and the app groups the results of one transfer as one frame.
        port?.send(symbols.flatMap { encoded(ReadResult($0, outline: false, image: nil)) }, endpoint: Self.bulkIn)
        if configuration.imageResults && configuration.extendedResponses {
            let small = Self.thumbnail(frame)
            let payload = "\(small.width)x\(small.height):" + Data(small.pixels).base64EncodedString()
            port?.send(DMCCResponse(commandID: 0, status: DMCCStatus(rawValue: 5), payload: payload).encode(), endpoint: Self.bulkIn)
        }
        isScanning = false
        deadlineTask?.cancel()
        trace.record(role, "read", [("count", String(symbols.count)), ("text", symbols.map(\.text).joined(separator: "|"))])
        return false
    }

    private func stopScan(send: Bool) {
        guard isScanning else { return }
        isScanning = false
        scanTask?.cancel()
        deadlineTask?.cancel()
        trace.record(role, "scanEnded", [("goodRead", "false")])
        if send { self.send(.noRead) }
    }

    private func send(_ result: ReadResult) {
        let bytes = encoded(result)
        if !bytes.isEmpty { port?.send(bytes, endpoint: Self.bulkIn) }
    }

    /// A result as the reader puts it on bulk IN: an XML result in extended mode, else the bare read string.
    private func encoded(_ result: ReadResult) -> [UInt8] {
        if configuration.extendedResponses { return DMCCResponse(commandID: 0, status: .xmlResult, payload: result.xml).encode() }
        if let text = result.readString { return Array(text.utf8) + [0x0D, 0x0A] }
        return []
    }

    /// The frame at a quarter of its size, as the reader sends result images.
    static func thumbnail(_ frame: GrayImage) -> GrayImage {
        let w = frame.width / 4, h = frame.height / 4
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { pixels[y * w + x] = frame[x * 4, y * 4] } }
        return (try? GrayImage(width: w, height: h, pixels: pixels)) ?? frame
    }

    private func touch() {
        lastActivity = clock.now
        idleTask?.cancel()
        let timeout = inactivityTimeout
        idleTask = clock.spawn { [weak self, clock] in
            do { try await clock.sleep(for: timeout) } catch { return }
            await self?.powerDown("inactivity time-out")
        }
    }

    /// Stops the reader's tasks; the rig calls this when a run ends.
    public func shutDown() {
        idleTask?.cancel()
        scanTask?.cancel()
        deadlineTask?.cancel()
    }
}
