import Foundation
import SpectralAnalyzer

/// Reads spectra from CSV: a header row of wavelengths plus named columns, then one spectrum per row.
///
/// A header cell that is a finite number is a wavelength column; any other header cell names a
/// column kept as text (the target among them). Every wavelength cell must be a finite number.
public enum SpectraCSV {
    /// How to read the target column.
    public enum TargetKind: Sendable {
        /// Numbers, for estimation.
        case numeric
        /// Class labels, for classification.
        case labels
    }

    /// Reads a CSV file from disk.
    public static func read(
        path: String, targetColumn: String?, targetKind: TargetKind = .numeric
    ) throws(CSVError) -> SpectralDataset {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .notText(file: path) }
        return try parse(text, file: path, targetColumn: targetColumn, targetKind: targetKind)
    }

    /// Parses CSV text; `file` names the source in errors.
    public static func parse(
        _ text: String, file: String, targetColumn: String?, targetKind: TargetKind = .numeric
    ) throws(CSVError) -> SpectralDataset {
        let records = try CSVRecords.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, file: file)
        guard let header = records.first else { throw .empty(file: file) }
        var wavelengthColumns: [Int] = [], wavelengths: [Double] = []
        var namedColumns: [Int] = []
        var seen: Set<String> = []
        var seenWavelengths: Set<Double> = []
        for (index, rawName) in header.cells.enumerated() {
            let name = rawName.trimmingCharacters(in: .whitespaces)
            if let wavelength = Double(name), wavelength.isFinite {
                guard seenWavelengths.insert(wavelength).inserted else {
                    throw .duplicateColumn(file: file, line: header.line(ofCell: index), column: index + 1, name: name)
                }
                wavelengthColumns.append(index)
                wavelengths.append(wavelength)
            } else {
                guard seen.insert(name).inserted else {
                    throw .duplicateColumn(file: file, line: header.line(ofCell: index), column: index + 1, name: name)
                }
                namedColumns.append(index)
            }
        }
        guard !wavelengthColumns.isEmpty else { throw .noWavelengthColumns(file: file) }
        let names = namedColumns.map { header.cells[$0].trimmingCharacters(in: .whitespaces) }
        var targetIndex: Int?
        if let targetColumn {
            guard let position = names.firstIndex(of: targetColumn) else {
                throw .missingColumn(file: file, name: targetColumn, available: names)
            }
            targetIndex = namedColumns[position]
        }
        let rows = records.dropFirst()
        guard !rows.isEmpty else { throw .noRows(file: file) }

        var values: [Double] = []
        values.reserveCapacity(rows.count * wavelengthColumns.count)
        var numericTargets: [Double] = [], labelTargets: [String] = []
        var annotations: [String: [String]] = Dictionary(uniqueKeysWithValues: names.map { ($0, []) })
        for record in rows {
            guard record.cells.count == header.cells.count else {
                throw .raggedRow(file: file, line: record.line(ofCell: record.cells.count - 1), expected: header.cells.count, found: record.cells.count)
            }
            for column in wavelengthColumns {
                let text = record.cells[column].trimmingCharacters(in: .whitespaces)
                guard let value = Double(text), value.isFinite else {
                    throw .notANumber(
                        file: file, line: record.line(ofCell: column), column: column + 1, header: header.cells[column], text: text)
                }
                values.append(value)
            }
            for (name, column) in zip(names, namedColumns) {
                annotations[name, default: []].append(record.cells[column])
            }
            if let targetIndex {
                let text = record.cells[targetIndex].trimmingCharacters(in: .whitespaces)
                let headerName = header.cells[targetIndex]
                guard !text.isEmpty else {
                    throw .emptyTarget(file: file, line: record.line(ofCell: targetIndex), column: targetIndex + 1, header: headerName)
                }
                switch targetKind {
                case .numeric:
                    guard let value = Double(text), value.isFinite else {
                        throw .notANumber(file: file, line: record.line(ofCell: targetIndex), column: targetIndex + 1, header: headerName, text: text)
                    }
                    numericTargets.append(value)
                case .labels:
                    labelTargets.append(text)
                }
            }
        }
        let targets: SpectralDataset.Targets? = targetIndex.map { _ in
            targetKind == .numeric ? .numeric(numericTargets) : .labels(labelTargets)
        }
        return SpectralDataset(
            wavelengths: wavelengths,
            spectra: Matrix(rows: rows.count, columns: wavelengths.count, values: values)!,
            targetName: targetColumn, targets: targets, annotations: annotations)!
    }
}
