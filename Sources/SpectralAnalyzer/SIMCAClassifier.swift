/// SIMCA: one principal component model per class; a spectrum belongs to each class whose T² and Q limits it meets.
///
/// The class reported is the one with the smallest combined reduced distance
/// `√((T²/T²_lim)² + (Q/Q_lim)²)`; a spectrum within no class's limits is an outlier of all
/// of them and gets no class. This is the nearest-class alternative to PLS-DA: it can say
/// "none of these", but its output is a distance, not a calibrated confidence.
public struct SIMCAClassifier: Sendable, Equatable, Codable {
    /// One class's model and limits.
    public struct ClassModel: Sendable, Equatable, Codable {
        /// The class label.
        public let label: String
        /// The class's principal components.
        public let components: PrincipalComponents
        /// The class's T² limit.
        public let hotellingT2Limit: Double
        /// The class's Q limit.
        public let qResidualLimit: Double

        private enum CodingKeys: String, CodingKey { case label, components, hotellingT2Limit, qResidualLimit }

        init(label: String, components: PrincipalComponents, hotellingT2Limit: Double, qResidualLimit: Double) {
            self.label = label
            self.components = components
            self.hotellingT2Limit = hotellingT2Limit
            self.qResidualLimit = qResidualLimit
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            label = try container.decode(String.self, forKey: .label)
            components = try container.decode(PrincipalComponents.self, forKey: .components)
            hotellingT2Limit = try container.decode(Double.self, forKey: .hotellingT2Limit)
            qResidualLimit = try container.decode(Double.self, forKey: .qResidualLimit)
            guard hotellingT2Limit > 0, hotellingT2Limit.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .hotellingT2Limit, in: container, debugDescription: "the T² limit \(hotellingT2Limit) must be finite and positive")
            }
            guard qResidualLimit > 0, qResidualLimit.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .qResidualLimit, in: container, debugDescription: "the Q limit \(qResidualLimit) must be finite and positive")
            }
        }
    }

    /// The verdict on one spectrum.
    public struct Verdict: Sendable, Equatable {
        /// The nearest class whose limits the spectrum meets; nil when it meets none.
        public let label: String?
        /// The reduced distance to every class, in class order; at most √2 means within both limits.
        public let distances: [Double]
        /// Whether the spectrum is within both limits of each class, in class order.
        public let memberships: [Bool]
        /// Hotelling's T² against each class model, in class order.
        public let hotellingT2: [Double]
        /// Q against each class model, in class order.
        public let qResiduals: [Double]
    }

    /// The preprocessing shared by every class model.
    public let preprocessing: FittedPreprocessingPipeline
    /// The class models, in sorted label order.
    public let classes: [ClassModel]

    /// Trains on labelled spectra: fits `pipeline` on all of them, then `components` principal components per class.
    public static func train(
        spectra: Matrix, wavelengths: [Double], labels: [String], pipeline: PreprocessingPipeline,
        components: Int, confidence: Double = 0.95
    ) throws(TrainingError) -> SIMCAClassifier {
        guard labels.count == spectra.rows else { throw .datasetMismatch }
        guard confidence > 0, confidence < 1 else {
            throw .invalidConfiguration("outlier confidence \(confidence) must be between 0 and 1")
        }
        let preprocessing: FittedPreprocessingPipeline
        do {
            preprocessing = try pipeline.fit(spectra: spectra, wavelengths: wavelengths)
        } catch {
            throw .preprocessing(error)
        }
        let x = preprocessing.transform(spectra)
        let names = Array(Set(labels)).sorted()
        guard names.count >= 2 else { throw .tooFewClasses(found: names.count) }
        var models: [ClassModel] = []
        for name in names {
            let members = labels.indices.filter { labels[$0] == name }
            guard members.count >= 3 else { throw .tooFewSamples(found: members.count, needed: 3) }
            guard let pca = PrincipalComponents.fit(x.selectingRows(members), components: components) else {
                throw .invalidConfiguration("class '\(name)' has no variance to model")
            }
            let moments = pca.residualMoments
            let t2 = OutlierDetector.hotellingT2Limit(components: pca.components, samples: members.count, confidence: confidence)
            let q = OutlierDetector.qResidualLimit(theta: (moments[0], moments[1], moments[2]), confidence: confidence)
            models.append(ClassModel(
                label: name, components: pca, hotellingT2Limit: t2.isFinite ? t2 : .greatestFiniteMagnitude,
                qResidualLimit: q.limit > 0 ? q.limit : .leastNormalMagnitude))
        }
        return SIMCAClassifier(preprocessing: preprocessing, classes: models)
    }

    /// Classifies one raw spectrum of the training width.
    public func classify(_ spectrum: [Double]) throws(AnalysisError) -> Verdict {
        guard spectrum.count == preprocessing.inputWidth else {
            throw .widthMismatch(expected: preprocessing.inputWidth, found: spectrum.count)
        }
        if let bad = spectrum.firstIndex(where: { !$0.isFinite }) { throw .nonFiniteValue(index: bad) }
        let x = preprocessing.transform(spectrum)
        var distances: [Double] = [], memberships: [Bool] = [], t2s: [Double] = [], qs: [Double] = []
        for model in classes {
            let (t2, q) = model.components.statistics(of: x)
            t2s.append(t2)
            qs.append(q)
            let h = t2 / model.hotellingT2Limit, r = q / model.qResidualLimit
            distances.append((h * h + r * r).squareRoot())
            memberships.append(h <= 1 && r <= 1)
        }
        let candidates = classes.indices.filter { memberships[$0] }
        let nearest = candidates.min { distances[$0] < distances[$1] }
        return Verdict(
            label: nearest.map { classes[$0].label }, distances: distances, memberships: memberships, hotellingT2: t2s, qResiduals: qs)
    }
}
