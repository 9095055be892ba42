import Foundation
import RigCore
import ScioProtocol

/// A sample a SCiO can be held against: its composition and how it scatters light.
///
/// Reflectance follows `R = 10^(−A)` with `A = scatter baseline + slope + Σ fraction × component absorbance × path`;
/// each scan of a material draws a slightly different composition (heterogeneity) and baseline (packing, distance).
public struct ScioMaterial: Sendable, Hashable {
    /// Name scenarios and rig files use, e.g. `whole-milk`.
    public var name: String
    /// Mass fractions of the constituents.
    public var composition: [NIRComponent: Double]
    /// Baseline absorbance from scattering (diffuse samples are brighter).
    public var baseline: Double
    /// Extra absorbance per 100 nm towards longer wavelengths (scatter slope).
    public var slope: Double
    /// Relative optical path (thicker or more translucent samples absorb more).
    public var path: Double
    /// Relative spread of each constituent from scan to scan.
    public var heterogeneity: Double
    /// What the sample is, for classification models.
    public var category: String

    public init(name: String, category: String, composition: [NIRComponent: Double], baseline: Double, slope: Double = 0.02,
                path: Double = 1, heterogeneity: Double = 0.03) {
        self.name = name
        self.category = category
        self.composition = composition
        self.baseline = baseline
        self.slope = slope
        self.path = path
        self.heterogeneity = heterogeneity
    }

    /// The fraction of `component`, 0 when absent.
    public func fraction(_ component: NIRComponent) -> Double { composition[component] ?? 0 }

    /// One realisation of the material for a scan: composition and baseline drawn around the nominal ones.
    public func draw(_ random: inout SeededGenerator) -> ScioMaterial {
        guard heterogeneity > 0 else { return self }
        var copy = self
        // In name order: a Dictionary's order changes from process to process, and so would the draws (issue 19).
        for (component, fraction) in orderedComposition {
            copy.composition[component] = max(0, fraction * (1 + heterogeneity * Gaussian.next(&random)))
        }
        copy.baseline = max(0.005, baseline * (1 + 0.08 * Gaussian.next(&random)))
        copy.slope = slope + 0.005 * Gaussian.next(&random)
        return copy
    }

    /// The composition in component-name order, so sums and draws are the same in every process.
    var orderedComposition: [(component: NIRComponent, fraction: Double)] {
        composition.sorted { $0.key.name < $1.key.name }.map { ($0.key, $0.value) }
    }

    /// Diffuse reflectance at `wavelength` (nm), 0…1.
    public func reflectance(at wavelength: Double) -> Double {
        var absorbance = baseline + slope * (wavelength - 740) / 100
        for (component, fraction) in orderedComposition { absorbance += fraction * path * component.absorbance(at: wavelength) }
        return pow(10, -absorbance)
    }

    /// The white reference inside the SCiO's cover (sintered PTFE-like, almost flat).
    public static let cover = ScioMaterial(name: "cover", category: "reference", composition: [:], baseline: -log10(ScioCover.reflectance),
                                           slope: 0, heterogeneity: 0)

    /// A mixture of water, fat, protein and sugar shaped like dairy, for training and scenarios.
    public static func dairy(name: String, fat: Double, protein: Double = 0.034, sugar: Double = 0.048) -> ScioMaterial {
        let water = max(0, 1 - fat - protein - sugar - 0.008)
        return ScioMaterial(name: name, category: fat > 0.15 ? "cheese" : "milk",
                            composition: [.water: water, .fat: fat, .protein: protein, .sugar: sugar],
                            baseline: 0.16 + 0.25 * fat, slope: 0.03, path: 1.0, heterogeneity: 0.025)
    }

    /// The built-in sample library.
    public static let library: [ScioMaterial] = [
        dairy(name: "whole-milk", fat: 0.035),
        dairy(name: "semi-skimmed-milk", fat: 0.017),
        dairy(name: "skim-milk", fat: 0.002),
        dairy(name: "cream", fat: 0.30, protein: 0.022, sugar: 0.03),
        dairy(name: "cheddar", fat: 0.33, protein: 0.25, sugar: 0.01),
        ScioMaterial(name: "olive-oil", category: "oil", composition: [.fat: 1.0], baseline: 0.25, slope: 0.01, path: 0.55),
        ScioMaterial(name: "apple", category: "fruit", composition: [.water: 0.85, .sugar: 0.12, .starch: 0.02, .pigment: 0.01],
                     baseline: 0.22, slope: 0.04, path: 0.9, heterogeneity: 0.05),
        ScioMaterial(name: "wheat-flour", category: "flour", composition: [.water: 0.13, .starch: 0.72, .protein: 0.11, .fat: 0.015],
                     baseline: 0.10, slope: 0.05, path: 0.6),
        ScioMaterial(name: "table-sugar", category: "sugar", composition: [.sugar: 0.995, .water: 0.005], baseline: 0.08, slope: 0.02, path: 0.5),
        ScioMaterial(name: "aspirin-genuine", category: "genuine", composition: [.acetylsalicylicAcid: 0.80, .starch: 0.17, .water: 0.03],
                     baseline: 0.09, slope: 0.02, path: 0.7, heterogeneity: 0.04),
        ScioMaterial(name: "aspirin-counterfeit", category: "counterfeit", composition: [.acetylsalicylicAcid: 0.25, .chalk: 0.45, .starch: 0.27, .water: 0.03],
                     baseline: 0.07, slope: 0.025, path: 0.7, heterogeneity: 0.06),
        ScioMaterial(name: "polyethylene", category: "plastic", composition: [.polyethylene: 1.0], baseline: 0.12, slope: 0.01, path: 0.8),
        ScioMaterial(name: "air", category: "nothing", composition: [:], baseline: 2.2, slope: 0, heterogeneity: 0),
        cover,
    ]

    /// The library material called `name`.
    public static func named(_ name: String) -> ScioMaterial? { library.first { $0.name == name } }
}

/// Standard normal draws (Box–Muller) from a seeded generator.
public enum Gaussian {
    public static func next(_ random: inout SeededGenerator) -> Double {
        let u1 = max(Double(random.next() >> 11) / Double(1 << 53), 1e-300)
        let u2 = Double(random.next() >> 11) / Double(1 << 53)
        return sqrt(-2 * log(u1)) * cos(2 * .pi * u2)
    }
}
