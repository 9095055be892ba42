import RigCore

/// What a plug-in brings to a rig: device kinds (a device family) or links (a simulated radio, a real backend).
///
/// Plug-ins are values handed to the runner (`ScenarioRunner(plugins:)`, `RigCommandLine.main(plugins:scenarios:)`),
/// in the spirit of labgrid's resources and drivers: nothing in RigKit's core knows a family. Before a scenario's body
/// runs, the runner brings every plug-in up — link plug-ins first, then families, each in the order given — so what is
/// on the radio and the bus never depends on which accessor a scenario calls first.
public protocol RigPlugin: Sendable {
    /// A short name for messages and `rig plugins`, e.g. `wristband` or `bluez`.
    var name: String { get }
    /// Whether the runner brings the plug-in up with the links or with the device families.
    var stage: RigPluginStage { get }
    /// The device kinds this plug-in brings, each with the links it can be reached over.
    var deviceKinds: [DeviceKindSupport] { get }
    /// The rig-file links this plug-in lets RigKit drive for real (e.g. `ble` for BlueZ); simulated links need none.
    var realLinks: [String] { get }
    /// Checks the family's own parameters of `device`, one of `deviceKinds`; errors name file, line and column.
    func validate(_ device: DeviceSpec, in rig: RigFile) throws(RigFileError)
    /// Brings the plug-in's part of the rig up before the scenario's body: makes its simulators and puts them on the
    /// simulated radio or bus, or serves them behind real links. Throwing `RigUnavailable` skips the scenario.
    func bringUp(_ rig: LiveRig) async throws
    /// Files a finished scenario's trace gives (captures such as btsnoop or pcap), for `rig run --captures`.
    func captures(of trace: [TraceEvent], unixStart: Double) -> [RunCapture]
    /// The device kind a probed device is, if this plug-in recognises it.
    func recognise(_ device: ProbedDevice) -> DeviceKind?
    /// The trace event kinds that are protocol detail (ATT PDUs, USB transfers): kept in a trace file only at
    /// `--trace-level pdus`.
    var protocolEventKinds: [String] { get }
    /// The trace event kinds that are faults of a link or device (a lost fragment, a dropped connection, an injected
    /// fault): the HTML report marks them on each scenario's "Link and device faults" plot.
    var faultEventKinds: [String] { get }
}

/// When the runner brings a plug-in up.
public enum RigPluginStage: Int, Sendable, Comparable {
    /// Links: the simulated radio and bus, real backends. Brought up first.
    case links
    /// Device families, which put their devices on the links.
    case devices

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A device kind a plug-in brings, and the links a rig file may reach it over.
public struct DeviceKindSupport: Sendable {
    public var kind: DeviceKind
    /// Rig-file link names, e.g. `["simulated", "ble", "ble-peripheral"]`.
    public var links: [String]
    /// One line for help and docs, e.g. "Empatica E4 wristband (BLE)".
    public var summary: String

    public init(_ kind: DeviceKind, links: [String], summary: String) {
        self.kind = kind
        self.links = links
        self.summary = summary
    }
}

/// A file made from a scenario's trace, such as a btsnoop capture of one BLE link.
public struct RunCapture: Sendable {
    /// What the capture is of, used in its file name (`<scenario>--<subject>.<fileExtension>`).
    public var subject: String
    public var fileExtension: String
    public var bytes: [UInt8]

    public init(subject: String, fileExtension: String, bytes: [UInt8]) {
        self.subject = subject
        self.fileExtension = fileExtension
        self.bytes = bytes
    }
}

/// A device `rig probe` found on the machine: on the USB bus, or advertising on a Bluetooth adapter.
public enum ProbedDevice: Sendable {
    case usb(vendor: UInt16, product: UInt16, serial: String?, productName: String?)
    case ble(address: String, name: String?, serviceUUIDs: [String])
}

extension RigPlugin {
    public var stage: RigPluginStage { deviceKinds.isEmpty ? .links : .devices }
    public var deviceKinds: [DeviceKindSupport] { [] }
    public var realLinks: [String] { [] }
    public func validate(_ device: DeviceSpec, in rig: RigFile) throws(RigFileError) {}
    public func bringUp(_ rig: LiveRig) async throws {}
    public func captures(of trace: [TraceEvent], unixStart: Double) -> [RunCapture] { [] }
    public func recognise(_ device: ProbedDevice) -> DeviceKind? { nil }
    public var protocolEventKinds: [String] { [] }
    public var faultEventKinds: [String] { [] }
}
