import ScioProtocol
import Spectrometer

/// The app's decision, before analysis, to block or approve spectra of a SCiO version (the seed: "verify which SCiO
/// version is used and block or approve its spectra prior to analysis").
///
/// The cloud only reports: the version of a device (`ScioCloud.scioVersion(deviceID:)`), the versions a model
/// supports and, for a reading of another version, a result flagged `isDegraded`. Blocking is the app's call.
public struct ScioVersionGate: Sendable, Equatable {
    /// The versions whose spectra the app refuses.
    public var blocked: [ScioVersion]

    /// A gate refusing spectra of `blocked`.
    public init(blocking blocked: [ScioVersion]) { self.blocked = blocked }

    /// A gate approving only the versions a model lists as supported, refusing every other known version.
    public init(approvingOnlyVersionsOf model: ScioModelInfo) {
        blocked = ScioVersion.known.filter { !model.supportedSCiOVersions.contains($0.rawValue) }
    }

    /// Whether spectra of `version` go on to analysis.
    public func approves(_ version: ScioVersion) -> Bool { !blocked.contains(version) }

    /// Throws `versionBlocked` unless the reading, of `version` as the cloud reported it, may be analyzed.
    public func check(_ reading: ScioReading, version: ScioVersion) throws(ScioCloudError) {
        guard approves(version) else { throw .versionBlocked(version: version.rawValue, deviceID: reading.deviceID) }
    }
}
