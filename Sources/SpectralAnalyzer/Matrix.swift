/// A dense, row-major matrix of `Double` values with the few operations chemometrics needs.
public struct Matrix: Sendable, Equatable, Codable {
    /// The number of rows.
    public let rows: Int
    /// The number of columns.
    public let columns: Int
    /// The entries, row after row.
    public private(set) var values: [Double]

    /// Creates a matrix filled with `value`.
    public init(rows: Int, columns: Int, repeating value: Double = 0) {
        precondition(rows >= 0 && columns >= 0, "matrix dimensions must not be negative")
        self.rows = rows
        self.columns = columns
        self.values = Array(repeating: value, count: rows * columns)
    }

    /// Creates a matrix from row-major values, or returns nil when the count does not match the shape.
    public init?(rows: Int, columns: Int, values: [Double]) {
        guard rows >= 0, columns >= 0, rows * columns == values.count else { return nil }
        self.rows = rows
        self.columns = columns
        self.values = values
    }

    /// Creates a matrix from rows of equal length, or returns nil when the rows are ragged.
    public init?(rowArrays: [[Double]]) {
        let width = rowArrays.first?.count ?? 0
        guard rowArrays.allSatisfy({ $0.count == width }) else { return nil }
        self.rows = rowArrays.count
        self.columns = width
        self.values = rowArrays.flatMap { $0 }
    }

    /// Creates an identity matrix of the given order.
    public static func identity(_ order: Int) -> Matrix {
        var result = Matrix(rows: order, columns: order)
        for index in 0..<order { result[index, index] = 1 }
        return result
    }

