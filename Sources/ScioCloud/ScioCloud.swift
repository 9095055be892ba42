import Foundation
import RigCore
import ScioProtocol
import SpectralAnalyzer
import SpectralModelIO
import Spectrometer

/// The SDK's `CPScioCloud`, run locally on RigKit's spectral analyzer: model lists, SCiO version by device ID, analysis.
///
/// Every call is a request to the cloud: a scenario can make any of them fail
/// (`setFailure`) offline, with a server error or with a time-out, which takes the
/// request time limit on the rig's clock. A reading from a SCiO version a model does
/// not list is analyzed and flagged `isDegraded`; blocking a version is the app's call
/// (`ScioVersionGate`).
public actor ScioCloud {
    private struct Entry: Sendable {
        var info: ScioModelInfo
        var model: SpectralModel
    }

    private var entries: [Entry] = []
    private var failures: [ScioCloudOperation: ScioCloudFailure] = [:]
    private let clock: (any RigClock)?
    private let trace: TraceLog?
    /// How long a request waits for an answer before failing with a time-out.
    public var requestTimeout: Duration = .seconds(30)

    /// A cloud with the given models; `cp` marks ConsumerPhysics models, the rest are the developer's own.
    /// Time-outs wait on `clock` (at once without one); failed requests go to `trace`.
    public init(models: [(identifier: String, model: SpectralModel, cp: Bool)], clock: (any RigClock)? = nil,
                trace: TraceLog? = nil) throws(ScioCloudError) {
        var seen: Set<String> = []
        for item in models {
            guard seen.insert(item.identifier).inserted else { throw .duplicateIdentifier(item.identifier) }
            entries.append(Entry(info: ScioModelInfo(item.model, identifier: item.identifier, isCPModel: item.cp), model: item.model))
        }
        self.clock = clock
        self.trace = trace
    }

    /// The cloud with RigKit's shipped models (`Sources/ScioCloud/Models`): `cp/*.json` are CP models, `own/*.json` the developer's.
    public static func bundled(clock: (any RigClock)? = nil, trace: TraceLog? = nil) throws(ScioCloudError) -> ScioCloud {
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
        return try ScioCloud(models: models, clock: clock, trace: trace)
    }

    // MARK: Faults

    /// Makes every later request of `operations` fail as `failure`; nil makes them work again.
    public func setFailure(_ failure: ScioCloudFailure?, for operations: [ScioCloudOperation] = ScioCloudOperation.allCases) {
        for operation in operations { failures[operation] = failure }
        trace?.record("SCiO cloud", "fault", [("failure", failure.map(String.init(describing:)) ?? "none"),
                                               ("operations", operations.map(\.rawValue).joined(separator: ","))])
    }

    /// Sets how long a request waits before failing with a time-out.
    public func setRequestTimeout(_ limit: Duration) { requestTimeout = limit }

    /// Fails the request the way the scenario set, if it did.
    private func send(_ operation: ScioCloudOperation) async throws(ScioCloudError) {
        guard let failure = failures[operation] else { return }
        if failure == .timeout, let clock { try? await clock.sleep(for: requestTimeout) }
        trace?.record("SCiO cloud", "requestFailed", [("operation", operation.rawValue), ("failure", failure.description)])
        throw .requestFailed(operation, failure)
    }

    // MARK: Requests

    /// The developer's own models (`getModelsWithCompletion`).
    public func models() async throws(ScioCloudError) -> [ScioModelInfo] {
        try await send(.models)
        return entries.filter { !$0.info.isCPModel }.map(\.info)
    }

    /// ConsumerPhysics' models (`getCPModelsWithCompletion`).
    public func cpModels() async throws(ScioCloudError) -> [ScioModelInfo] {
        try await send(.cpModels)
        return entries.filter(\.info.isCPModel).map(\.info)
    }

    /// The SCiO version of the device with this ID (`getSCiOVersionByDeviceID`), a request to the cloud.
    public func scioVersion(deviceID: String) async throws(ScioCloudError) -> ScioVersion {
        try await send(.versionLookup)
        return try Self.version(deviceID: deviceID)
    }

    /// The cloud's record of the device's generation: RigKit's cloud reads it from the ID's first byte.
    private static func version(deviceID: String) throws(ScioCloudError) -> ScioVersion {
        guard let id = ScioDeviceID(hex: deviceID), let version = ScioVersion(deviceID: id) else { throw .unknownDevice(deviceID: deviceID) }
        return version
    }

    /// Analyzes `reading` with one model; a SCiO version the model does not list gives a degraded result.
    public func analyze(_ reading: ScioReading, modelIdentifier: String) async throws(ScioCloudError) -> ScioModelResult {
        try await send(.analyze)
        return try analyzeOne(reading, modelIdentifier: modelIdentifier)
    }

    /// Analyzes `reading` with several models in one request; fails as a whole when one identifier is unknown.
    public func analyze(_ reading: ScioReading, modelIdentifiers: [String]) async throws(ScioCloudError) -> [ScioModelResult] {
        try await send(.analyze)
        var results: [ScioModelResult] = []
        for identifier in modelIdentifiers { results.append(try analyzeOne(reading, modelIdentifier: identifier)) }
        return results
    }

    private func analyzeOne(_ reading: ScioReading, modelIdentifier: String) throws(ScioCloudError) -> ScioModelResult {
        guard let entry = entries.first(where: { $0.info.identifier == modelIdentifier }) else { throw .unknownModel(identifier: modelIdentifier) }
        let version = try Self.version(deviceID: reading.deviceID)
        let supported = entry.model.supports(scioVersion: version.rawValue)
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
}
