import SpectralAnalyzer
import SpectralModelIO

/// Reads the CSV and model files commands take, turning failures into exit-code-3 messages.
enum InputFiles {
    /// A failure to read an input, already phrased for standard error.
    struct Failure: Error {
        /// The message naming the file and what is wrong.
        let message: String
    }

    /// Reads spectra from `path`, keeping the rows `filter` selects.
    static func spectra(
        path: String, target: String?, kind: SpectraCSV.TargetKind, filter: RowFilter?, in directory: WorkingDirectory
    ) throws(Failure) -> SpectralDataset {
        let dataset: SpectralDataset
        do {
            dataset = try SpectraCSV.read(path: directory.resolve(path), targetColumn: target, targetKind: kind)
        } catch {
            throw Failure(message: directory.showingAsTyped(error.description, path))
        }
        guard let filter else { return dataset }
        guard let column = dataset.annotations[filter.column] else {
            throw Failure(message: "\(path):1: no column '\(filter.column)' to filter on"
                + " (named columns: \(dataset.annotations.keys.sorted().joined(separator: ", ")))")
        }
        let kept = column.indices.filter { column[$0] == filter.value }
        guard !kept.isEmpty else {
            throw Failure(message: "\(path): no row has \(filter.column)=\(filter.value)")
        }
        return dataset.selecting(kept)
    }

    /// Loads the model at `path`.
    static func model(path: String, in directory: WorkingDirectory) throws(Failure) -> SpectralModel {
        do {
            return try ModelFile.load(path: directory.resolve(path))
        } catch {
            throw Failure(message: directory.showingAsTyped(error.description, path))
        }
    }

    /// Checks that the CSV's wavelengths are the model's, so spectra line up point by point.
    static func checkWavelengths(_ dataset: SpectralDataset, model: SpectralModel, path: String) throws(Failure) {
        guard dataset.wavelengths.count == model.wavelengths.count else {
            throw Failure(message: "\(path):1: \(dataset.wavelengths.count) wavelength columns, the model expects \(model.wavelengths.count)")
        }
        for (index, (found, expected)) in zip(dataset.wavelengths, model.wavelengths).enumerated()
        where abs(found - expected) > 1e-6 * max(1, abs(expected)) {
            throw Failure(message: "\(path):1: wavelength column \(index + 1) is \(found), the model expects \(expected)")
        }
    }
}
