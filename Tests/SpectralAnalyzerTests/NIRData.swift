import SpectralAnalyzer
import SpectralModelIO

/// Loads the committed real NIR data sets from `data/nir/`.
enum NIRData {
    static let directory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/data/nir"
    }()

    static func load(_ name: String, target: String, kind: SpectraCSV.TargetKind = .numeric) throws -> SpectralDataset {
        try SpectraCSV.read(path: "\(directory)/\(name).csv", targetColumn: target, targetKind: kind)
    }

    static func gasoline() throws -> SpectralDataset { try load("gasoline", target: "octane") }
    static func yarn() throws -> SpectralDataset { try load("yarn", target: "density") }
    static func mayonnaise() throws -> SpectralDataset { try load("mayonnaise", target: "oil", kind: .labels) }

    /// The rows whose `set` column holds `value`.
    static func subset(_ dataset: SpectralDataset, _ value: String) -> SpectralDataset {
        let column = dataset.annotations["set"] ?? []
        return dataset.selecting(column.indices.filter { column[$0] == value })
    }
}

/// Whether two numbers agree within a relative tolerance (absolute near zero).
func close(_ a: Double, _ b: Double, relative: Double = 1e-9) -> Bool {
    abs(a - b) <= relative * max(1, abs(a), abs(b))
}
