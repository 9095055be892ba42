/// What the decoder looks for and how hard it tries.
public struct DecoderOptions: Sendable, Equatable {
    /// The symbologies searched; nothing else is looked for.
    public var symbologies: Set<Symbology> { didSet { searched = SymbologySet(symbologies) } }
    /// `symbologies` as bits, kept in step with it: the linear decoders ask it several times per scan line.
    private(set) var searched: SymbologySet
    /// Decoder effort 1…3 (default 2): more scan angles and lines, more finder candidates, at the cost of time.
    public var effort: Int
    /// The shortest Interleaved 2 of 5 accepted, in digits (even), against false reads of a weak symbology. `nil` (the
    /// default): 6, or 4 when Interleaved 2 of 5 is the only symbology searched — a caller who asks for nothing else
    /// expects this symbology in the frame, so no other symbol's bars are read as a short ITF (zxing-cpp's rule too).
    public var minimumITFLength: Int?
    /// Whether Code 39 carries a modulo-43 check character, which is verified and removed.
    public var code39CheckDigit: Bool
    /// Whether Code 39 is read as Full ASCII (`+A` → `a`, `%U` → NUL, …).
    public var code39FullASCII: Bool
    /// Whether a six-character Code 39 symbol whose Code 32 check digit holds is read as Code 32 (Italian Pharmacode):
    /// `A` and nine digits.
    public var code32: Bool
    /// The shortest Codabar accepted, in data characters (default 3).
    public var minimumCodabarLength: Int
    /// The shortest Code 25 (Standard/Industrial or Matrix 2 of 5) accepted, in digits with any check digit (default 6):
    /// these symbologies have no built-in check, so short reads of stray bars are refused.
    public var minimumCode25Length: Int = 6
    /// Whether Code 25 carries a modulo-10 check digit (weights 3, 1 from the right), which is verified and removed.
    public var code25CheckDigit: Bool = false

    public init(symbologies: Set<Symbology> = Set(Symbology.supported), effort: Int = 2, minimumITFLength: Int? = nil,
                code39CheckDigit: Bool = false, code39FullASCII: Bool = false, minimumCodabarLength: Int = 3, code32: Bool = false) {
        self.code32 = code32
        self.symbologies = symbologies
        searched = SymbologySet(symbologies)
        self.effort = min(3, max(1, effort))
        self.minimumITFLength = minimumITFLength.map { max(2, $0) }
        self.code39CheckDigit = code39CheckDigit
        self.code39FullASCII = code39FullASCII
        self.minimumCodabarLength = max(1, minimumCodabarLength)
    }

    /// The shortest Interleaved 2 of 5 read: `minimumITFLength`, or its default for the symbologies searched.
    public var shortestITF: Int {
        minimumITFLength ?? (symbologies == [.interleaved2of5] ? 4 : 6)
    }
}
