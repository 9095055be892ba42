/// An E4's firmware version, `major.minor`; tags need a recent one.
///
/// EmpaLink: "Tags are available with latest version of E4 firmware." RigKit's reading ★:
/// firmware 2.0 and later serve the tag characteristic and send a tag per button press;
/// 1.x streams everything else and has no tags. An E3 never has tags.
public struct E4Firmware: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Parses `major.minor`, e.g. `2.1`.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]), major >= 0, minor >= 0 else { return nil }
        self.init(major: major, minor: minor)
    }

    /// The first firmware with tags.
    public static let firstWithTags = E4Firmware(major: 2, minor: 0)
    /// The firmware a simulated band runs unless the rig file says otherwise.
    public static let current = E4Firmware(major: 2, minor: 1)

    public var hasTags: Bool { self >= Self.firstWithTags }
    public var description: String { "\(major).\(minor)" }

    public static func < (a: E4Firmware, b: E4Firmware) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
}