    private enum CodingKeys: String, CodingKey { case rows, columns, values }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rows = try container.decode(Int.self, forKey: .rows)
        let columns = try container.decode(Int.self, forKey: .columns)
        let values = try container.decode([Double].self, forKey: .values)
        guard rows >= 0, columns >= 0, rows.multipliedReportingOverflow(by: columns).partialValue == values.count,
              !rows.multipliedReportingOverflow(by: columns).overflow
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .values, in: container,
                debugDescription: "matrix of \(rows)×\(columns) needs \(rows &* columns) values, found \(values.count)")
        }
        guard values.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(
                forKey: .values, in: container, debugDescription: "matrix holds a value that is not finite")
        }
        self.rows = rows
        self.columns = columns
        self.values = values
    }

    /// The entry at `row`, `column`.
    public subscript(row: Int, column: Int) -> Double {
        get { values[row * columns + column] }
        set { values[row * columns + column] = newValue }
    }

    /// A copy of one row.
    public func row(_ index: Int) -> [Double] {
        Array(values[(index * columns)..<((index + 1) * columns)])
    }

    /// A copy of one column.
    public func column(_ index: Int) -> [Double] {
        (0..<rows).map { self[$0, index] }
    }

    /// Replaces one row with `newRow`, which must have `columns` entries.
    public mutating func setRow(_ index: Int, _ newRow: [Double]) {
        precondition(newRow.count == columns, "row length must match the column count")
        values.replaceSubrange((index * columns)..<((index + 1) * columns), with: newRow)
    }

    /// Replaces one column with `newColumn`, which must have `rows` entries.
    public mutating func setColumn(_ index: Int, _ newColumn: [Double]) {
        precondition(newColumn.count == rows, "column length must match the row count")
        for row in 0..<rows { self[row, index] = newColumn[row] }
    }

    /// The rows at the given indices, in that order.
    public func selectingRows(_ indices: [Int]) -> Matrix {
        var result = Matrix(rows: indices.count, columns: columns)
        for (target, source) in indices.enumerated() {
            result.values.replaceSubrange(
                (target * columns)..<((target + 1) * columns),
                with: values[(source * columns)..<((source + 1) * columns)])
        }
        return result
    }

    /// The columns at the given indices, in that order.
    public func selectingColumns(_ indices: [Int]) -> Matrix {
        var result = Matrix(rows: rows, columns: indices.count)
        for row in 0..<rows {
            for (target, source) in indices.enumerated() { result[row, target] = self[row, source] }
        }
        return result
    }

    /// The transpose.
    public var transposed: Matrix {
        var result = Matrix(rows: columns, columns: rows)
        for row in 0..<rows {
            for column in 0..<columns { result[column, row] = self[row, column] }
        }
        return result
    }

    /// The matrix product `self × other`.
    public func multiplied(by other: Matrix) -> Matrix {
        precondition(columns == other.rows, "inner dimensions must agree")
        var result = Matrix(rows: rows, columns: other.columns)
        let inner = columns, width = other.columns
        values.withUnsafeBufferPointer { a in
            other.values.withUnsafeBufferPointer { b in
                result.values.withUnsafeMutableBufferPointer { c in
                    for row in 0..<rows {
                        for k in 0..<inner {
                            let scale = a[row * inner + k]
                            if scale == 0 { continue }
                            let bBase = k * width, cBase = row * width
                            for column in 0..<width { c[cBase + column] += scale * b[bBase + column] }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The product `selfᵀ × other`, without forming the transpose.
    public func transposeMultiplied(by other: Matrix) -> Matrix {
        precondition(rows == other.rows, "row counts must agree")
        var result = Matrix(rows: columns, columns: other.columns)
        let width = other.columns
        values.withUnsafeBufferPointer { a in
            other.values.withUnsafeBufferPointer { b in
                result.values.withUnsafeMutableBufferPointer { c in
                    for k in 0..<rows {
                        for row in 0..<columns {
                            let scale = a[k * columns + row]
                            if scale == 0 { continue }
                            let bBase = k * width, cBase = row * width
                            for column in 0..<width { c[cBase + column] += scale * b[bBase + column] }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The product of this matrix with a column vector.
    public func multiplied(byVector vector: [Double]) -> [Double] {
        precondition(columns == vector.count, "vector length must match the column count")
        var result = [Double](repeating: 0, count: rows)
        values.withUnsafeBufferPointer { a in
            for row in 0..<rows {
                var sum = 0.0
                let base = row * columns
                for column in 0..<columns { sum += a[base + column] * vector[column] }
                result[row] = sum
            }
        }
        return result
    }

    /// The product `selfᵀ × vector`, without forming the transpose.
    public func transposeMultiplied(byVector vector: [Double]) -> [Double] {
        precondition(rows == vector.count, "vector length must match the row count")
        var result = [Double](repeating: 0, count: columns)
        values.withUnsafeBufferPointer { a in
            for row in 0..<rows {
                let scale = vector[row]
                if scale == 0 { continue }
                let base = row * columns
                for column in 0..<columns { result[column] += scale * a[base + column] }
            }
        }
        return result
    }

    /// The mean of each column.
    public func columnMeans() -> [Double] {
        guard rows > 0 else { return Array(repeating: 0, count: columns) }
        var sums = [Double](repeating: 0, count: columns)
        for row in 0..<rows {
            for column in 0..<columns { sums[column] += self[row, column] }
        }
        return sums.map { $0 / Double(rows) }
    }

    /// The sample standard deviation (n − 1 denominator) of each column; zero when there is one row or none.
    public func columnStandardDeviations(means: [Double]) -> [Double] {
        guard rows > 1 else { return Array(repeating: 0, count: columns) }
        var sums = [Double](repeating: 0, count: columns)
        for row in 0..<rows {
            for column in 0..<columns {
                let deviation = self[row, column] - means[column]
                sums[column] += deviation * deviation
            }
        }
        return sums.map { ($0 / Double(rows - 1)).squareRoot() }
    }

    /// This matrix with `vector` subtracted from every row.
    public func subtractingFromRows(_ vector: [Double]) -> Matrix {
        precondition(vector.count == columns, "vector length must match the column count")
        var result = self
        for row in 0..<rows {
            for column in 0..<columns { result[row, column] -= vector[column] }
        }
        return result
    }

    /// Subtracts the outer product `left × rightᵀ` in place (a rank-one deflation).
    public mutating func subtractOuterProduct(_ left: [Double], _ right: [Double]) {
        precondition(left.count == rows && right.count == columns, "outer product shape must match")
        let width = columns
        values.withUnsafeMutableBufferPointer { a in
            for row in 0..<rows {
                let scale = left[row]
                if scale == 0 { continue }
                let base = row * width
                for column in 0..<width { a[base + column] -= scale * right[column] }
            }
        }
    }
}
