import Foundation
import Testing
import SpectralAnalyzer
@testable import SpectralModelIO

/// Mangled inputs must give errors, never traps: seeded random edits of valid CSV text and model files.
@Suite struct MalformedInputTests {
    static let csv = "oil,set,1100,1104,1108,1112,1116\noil1,train,0.1,0.2,0.3,0.4,0.5\n\"oil2\",test,0.5,0.4,0.3,0.2,0.1\n"
    static let alphabet = Array("0123456789.,-+e\"\n\r aNx{}[]:")

    func mangle(_ text: String, with generator: inout SplitMix64) -> String {
        var characters = Array(text)
        for _ in 0...Int(generator.next() % 4) {
            guard !characters.isEmpty else { break }
            let position = Int(generator.next() % UInt64(characters.count))
            switch generator.next() % 3 {
            case 0: characters.remove(at: position)
            case 1: characters.insert(Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))], at: position)
            default: characters[position] = Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]
            }
        }
        return String(characters)
    }

    @Test func mangledCSVNeverTraps() {
        var generator = SplitMix64(seed: 4)
        var accepted = 0, refused = 0
        for _ in 0..<2_000 {
            let text = mangle(Self.csv, with: &generator)
            do {
                let dataset = try SpectraCSV.parse(text, file: "m.csv", targetColumn: "oil", targetKind: .labels)
                #expect(dataset.spectra.columns == dataset.wavelengths.count)
                accepted += 1
            } catch {
                #expect(error.description.hasPrefix("m.csv"))
                refused += 1
            }
        }
        #expect(accepted > 0 && refused > 0)
    }

    @Test func mangledModelFilesNeverTrap() throws {
        var rows: [[Double]] = []
        var targets: [Double] = []
        for i in 0..<8 {
            var row: [Double] = []
            for j in 0..<6 { row.append(Double((i * 5 + j * 3) % 7) + Double(i) * 0.1) }
            rows.append(row)
            targets.append(Double(i % 3) + Double(i) * 0.2)
        }
        let x = Matrix(rowArrays: rows)!
        let dataset = SpectralDataset(wavelengths: [1, 2, 3, 4, 5, 6], spectra: x, targetName: "y", targets: .numeric(targets))!
        let model = try ModelTrainer.train(dataset, configuration: TrainingConfiguration(kind: .estimation, components: .fixed(2), folds: 4)).model
        let text = try #require(String(data: ModelFile.encode(model), encoding: .utf8))
        var generator = SplitMix64(seed: 5)
        var refused = 0
        for _ in 0..<300 {
            let mangled = mangle(text, with: &generator)
            do {
                let loaded = try ModelFile.decode(Data(mangled.utf8), path: "m.json")
                _ = try? loaded.analyze(x.row(0))
            } catch {
                #expect(error.description.hasPrefix("m.json"))
                refused += 1
            }
        }
        #expect(refused > 0)
    }
}
