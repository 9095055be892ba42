/// K-fold cross-validation of preprocessing plus PLS for every component count up to a maximum.
///
/// Each fold fits the preprocessing pipeline and the PLS model on its training spectra only,
/// so parameters such as the MSC reference never see the validation spectra.
public struct CrossValidation: Sendable, Equatable {
    /// The folds used.
    public let folds: KFold
    /// The cross-validated predictions for 1, 2, … components: `predictions[a − 1]` is samples × responses.
    public let predictions: [Matrix]

    /// The largest component count that was validated.
    public var maximumComponents: Int { predictions.count }

    /// Runs the cross-validation of `pipeline` and PLS with up to `maximumComponents` components.
    ///
    /// The maximum is lowered to what every fold supports (training spectra − 1, preprocessed points,
    /// and components the data can carry).
    public static func run(
        spectra: Matrix, wavelengths: [Double], responses: Matrix, pipeline: PreprocessingPipeline,
        maximumComponents: Int, folds: KFold
    ) throws(TrainingError) -> CrossValidation {
        guard folds.assignments.count == spectra.rows, responses.rows == spectra.rows else {
            throw .datasetMismatch
        }
        var models: [(model: PLSRegression, preprocessing: FittedPreprocessingPipeline, validation: [Int])] = []
        for fold in 0..<folds.folds {
            let (training, validation) = folds.split(fold)
            guard training.count >= 2, !validation.isEmpty else { throw .tooFewSamples(found: spectra.rows, needed: 3) }
            let trainingSpectra = spectra.selectingRows(training)
            let preprocessing: FittedPreprocessingPipeline
            do {
                preprocessing = try pipeline.fit(spectra: trainingSpectra, wavelengths: wavelengths)
            } catch {
                throw .preprocessing(error)
            }
            let x = preprocessing.transform(trainingSpectra)
            let limit = min(maximumComponents, training.count - 1, x.columns)
            do {
                let model = try PLSRegression.fit(x: x, y: responses.selectingRows(training), components: limit)
                models.append((model, preprocessing, validation))
            } catch {
                throw .regression(error)
            }
        }
        let reachable = models.map(\.model.components).min() ?? 0
        guard reachable >= 1 else { throw .regression(.noCorrelatedVariance) }
        var predictions = Array(repeating: Matrix(rows: spectra.rows, columns: responses.columns), count: reachable)
        for (model, preprocessing, validation) in models {
            let x = preprocessing.transform(spectra.selectingRows(validation))
            for count in 1...reachable {
                let predicted = model.truncated(to: count).predict(x)
                for (row, sample) in validation.enumerated() {
                    predictions[count - 1].setRow(sample, predicted.row(row))
                }
            }
        }
        return CrossValidation(folds: folds, predictions: predictions)
    }
}
