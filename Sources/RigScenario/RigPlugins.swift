import RigCore

/// The plug-ins a run uses: the registry the runner, `rig rigs validate` and `rig probe` consult.
public struct RigPlugins: Sendable, ExpressibleByArrayLiteral {
    /// Every plug-in, in the order given.
    public let all: [any RigPlugin]

    public init(_ plugins: [any RigPlugin]) {
        var seen: Set<String> = []
        all = plugins.filter { seen.insert($0.name).inserted }
    }

    public init(arrayLiteral plugins: any RigPlugin...) { self.init(plugins) }

    /// These plug-ins and `more` (a plug-in already present by name is kept once).
    public func adding(_ more: [any RigPlugin]) -> RigPlugins { RigPlugins(all + more) }

    /// The order the runner brings plug-ins up in: links first, then families, each in the order given.
    public var bringUpOrder: [any RigPlugin] {
        all.enumerated().sorted { ($0.element.stage, $0.offset) < ($1.element.stage, $1.offset) }.map(\.element)
    }

    /// The plug-in that brings `kind`, with its support entry.
    public func support(for kind: DeviceKind) -> (plugin: any RigPlugin, support: DeviceKindSupport)? {
        for plugin in all {
            if let support = plugin.deviceKinds.first(where: { $0.kind == kind }) { return (plugin, support) }
        }
        return nil
    }

    /// Every device kind the plug-ins bring, in order.
    public var deviceKinds: [DeviceKindSupport] { all.flatMap(\.deviceKinds) }

    /// Whether a plug-in drives `link` for real (a simulated link needs none).
    public func drives(_ link: DeviceLink) -> Bool {
        link.isSimulated || all.contains { $0.realLinks.contains(link.name) }
    }

    /// The first plug-in of type `P`, e.g. the real BLE backend a link plug-in looks for.
    public func first<P>(_ type: P.Type) -> P? {
        for plugin in all { if let match = plugin as? P { return match } }
        return nil
    }

    /// Checks every device of `rig`: a known kind, a link that kind can be reached over, and the family's parameters.
    public func validate(_ rig: RigFile) throws(RigFileError) {
        for device in rig.devices {
            guard let (plugin, support) = support(for: device.kind) else {
                let known = deviceKinds.map { JSONText.quote($0.kind.rawValue) }
                throw device.kindCursor.invalid(known.isEmpty ? "a device kind (no device family is plugged into this runner)"
                                                              : "one of \(known.joined(separator: ", "))")
            }
            guard support.links.contains(device.link.name) else {
                throw device.linkCursor.invalid("a link a \(device.kind) can be reached over (\(support.links.joined(separator: ", ")))",
                                                found: JSONText.quote(device.link.name))
            }
            try plugin.validate(device, in: rig)
        }
    }

    /// Every capture a finished scenario's trace gives.
    public func captures(of trace: [TraceEvent], unixStart: Double) -> [RunCapture] {
        all.flatMap { $0.captures(of: trace, unixStart: unixStart) }
    }

    /// The trace event kinds the plug-ins call protocol detail.
    public var protocolEventKinds: Set<String> { Set(all.flatMap(\.protocolEventKinds)) }
    /// The fault event kinds of every plug-in.
    public var faultEventKinds: Set<String> { Set(all.flatMap(\.faultEventKinds)) }

    /// The kind the first plug-in that recognises `device` gives it.
    public func recognise(_ device: ProbedDevice) -> DeviceKind? {
        for plugin in all { if let kind = plugin.recognise(device) { return kind } }
        return nil
    }
}
