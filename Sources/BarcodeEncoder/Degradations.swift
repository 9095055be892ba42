/// The image faults the synthesizer applies to a frame, each off at 0.
public struct Degradations: Sendable {
    /// Gaussian blur standard deviation in pixels.
    public var blur: Double
    /// Gaussian noise standard deviation in gray levels.
    public var noise: Double
    /// Strength (0–1) of a bright specular spot.
    public var glare: Double
    /// Strength (0–1) of a light gradient across the frame.
    public var unevenLight: Double
    /// JPEG quality (1–100) of the 8×8 DCT quantization applied last; nil for none.
    public var jpegQuality: Int?
    /// Symbol contrast 0–1 (1: black on white).
    public var contrast: Double

    public init(blur: Double = 0, noise: Double = 0, glare: Double = 0, unevenLight: Double = 0, jpegQuality: Int? = nil, contrast: Double = 1) {
        self.blur = blur
        self.noise = noise
        self.glare = glare
        self.unevenLight = unevenLight
        self.jpegQuality = jpegQuality
        self.contrast = contrast
    }

    public static let none = Degradations()
}
