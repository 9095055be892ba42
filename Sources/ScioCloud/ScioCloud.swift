import Foundation
import ScioProtocol
import SpectralAnalyzer
import SpectralModelIO
import Spectrometer

/// The SDK's `CPScioCloud`, run locally on RigKit's spectral analyzer: model lists, SCiO version by device ID, analysis.
///
/// The version policy decides what happens to a reading from a SCiO version a
/// model does not list: blocked (an error) or approved (analyzed and flagged degraded).
public actor ScioCloud {
    private struct Entry: Sendable {
        var info: ScioModelInfo
        var model: SpectralModel
    }

    private var entries: [Entry] = []
    public private(set) var versionPolicy: ScioVersionPolicy

    /// A cloud with the given models; `cp` marks ConsumerPhysics models, the rest are the developer's own.
    public init(models: [(identifier: String, model: SpectralModel, cp: Bool)], versionPolicy: ScioVersionPolicy = .block) throws(ScioCloudError) {
        var seen: Set<String> = []
        for item in models {
            guard seen.insert(item.identifier).inserted else { throw .duplicateIdentifier(item.identifier) }
            entries.append(Entry(info: ScioModelInfo(item.model, identifier: item.identifier, isCPModel: item.cp), model: item.model))
        }
        self.versionPolicy = versionPolicy
    }

    /// The cloud with RigKit's shipped models (`Sources/ScioCloud/Models`): `cp/*.json` are CP models, `own/*.json` the developer's.
    public static func bundled(versionPolicy: ScioVersionPolicy = .block) throws(ScioCloudError) -> ScioCloud {
        guard let root = Bundle.module.url(forResource: "Models", withExtension: nil) else {
            throw .modelFile(path: "Models", reason: "the bundled model folder is missing")
        }
        var models: [(String, SpectralModel, Bool)] = []
        for (folder, cp) in [("cp", true), ("own", false)] {
            let directory = root.appendingPathComponent(folder)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for name in names {
                let path = directory.appendingPathComponent(name).path
                do {
                    models.append(("\(folder).\(name.dropLast(5))", try ModelFile.load(path: path), cp))
                } catch { throw .modelFile(path: path, reason: "\(error)") }
            }
        }
        return try ScioCloud(models: models, versionPolicy: versionPolicy)
    }

    public func setVersionPolicy(_ policy: ScioVersionPolicy) { versionPolicy = policy }

    /// The developer's own models (`getModelsWithCompletion`).
    public func models() -> [ScioModelInfo] { entries.filter { !$0.info.isCPModel }.map(\.info) }

    /// ConsumerPhysics' models (`getCPModelsWithCompletion`).
    public func cpModels() -> [ScioModelInfo] { entries.filter(\.info.isCPModel).map(\.info) }

    /// The SCiO version of the device with this ID (`getSCiOVersionByDeviceID`).
    public func scioVersion(deviceID: String) throws(ScioCloudError) -> ScioVersion {
        guard let id = ScioDeviceID(hex: deviceID), let version = ScioVersion(deviceID: id) else { throw .unknownDevice(deviceID: deviceID) }
        return version
    }

    /// Analyzes `reading` with one model.
    public func analyze(_ reading: ScioReading, modelIdentifier: String) throws(ScioCloudError) -> ScioModelResult {
        guard let entry = entries.first(where: { $0.info.identifier == modelIdentifier }) else { throw .unknownModel(identifier: modelIdentifier) }
        let version = try scioVersion(deviceID: reading.deviceID)
        let supported = entry.model.supports(scioVersion: version.rawValue)
        if !supported && versionPolicy == .block {
            throw .versionBlocked(model: entry.info.name, version: version.rawValue, deviceID: reading.deviceID)
        }
        guard reading.wavelengths.count == entry.model.wavelengths.count,
              zip(reading.wavelengths, entry.model.wavelengths).allSatisfy({ abs($0 - $1) < 0.01 }) else {
            throw .readingMismatch(model: entry.info.name, reason: "\(reading.wavelengths.count) points, the model needs its \(entry.model.wavelengths.count) wavelengths")
        }
        let analysis: Analysis
        do { analysis = try entry.model.analyze(reading.reflectance) } catch {
            throw .readingMismatch(model: entry.info.name, reason: "\(error)")
        }
        var value: ScioModelResult.AttributeValue?
        var confidence: Double?
        switch analysis.value {
        case .estimate(let x)?: value = .number(x)
        case .classification(let name, let c, _)?:
            value = .label(name)
            confidence = c
        case nil: break
        }
        return ScioModelResult(model: entry.info, attributeValue: value, confidence: confidence, isDegraded: !supported, scioVersion: version,
                               hotellingT2: analysis.outlier.hotellingT2, qResidual: analysis.outlier.qResidual)
    }

    /// Analyzes `reading` with several models; fails as a whole when one identifier is unknown or blocked.
    public func analyze(_ reading: ScioReading, modelIdentifiers: [String]) throws(ScioCloudError) -> [ScioModelResult] {
        var results: [ScioModelResult] = []
        for identifier in modelIdentifiers { results.append(try analyze(reading, modelIdentifier: identifier)) }
        return results
    }
}
