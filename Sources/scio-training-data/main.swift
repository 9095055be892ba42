import Foundation
import RigCore
import ScioProtocol
import ScioSimulator

// Writes the training CSVs for the shipped SCiO models from the simulator's materials.
//
// Each row is one simulated scan as the Spectrometer facade computes it: a
// calibration in the cover and a scan of the sample, both through
// `ScioOptics` (noise, dark current, temperature, lamp age), turned into
// reflectance with `ScioSpectrumPayload.reflectance`. Each row's hardware version
// (1.2 or 1.3) is drawn at random; a seeded quarter of the rows is `set=test` (held out).
// Usage: scio-training-data OUTPUT_DIRECTORY [SEED]

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: scio-training-data OUTPUT_DIRECTORY [SEED]\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let seed = arguments.count > 2 ? UInt64(arguments[2]) ?? 20261130 : 20261130
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

/// Simulates one calibrated scan of `material` and returns its reflectance.
func scan(_ material: ScioMaterial, random: inout SeededGenerator) -> [Double] {
    let optics = ScioOptics(version: random.next() % 2 == 0 ? .v1_2 : .v1_3)
    let temperature = 15 + 20 * Double(random.next() >> 11) / Double(1 << 53)
    let calibrationTemperature = temperature + 3 * Gaussian.next(&random)
    let lampAge = 100_000 * Double(random.next() >> 11) / Double(1 << 53)
    let white = optics.measure(.cover, temperature: calibrationTemperature, lampAge: lampAge, inCover: true, calibrationMode: true, random: &random)
    let sample = optics.measure(material.draw(&random), temperature: temperature, lampAge: lampAge + 5, inCover: false, calibrationMode: false,
                                random: &random)
    return sample.reflectance(calibration: white, coverReflectance: ScioCover.reflectance)
}

func uniform(_ range: ClosedRange<Double>, _ random: inout SeededGenerator) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * Double(random.next() >> 11) / Double(1 << 53)
}

func write(_ name: String, target: String, rows: [(label: String, material: String, spectrum: [Double])]) throws {
    var split = SeededGenerator(seed: seed, stream: "scio-training/split/\(name)")
    var text = ScioOptics.wavelengths.map { String(Int($0)) }.joined(separator: ",") + ",\(target),material,set\n"
    for row in rows {
        text += row.spectrum.map { String(format: "%.6f", $0) }.joined(separator: ",")
        text += ",\(row.label),\(row.material),\(split.next() % 4 == 0 ? "test" : "train")\n"
    }
    try OutputFile.write(Array(text.utf8), to: directory.appendingPathComponent(name).path)
    print("wrote \(name): \(rows.count) spectra")
}

var random = SeededGenerator(seed: seed, stream: "scio-training/fat")
var fatRows: [(String, String, [Double])] = []
for _ in 0..<240 {
    let fat = uniform(0...0.40, &random)
    let material = ScioMaterial.dairy(name: "dairy", fat: fat, protein: uniform(0.02...0.26, &random), sugar: uniform(0.005...0.06, &random))
    fatRows.append((String(format: "%.3f", fat * 100), "dairy", scan(material, random: &random)))
}
try write("fat.csv", target: "fat", rows: fatRows)

random = SeededGenerator(seed: seed, stream: "scio-training/aspirin")
var aspirinRows: [(String, String, [Double])] = []
for row in 0..<200 {
    let genuine = row % 2 == 0
    var material = ScioMaterial.named(genuine ? "aspirin-genuine" : "aspirin-counterfeit")!
    let active = genuine ? uniform(0.72...0.88, &random) : uniform(0.10...0.40, &random)
    let filler = 1 - active - 0.03
    material.composition[.acetylsalicylicAcid] = active
    if genuine { material.composition[.starch] = filler } else {
        let chalk = uniform(0.3...0.7, &random) * filler
        material.composition[.chalk] = chalk
        material.composition[.starch] = filler - chalk
    }
    aspirinRows.append((genuine ? "genuine" : "counterfeit", material.name, scan(material, random: &random)))
}
try write("aspirin.csv", target: "authenticity", rows: aspirinRows)

random = SeededGenerator(seed: seed, stream: "scio-training/food")
let foods: [(label: String, materials: [String])] = [
    ("milk", ["whole-milk", "semi-skimmed-milk", "skim-milk"]), ("cheese", ["cheddar", "cream"]), ("oil", ["olive-oil"]),
    ("fruit", ["apple"]), ("flour", ["wheat-flour"]), ("sugar", ["table-sugar"]),
]
var foodRows: [(String, String, [Double])] = []
for row in 0..<300 {
    let food = foods[row % foods.count]
    let name = food.materials[Int(random.next() % UInt64(food.materials.count))]
    var material = ScioMaterial.named(name)!
    material.heterogeneity *= 2
    foodRows.append((food.label, name, scan(material, random: &random)))
}
try write("food.csv", target: "food", rows: foodRows)
