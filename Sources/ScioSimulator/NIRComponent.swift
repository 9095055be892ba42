import Foundation

/// A chemical constituent seen in 740–1070 nm: its absorption bands (overtones of O–H, C–H, N–H).
public struct NIRComponent: Sendable, Hashable {
    /// One Gaussian absorption band: centre and width (standard deviation) in nm, peak absorbance per unit fraction.
    public struct Band: Sendable, Hashable {
        public var center: Double
        public var width: Double
        public var strength: Double
    }

    public var name: String
    public var bands: [Band]

    /// Absorbance of a pure layer of this constituent at `wavelength`.
    public func absorbance(at wavelength: Double) -> Double {
        bands.reduce(0) { sum, band in
            let z = (wavelength - band.center) / band.width
            return sum + band.strength * exp(-0.5 * z * z)
        }
    }

    /// Water: the O–H second overtone at ~970 nm, weaker combination near 840 nm and the third overtone near 750 nm.
    public static let water = NIRComponent(name: "water", bands: [
        Band(center: 970, width: 24, strength: 0.55), Band(center: 840, width: 20, strength: 0.05), Band(center: 750, width: 18, strength: 0.06),
    ])
    /// Fat: C–H (CH₂) third overtone at ~930 nm, a second C–H feature at ~1040 nm and the fourth overtone near 760 nm.
    public static let fat = NIRComponent(name: "fat", bands: [
        Band(center: 930, width: 12, strength: 0.42), Band(center: 1040, width: 16, strength: 0.30), Band(center: 762, width: 10, strength: 0.07),
        Band(center: 880, width: 14, strength: 0.05),
    ])
    /// Protein: N–H second overtone near 1020 nm and aromatic C–H near 910 nm.
    public static let protein = NIRComponent(name: "protein", bands: [
        Band(center: 1020, width: 20, strength: 0.38), Band(center: 910, width: 14, strength: 0.12), Band(center: 1060, width: 14, strength: 0.08),
    ])
    /// Sugars: O–H of carbohydrates near 910 and 990 nm.
    public static let sugar = NIRComponent(name: "sugar", bands: [
        Band(center: 910, width: 16, strength: 0.22), Band(center: 990, width: 18, strength: 0.34), Band(center: 1055, width: 20, strength: 0.05),
    ])
    /// Starch and cellulose: broader carbohydrate bands, shifted from free sugars.
    public static let starch = NIRComponent(name: "starch", bands: [
        Band(center: 920, width: 22, strength: 0.18), Band(center: 980, width: 26, strength: 0.30), Band(center: 1035, width: 22, strength: 0.06),
    ])
    /// Acetylsalicylic acid: aromatic C–H near 875 and 1010 nm and a carboxylic O–H near 950 nm.
    public static let acetylsalicylicAcid = NIRComponent(name: "acetylsalicylic acid", bands: [
        Band(center: 875, width: 9, strength: 0.30), Band(center: 1012, width: 11, strength: 0.26), Band(center: 950, width: 15, strength: 0.12),
    ])
    /// Calcium carbonate filler: almost featureless, a weak hydrate band near 985 nm.
    public static let chalk = NIRComponent(name: "calcium carbonate", bands: [Band(center: 985, width: 30, strength: 0.03)])
    /// Polyethylene: sharp, strong C–H bands at 930 and 1040 nm (a plastic, not food).
    public static let polyethylene = NIRComponent(name: "polyethylene", bands: [
        Band(center: 932, width: 7, strength: 0.70), Band(center: 1043, width: 9, strength: 0.55), Band(center: 765, width: 6, strength: 0.12),
    ])
    /// Chlorophyll and other pigments: the red edge, absorbing strongly below ~750 nm.
    public static let pigment = NIRComponent(name: "pigment", bands: [Band(center: 700, width: 28, strength: 1.2)])
}
