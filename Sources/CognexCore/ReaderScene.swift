import BarcodeDecoder
import BarcodeEncoder

/// What is in front of a reader: symbols at places in the field of view, and the light.
public struct ReaderScene: Sendable, Equatable {
    /// One printed symbol.
    public struct Item: Sendable, Equatable {
        public var symbology: Symbology
        public var text: String
        /// Centre as a fraction of the field of view (0…1 on each axis).
        public var x: Double
        public var y: Double
        /// Width of the symbol as a fraction of the field of view's long side, at zoom 100 % (the same pixels in a
        /// portrait frame, where the symbol may then not fit across).
        public var size: Double
        /// Rotation in degrees.
        public var rotation: Double

        public init(_ symbology: Symbology, _ text: String, x: Double = 0.5, y: Double = 0.5, size: Double = 0.3, rotation: Double = 0) {
            self.symbology = symbology
            self.text = text
            self.x = x
            self.y = y
            self.size = size
            self.rotation = rotation
        }
    }

    public var items: [Item]
    /// Ambient light, 0 (dark) … 1 (bright office); below 0.3 a reader needs its illumination to read.
    public var ambientLight: Double

    public init(_ items: [Item] = [], ambientLight: Double = 1) {
        self.items = items
        self.ambientLight = ambientLight
    }

    /// Nothing in view.
    public static let empty = ReaderScene()
}

/// Renders a scene as a camera frame and decodes it with the reader's settings, caching the outcome per scene and settings.
///
/// Frames are synthesized by the decoder's frame synthesizer (seeded) and decoded
/// by the decoder core, so symbology settings, zoom and light matter for real. A
/// scene and settings that did not change give the same outcome, so a reader
/// polling an unchanged scene at 30 fps does not decode 30 identical frames a second.
public struct SceneCamera: Sendable {
    /// What a decode depends on.
    public struct Settings: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public var zoomPercent: Int
        public var illumination: Bool
        public var symbologies: Set<Symbology>
        public var effort: Int
        /// A fixed-focus camera (most front cameras): a symbol filling more than half the frame's width is too close
        /// to be sharp.
        public var fixedFocus: Bool

        public init(width: Int = 1280, height: Int = 720, zoomPercent: Int = 100, illumination: Bool = false,
                    symbologies: Set<Symbology>, effort: Int = 2, fixedFocus: Bool = false) {
            self.width = width
            self.height = height
            self.zoomPercent = zoomPercent
            self.illumination = illumination
            self.symbologies = symbologies
            self.effort = effort
            self.fixedFocus = fixedFocus
        }
    }

    private let seed: UInt64
    private var cache: [String: ([DecodedSymbol], GrayImage)] = [:]

    public init(seed: UInt64) { self.seed = seed }

    /// The frame of `scene` under `settings`.
    public func frame(_ scene: ReaderScene, _ settings: Settings) -> GrayImage {
        let zoom = Double(settings.zoomPercent) / 100
        var placements: [SymbolPlacement] = []
        for item in scene.items {
            guard let symbol = try? SymbolEncoder.image(item.symbology, item.text, moduleSize: 2) else { continue }
            let targetWidth = item.size * Double(max(settings.width, settings.height)) * zoom
            let scale = max(0.05, targetWidth / Double(symbol.width))
            let cx = Double(settings.width) * (0.5 + (item.x - 0.5) * zoom)
            let cy = Double(settings.height) * (0.5 + (item.y - 0.5) * zoom)
            placements.append(SymbolPlacement(symbol: symbol, center: Point(cx, cy), scale: scale, rotation: item.rotation))
        }
        let light = settings.illumination ? 1 : scene.ambientLight
        // Below 0.3 without illumination the sensor records no usable image of the symbols: the frame is the
        // background under heavy sensor noise. (A faint symbol under noise is not a model of darkness: a decoder
        // that averages, as real ones do, reads it.) Lit: a clean frame.
        guard light >= 0.3 else {
            return FrameSynthesizer(width: settings.width, height: settings.height, seed: seed).render([], degradations: Degradations(noise: 40))
        }
        // A fixed focus is sharp at arm's length; a symbol held close enough to fill over half the width is blurred.
        let tooClose = settings.fixedFocus && scene.items.contains { $0.size * zoom > 0.5 }
        return FrameSynthesizer(width: settings.width, height: settings.height, seed: seed)
            .render(placements, degradations: Degradations(blur: tooClose ? 6 : 0, noise: 2))
    }

    /// The symbols the decoder finds in the frame of `scene` under `settings`, and the frame.
    public mutating func decode(_ scene: ReaderScene, _ settings: Settings) -> (symbols: [DecodedSymbol], frame: GrayImage) {
        let key = "\(scene)|\(settings)"
        if let hit = cache[key] { return hit }
        let frame = frame(scene, settings)
        guard !settings.symbologies.isEmpty else { return ([], frame) }
        let decoder = BarcodeDecoder(options: DecoderOptions(symbologies: settings.symbologies, effort: settings.effort))
        let result = (decoder.decode(frame), frame)
        if cache.count > 16 { cache.removeAll() }
        cache[key] = result
        return result
    }
}
