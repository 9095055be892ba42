import BarcodeDecoder
import ImageIO

/// Runs RigKit's decoder over a corpus, timing decoding only (file loading excluded).
public struct RigKitEngine: Sendable {
    public var effort: Int
    /// When true, only the entry's own symbology is enabled; otherwise every supported one.
    public var onlyExpectedSymbology: Bool
    /// Whether six-character Code 39 symbols with a valid Code 32 check digit are read as Code 32 (`DecoderOptions.code32`).
    public var code32: Bool

    public init(effort: Int = 2, onlyExpectedSymbology: Bool = true, code32: Bool = false) {
        self.effort = effort
        self.onlyExpectedSymbology = onlyExpectedSymbology
        self.code32 = code32
    }

    public func run(_ entry: BenchCorpus.Entry, image: GrayImage) -> BenchOutcome {
        let symbologies: Set<Symbology> = onlyExpectedSymbology && entry.symbology?.isSupported == true ? [entry.symbology!] : Set(Symbology.supported)
        let decoder = BarcodeDecoder(options: DecoderOptions(symbologies: symbologies, effort: effort, code32: code32))
        let clock = ContinuousClock()
        var symbols: [DecodedSymbol] = []
        let elapsed = clock.measure { symbols = decoder.decode(image) }
        let texts = symbols.map { entry.expectsBytes ? String(decoding: $0.bytes, asLatin1: ()) : $0.text }
        return BenchOutcome(entry: entry, texts: texts, milliseconds: Self.milliseconds(elapsed))
    }

    public func run(_ corpus: BenchCorpus) -> [BenchOutcome] {
        corpus.entries.map { entry in
            do {
                return run(entry, image: try ImageFile.load(path: entry.path))
            } catch {
                return BenchOutcome(entry: entry, texts: [], milliseconds: 0, failure: "\(error)")
            }
        }
    }

    public static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}
