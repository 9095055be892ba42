/// Counts of actual against predicted classes, with outliers (no prediction) counted apart.
public struct ConfusionMatrix: Sendable, Equatable, Codable {
    /// The class labels, indexing both rows (actual) and columns (predicted).
    public let classes: [String]
    /// `counts[actual][predicted]`.
    public private(set) var counts: [[Int]]
    /// Spectra per actual class that were rejected as outliers and so have no prediction.
    public private(set) var unpredicted: [Int]

    /// Creates an empty matrix over `classes`.
    public init(classes: [String]) {
        self.classes = classes
        counts = Array(repeating: Array(repeating: 0, count: classes.count), count: classes.count)
        unpredicted = Array(repeating: 0, count: classes.count)
    }

    /// Records one spectrum of class index `actual` predicted as class index `predicted` (nil for an outlier).
    public mutating func record(actual: Int, predicted: Int?) {
        guard classes.indices.contains(actual) else { return }
        if let predicted, classes.indices.contains(predicted) {
            counts[actual][predicted] += 1
        } else {
            unpredicted[actual] += 1
        }
    }

    /// The number of spectra recorded, outliers included.
    public var total: Int { counts.joined().reduce(0, +) + unpredicted.reduce(0, +) }

    /// The number of correct predictions.
    public var correct: Int { classes.indices.reduce(0) { $0 + counts[$1][$1] } }

    /// Correct predictions over all recorded spectra (an outlier counts as wrong); NaN when empty.
    public var accuracy: Double { total == 0 ? .nan : Double(correct) / Double(total) }

    /// A fixed-width text table, actual classes down, predicted across, with an outlier column.
    public var table: String {
        let header = ["actual \\ predicted"] + classes + ["outlier"]
        let rows = classes.indices.map { [classes[$0]] + counts[$0].map(String.init) + [String(unpredicted[$0])] }
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        let format = { (cells: [String]) -> String in
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        return ([format(header)] + rows.map(format)).joined(separator: "\n")
    }
}
