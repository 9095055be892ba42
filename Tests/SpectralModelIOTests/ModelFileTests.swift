import Foundation
import Testing
import SpectralAnalyzer
@testable import SpectralModelIO

@Suite struct ModelFileTests {
    static let model: SpectralModel = {
        let x = Matrix(rowArrays: (0..<12).map { i -> [Double] in
            let t = Double(i), u = Double((i * 7) % 5)
            return (0..<9).map { (j: Int) -> Double in
                let first: Double = sin(Double(j) * 0.7) * t
                let second: Double = cos(Double(j)) * u
                return first + second + 0.01 * Double(j * i % 3)
            }
        })!
        let wavelengths: [Double] = (0..<9).map { (j: Int) -> Double in 740 + Double(j) }
        let sugar: [Double] = (0..<12).map { (i: Int) -> Double in Double(i) * 0.5 + Double((i * 7) % 5) }
        let dataset = SpectralDataset(wavelengths: wavelengths, spectra: x, targetName: "sugar", targets: .numeric(sugar))!
        return try! ModelTrainer.train(dataset, configuration: TrainingConfiguration(
            kind: .estimation, name: "sugar in apples", unit: "%", supportedSCiOVersions: ["1.1", "1.2"],
            pipeline: PreprocessingPipeline([.standardNormalVariate, .savitzkyGolay(filter: try! SavitzkyGolay(window: 5, polynomialOrder: 2))]),
            components: .fixed(2), folds: 4)).model
    }()

    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "rigkit-model-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func json(_ model: SpectralModel) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: ModelFile.encode(model)) as! [String: Any]
    }

    @Test func roundTripKeepsEveryField() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/sugar.model.json"
        try ModelFile.save(Self.model, path: path)
        let loaded = try ModelFile.load(path: path)
        #expect(loaded == Self.model)
        #expect(loaded.supportedSCiOVersions == ["1.1", "1.2"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["sugar.model.json"])
        let header = try json(Self.model)
        #expect(header["format"] as? String == "rigkit.spectral-model")
        #expect(header["formatVersion"] as? Int == 1)
    }

    @Test func savingReplacesAnExistingFileAtomically() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/m.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try ModelFile.save(Self.model, path: path)
        #expect(try ModelFile.load(path: path) == Self.model)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["m.json"])
    }

    @Test func unwritableDirectoryIsAnError() {
        #expect {
            try ModelFile.save(Self.model, path: "/nonexistent-dir/m.json")
        } throws: { error in
            guard case .unwritable(let path, _) = error as? ModelFileError else { return false }
            return path == "/nonexistent-dir/m.json"
        }
    }

    @Test func truncatedFileIsReportedAsTruncated() throws {
        let data = try ModelFile.encode(Self.model)
        for length in [data.count / 3, data.count - 2] {
            #expect(throws: ModelFileError.truncated(path: "t.json")) {
                try ModelFile.decode(data.prefix(length), path: "t.json")
            }
        }
    }

    @Test func corruptFilesAreClearErrors() throws {
        #expect(throws: ModelFileError.empty(path: "e.json")) { try ModelFile.decode(Data(" \n".utf8), path: "e.json") }
        #expect {
            try ModelFile.decode(Data("{\"format\": rigkit}".utf8), path: "c.json")
        } throws: { error in
            if case .malformed(let path, _) = error as? ModelFileError { path == "c.json" } else { false }
        }
        #expect(throws: ModelFileError.notAModelFile(path: "o.json", format: "other")) {
            try ModelFile.decode(Data("{\"format\": \"other\", \"formatVersion\": 1}".utf8), path: "o.json")
        }
        #expect(throws: ModelFileError.notAModelFile(path: "a.json", format: nil)) {
            try ModelFile.decode(Data("[1, 2]".utf8), path: "a.json")
        }
    }

    @Test func newerVersionIsRefused() throws {
        var object = try json(Self.model)
        object["formatVersion"] = 3
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: ModelFileError.newerVersion(path: "n.json", found: 3, supported: 2)) {
            try ModelFile.decode(data, path: "n.json")
        }
        object["formatVersion"] = 0
        #expect(throws: ModelFileError.unsupportedVersion(path: "n.json", found: 0)) {
            try ModelFile.decode(try JSONSerialization.data(withJSONObject: object), path: "n.json")
        }
    }

    @Test func inconsistentContentNamesTheField() throws {
        var object = try json(Self.model)
        var model = object["model"] as! [String: Any]
        var regression = model["regression"] as! [String: Any]
        var weights = regression["weights"] as! [String: Any]
        weights["values"] = [1.0, 2.0]
        regression["weights"] = weights
        model["regression"] = regression
        object["model"] = model
        #expect {
            try ModelFile.decode(try JSONSerialization.data(withJSONObject: object), path: "i.json")
        } throws: { error in
            guard case .invalidContent(let path, let field, let detail) = error as? ModelFileError else { return false }
            return path == "i.json" && field.contains("weights") && detail.contains("values")
        }

        model = object["model"] as! [String: Any]
        model["wavelengths"] = [740.0, 741.0]
        regression["weights"] = (try json(Self.model)["model"] as! [String: Any])["regression"].flatMap { ($0 as! [String: Any])["weights"] }
        model["regression"] = regression
        object["model"] = model
        #expect {
            try ModelFile.decode(try JSONSerialization.data(withJSONObject: object), path: "w.json")
        } throws: { error in
            guard case .invalidContent(_, _, let detail) = error as? ModelFileError else { return false }
            return detail.contains("wavelengths")
        }

        model.removeValue(forKey: "kind")
        object["model"] = model
        #expect(throws: ModelFileError.invalidContent(path: "k.json", field: "model.kind", detail: "missing")) {
            try ModelFile.decode(try JSONSerialization.data(withJSONObject: object), path: "k.json")
        }
    }

    /// The model's JSON with one member replaced; `path` is the member's path below the top level.
    func edited(_ path: [String], _ value: Any?) throws -> Data {
        func replace(_ object: Any, _ path: ArraySlice<String>) -> Any {
            guard let key = path.first else { return value as Any }
            if let index = Int(key), var array = object as? [Any] {
                array[index] = replace(array[index], path.dropFirst())
                return array
            }
            var dictionary = object as! [String: Any]
            if path.count == 1, value == nil {
                dictionary.removeValue(forKey: key)
            } else {
                dictionary[key] = replace(dictionary[key] as Any, path.dropFirst())
            }
            return dictionary
        }
        return try JSONSerialization.data(withJSONObject: replace(try json(Self.model), path[...]))
    }

    func expectInvalid(_ data: Data, field: String, detail: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            try ModelFile.decode(data, path: "bad.json")
        } throws: { error in
            guard case .invalidContent(let path, let found, let text) = error as? ModelFileError else { return false }
            return path == "bad.json" && found == field && text.contains(detail)
                && (error as! ModelFileError).description.hasPrefix("bad.json: invalid model at '\(field)'")
        }
    }

    @Test func errorsNameTheFieldThatIsWrong() throws {
        // A version beyond Int is not "no 'format' field".
        let huge = String(data: try ModelFile.encode(Self.model), encoding: .utf8)!
            .replacingOccurrences(of: "\"formatVersion\" : 1", with: "\"formatVersion\" : 1180591620717411303424")
        expectInvalid(Data(huge.utf8), field: "formatVersion", detail: "1180591620717411303424")
        expectInvalid(try edited(["formatVersion"], "one"), field: "formatVersion", detail: "expected an integer")
        expectInvalid(try edited(["formatVersion"], 1.5), field: "formatVersion", detail: "expected an integer")
        expectInvalid(try edited(["formatVersion"], nil), field: "formatVersion", detail: "missing")
        // Outlier limits: each named at its own member.
        expectInvalid(try edited(["model", "outliers", "hotellingT2Limit"], -3.0), field: "model.outliers.hotellingT2Limit", detail: "-3.0")
        expectInvalid(try edited(["model", "outliers", "qResidualLimit"], -1.0), field: "model.outliers.qResidualLimit", detail: "-1.0")
        expectInvalid(try edited(["model", "outliers", "confidence"], 1.5), field: "model.outliers.confidence", detail: "1.5")
        // Savitzky–Golay: a bad order or derivative is not reported at the window.
        let filter = ["model", "pipeline", "steps", "1", "savitzkyGolay", "filter"]
        expectInvalid(try edited(filter + ["polynomialOrder"], 9), field: "model.pipeline.steps[1].savitzkyGolay.filter.polynomialOrder", detail: "order 9")
        expectInvalid(try edited(filter + ["derivative"], 3), field: "model.pipeline.steps[1].savitzkyGolay.filter.derivative", detail: "derivative 3")
        expectInvalid(try edited(filter + ["window"], 4), field: "model.pipeline.steps[1].savitzkyGolay.filter.window", detail: "window 4")
    }

    @Test func inconsistentModelsAreRefused() throws {
        expectInvalid(try edited(["model", "training", "components"], 11), field: "model.training.components", detail: "11 components but the model has 2")
        expectInvalid(try edited(["model", "training", "samples"], -50), field: "model.training.samples", detail: "-50 training spectra")
        expectInvalid(try edited(["model", "training", "folds"], 1), field: "model.training.folds", detail: "1 cross-validation folds")
        var wavelengths = Self.model.wavelengths
        wavelengths.swapAt(3, 4)
        expectInvalid(try edited(["model", "wavelengths"], wavelengths), field: "model.wavelengths[4]", detail: "out of order")
        // Decreasing wavelengths are an order too.
        let decreasing = try edited(["model", "wavelengths"], Array(Self.model.wavelengths.reversed()))
        #expect(try ModelFile.decode(decreasing, path: "d.json").wavelengths.first == 748)
    }

    @Test func version2MembersAreRefusedInAVersion1File() throws {
        // A v1 file (no groups) stays v1; the grouped members only exist from version 2.
        #expect(try json(Self.model)["formatVersion"] as? Int == 1)
        expectInvalid(try edited(["model", "training", "groups"], 4), field: "model.training.groups", detail: "unknown member")
    }

    static let simcaModel: SpectralModel = {
        var rows: [[Double]] = [], labels: [String] = []
        for i in 0..<36 {
            let t = Double(i % 12), cls = i % 3
            rows.append((0..<9).map { j in sin(Double(j) * 0.5 + Double(cls)) * (1 + 0.1 * t) + 0.02 * Double((i * j) % 5) })
            labels.append(["apple", "pear", "plum"][cls])
        }
        let dataset = SpectralDataset(
            wavelengths: (0..<9).map { 740 + Double($0) }, spectra: Matrix(rowArrays: rows)!, targetName: "fruit",
            targets: .labels(labels))!
        return try! ModelTrainer.train(dataset, configuration: TrainingConfiguration(
            kind: .classification, method: .simca, components: .fixed(2), folds: 3)).model
    }()

    @Test func simcaModelsRoundTripAsVersion2() throws {
        let data = try ModelFile.encode(Self.simcaModel)
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(object["formatVersion"] as? Int == 2)
        let model = object["model"] as! [String: Any]
        #expect(model["method"] as? String == "simca" && model["regression"] == nil && model["outliers"] == nil)
        let loaded = try ModelFile.decode(data, path: "s.json")
        #expect(loaded == Self.simcaModel)
        let spectrum = (0..<9).map { sin(Double($0) * 0.5) }
        #expect(try loaded.analyze(spectrum) == Self.simcaModel.analyze(spectrum))

        // Version 1 knows no SIMCA; a damaged class model names its field.
        var v1 = object
        v1["formatVersion"] = 1
        expectInvalid(try JSONSerialization.data(withJSONObject: v1), field: "model.method", detail: "unknown member")
        var broken = object, brokenModel = model
        var simca = brokenModel["simca"] as! [String: Any]
        var classes = simca["classes"] as! [[String: Any]]
        var components = classes[1]["components"] as! [String: Any]
        components["scoreVariances"] = [1.0, -2.0]
        classes[1]["components"] = components
        simca["classes"] = classes
        brokenModel["simca"] = simca
        broken["model"] = brokenModel
        expectInvalid(try JSONSerialization.data(withJSONObject: broken), field: "model.simca.classes[1].components.scoreVariances",
                      detail: "positive")
        brokenModel["regression"] = (try json(Self.model)["model"] as! [String: Any])["regression"]
        brokenModel["simca"] = model["simca"]
        broken["model"] = brokenModel
        expectInvalid(try JSONSerialization.data(withJSONObject: broken), field: "model.method", detail: "a SIMCA model")
    }

    @Test func unknownMembersAreRefused() throws {
        expectInvalid(try edited(["extra"], 1), field: "extra", detail: "unknown member")
        expectInvalid(try edited(["model", "colour"], "red"), field: "model.colour", detail: "unknown member")
        expectInvalid(try edited(["model", "regression", "weights", "transposed"], true), field: "model.regression.weights.transposed", detail: "unknown member")
        expectInvalid(try edited(["model", "pipeline", "steps", "0", "standardNormalVariate", "robust"], true),
                      field: "model.pipeline.steps[0].standardNormalVariate.robust", detail: "unknown member")
        expectInvalid(try edited(["model", "training", "crossValidation", "0", "mae"], 0.1),
                      field: "model.training.crossValidation[0].mae", detail: "unknown member")
    }

    @Test func missingFileIsNotFound() {
        #expect(throws: ModelFileError.notFound(path: "/nonexistent/model.json")) {
            try ModelFile.load(path: "/nonexistent/model.json")
        }
    }
}
