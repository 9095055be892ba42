/// A SCiO hardware generation, as the cloud names it (`"1.1"`, `"1.2"`, `"1.3"`).
///
/// RigKit encodes it in the first byte of the device ID (0x11, 0x12, 0x13),
/// so the version can be found from the ID alone, as the SDK's
/// `getSCiOVersionByDeviceID` does.
public struct ScioVersion: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let v1_1 = ScioVersion(rawValue: "1.1")
    public static let v1_2 = ScioVersion(rawValue: "1.2")
    public static let v1_3 = ScioVersion(rawValue: "1.3")

    /// Every generation RigKit knows, oldest first.
    public static let known: [ScioVersion] = [.v1_1, .v1_2, .v1_3]

    /// The generation code in a device ID's first byte.
    public var generationCode: UInt8? {
        switch self {
        case .v1_1: 0x11
        case .v1_2: 0x12
        case .v1_3: 0x13
        default: nil
        }
    }

    /// The generation of the device with `id`, or nil when the code is unknown.
    public init?(deviceID id: ScioDeviceID) {
        guard let match = Self.known.first(where: { $0.generationCode == id.bytes[0] }) else { return nil }
        self = match
    }
}
