/// The members each object of a model file may have, so a reader refuses what it does not know.
///
/// `JSONDecoder` ignores members it has no key for; a model file with a misspelt or foreign
/// member would then half-load. The schema is walked over the parsed JSON before decoding.
indirect enum ModelFileSchema: Sendable {
    /// An object whose members are listed; each is optional here (the decoder reports missing ones).
    case object([String: ModelFileSchema])
    /// An array whose elements all follow the schema.
    case array(ModelFileSchema)
    /// A number, string, boolean or null.
    case value

    static let matrix = ModelFileSchema.object(["rows": .value, "columns": .value, "values": .value])
    static let savitzkyGolay = ModelFileSchema.object(["filter": .object(["window": .value, "polynomialOrder": .value, "derivative": .value])])
    static let empty = ModelFileSchema.object([:])

    /// The whole file of the given format version.
    static func envelope(version: Int) -> ModelFileSchema {
        var training: [String: ModelFileSchema] = [
            "samples": .value, "components": .value, "componentsChosenAutomatically": .value, "folds": .value, "seed": .value,
            "crossValidation": .array(.object(["components": .value, "rmsecv": .value, "rSquared": .value, "accuracy": .value])),
        ]
        if version >= 2 { training["groupColumn"] = .value; training["groups"] = .value }
        var model: [String: ModelFileSchema] = [
            "name": .value, "kind": .value, "attributeName": .value, "unit": .value,
            "supportedSCiOVersions": .value, "wavelengths": .value, "classes": .value,
            "calibration": .object(["temperature": .value]),
            "pipeline": .object(["steps": .array(.object([
                "wavelengthRange": .object(["minimum": .value, "maximum": .value]),
                "standardNormalVariate": empty, "multiplicativeScatterCorrection": empty,
                "savitzkyGolay": savitzkyGolay, "meanCentering": empty, "autoscaling": empty,
            ]))]),
            "preprocessing": .object(["inputWidth": .value, "steps": .array(.object([
                "columnSelection": .object(["indices": .value]), "standardNormalVariate": empty,
                "multiplicativeScatterCorrection": .object(["reference": .value]), "savitzkyGolay": savitzkyGolay,
                "centering": .object(["means": .value]), "scaling": .object(["means": .value, "scales": .value]),
            ]))]),
            "regression": .object([
                "xMeans": .value, "yMeans": .value, "weights": matrix, "xLoadings": matrix, "yLoadings": matrix,
                "scoreVariances": .value,
            ]),
            "outliers": .object(["confidence": .value, "hotellingT2Limit": .value, "qResidualLimit": .value, "qLimitMethod": .value]),
            "training": .object(training),
        ]
        if version >= 2 {
            model["method"] = .value
            model["simca"] = .object(["classes": .array(.object([
                "label": .value, "hotellingT2Limit": .value, "qResidualLimit": .value,
                "components": .object(["means": .value, "loadings": matrix, "scoreVariances": .value, "residualMoments": .value]),
            ]))])
        }
        return .object(["format": .value, "formatVersion": .value, "model": .object(model)])
    }

    /// The JSON path of the first member `json` has that the schema does not list, or nil when there is none.
    func firstUnknownMember(in json: Any, path: String = "") -> String? {
        switch self {
        case .value:
            return nil
        case .array(let element):
            guard let items = json as? [Any] else { return nil }
            for (index, item) in items.enumerated() {
                if let found = element.firstUnknownMember(in: item, path: "\(path)[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            guard let object = json as? [String: Any] else { return nil }
            for key in object.keys.sorted() {
                let memberPath = path.isEmpty ? key : "\(path).\(key)"
                guard let schema = members[key] else { return memberPath }
                if let found = schema.firstUnknownMember(in: object[key]!, path: memberPath) { return found }
            }
            return nil
        }
    }
}
