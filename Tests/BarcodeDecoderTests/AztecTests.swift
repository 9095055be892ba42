@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// An Aztec symbol rendered from `matrix` and placed in a degraded frame.
private func frame(_ matrix: BitMatrix, moduleSize: Int = 3, rotation: Double = 0, perspective: Double = 0,
                   degradations: Degradations = .none, seed: UInt64 = 1) -> GrayImage {
    let symbol = SymbolRenderer.render(matrix, moduleSize: moduleSize, quietZone: 2)
    let width = Int(Double(max(symbol.width, symbol.height)) * 1.6) + 40
    return FrameSynthesizer(width: width, height: width * 3 / 4, seed: seed)
        .render([SymbolPlacement(symbol: symbol, center: Point(Double(width) / 2, Double(width * 3 / 4) / 2), rotation: rotation,
                                 perspective: perspective)], degradations: degradations)
}

private let aztecOnly = BarcodeDecoder(options: DecoderOptions(symbologies: [.aztec]))

@Suite struct AztecTests {
    @Test func sizesFollowTheStandard() throws {
        #expect((1...4).map { AztecLayout(compact: true, layers: $0)!.size } == [15, 19, 23, 27])
        #expect([1, 4, 5, 12, 32].map { AztecLayout(compact: false, layers: $0)!.size } == [19, 31, 37, 67, 151])
        #expect([1, 2, 3, 8, 9, 22, 23].map { AztecLayout(compact: false, layers: $0)!.wordSize } == [6, 6, 8, 8, 10, 10, 12])
        #expect(AztecLayout(compact: true, layers: 5) == nil && AztecLayout(compact: false, layers: 33) == nil)
    }

    /// Every data bit has its own module, none on the bull's-eye, the mode ring or the reference grid.
    @Test(arguments: [(true, 1), (true, 4), (false, 1), (false, 5), (false, 16), (false, 32)])
    func dataModulesAreDistinctAndOutsideTheCore(compact: Bool, layers: Int) throws {
        let layout = try #require(AztecLayout(compact: compact, layers: layers))
        let positions = layout.bitPositions()
        #expect(positions.count == layout.totalBits)
        let keys = Set(positions.map { $0.y * layout.size + $0.x })
        #expect(keys.count == positions.count)
        let c = layout.size / 2, core = layout.modeRingRadius
        #expect(!positions.contains { max(abs($0.x - c), abs($0.y - c)) <= core })
        #expect(!positions.contains { layout.isReferenceGrid(x: $0.x, y: $0.y) })
        #expect(positions.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x < layout.size && $0.y < layout.size })
    }

    @Test func modeMessageCorrectsErrors() throws {
        for compact in [true, false] {
            let message = AztecModeMessage(layers: compact ? 3 : 17, dataWords: compact ? 40 : 700)
            var bits = message.bits(compact: compact)
            #expect(bits.count == (compact ? 28 : 40))
            bits[1].toggle()                      // two nibbles wrong: within what 5 (6) check nibbles repair
            bits[bits.count - 3].toggle()
            #expect(AztecModeMessage(bits: bits, compact: compact) == message)
        }
    }

    /// The character modes, their latches and shifts, Punct pairs, Binary Shift (short and long) and ECI 26 for UTF-8.
    @Test(arguments: [
        "HELLO WORLD", "hello world", "MiXeD CaSe 123, 4.5!", "Lines\r\nand tabs\there", "@\\^_`|~ {braces} [x]",
        "12345678901234567890", "a1B2c3D4", "Price: 42.00 EUR. Thanks, bye!", "Ünïcødé → 東京 ✓",
        "Latin-1 only: café, naïve, £5", String(repeating: "é€", count: 40),
    ])
    func textRoundTrips(text: String) throws {
        let matrix = try AztecEncoder.encode(text)
        #expect(aztecOnly.decode(frame(matrix)).map(\.text) == [text])
    }

    @Test func bytesNoModeHasUseBinaryShift() throws {
        let bytes: [UInt8] = Array(0x80...0xFF) + [0x00, 0x41, 0x00]
        let symbols = aztecOnly.decode(frame(try AztecEncoder.encode(bytes)))
        #expect(symbols.map(\.bytes) == [bytes])
    }

    /// Encode → place in a degraded frame (turned, tilted, blurred, noisy, JPEG) → decode, compact and full-range.
    @Test(arguments: [(true, 1, 1), (true, 2, 2), (true, 3, 3), (true, 4, 4), (false, 1, 5), (false, 5, 6), (false, 9, 7),
                      (false, 14, 8), (false, 22, 9)])
    func degradedFramesRoundTrip(compact: Bool, layers: Int, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-/")
        let capacity = AztecLayout(compact: compact, layers: layers)!.totalBits / 8
        let text = String((0..<Int.random(in: capacity / 3...capacity / 2, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        let matrix = try AztecEncoder.encode(Array(text.utf8), compact: compact, minimumLayers: layers)
        let rotation = [0.0, 7, -12, 180, 90, 33, 45, 271, 160][Int(seed) % 9]
        let image = frame(matrix, moduleSize: layers > 12 ? 4 : 3, rotation: rotation, perspective: 0.05,
                          degradations: Degradations(blur: 0.6, noise: 4, unevenLight: 0.3, jpegQuality: 60, contrast: 0.8), seed: seed)
        #expect(aztecOnly.decode(image).map(\.text) == [text], "\(compact ? "compact" : "full") \(matrix.width) modules, \(rotation)°")
    }

    @Test func mirroredSymbolsRead() throws {
        let text = "Seen from behind the glass"
        #expect(aztecOnly.decode(frame(try AztecEncoder.encode(text).transposed(), rotation: 20)).map(\.text) == [text])
    }

    @Test func damagedModulesAreRepaired() throws {
        let text = "Reed-Solomon repairs a scratch across the layers"
        var matrix = try AztecEncoder.encode(text, compact: false)
        for x in 0..<5 { matrix.flip(x: x, y: 1) }
        let symbol = try #require(aztecOnly.decode(frame(matrix)).first)
        #expect(symbol.text == text && symbol.correctedErrors > 0)
    }

    @Test func onlySearchedWhenEnabledAndNothingOnTexture() throws {
        let image = frame(try AztecEncoder.encode("NOT FOR QR"))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.qr, .dataMatrix, .pdf417])).decode(image).isEmpty)
        #expect(BarcodeDecoder().decode(image).map(\.symbology) == [.aztec])
        var random = SeededGenerator(seed: 8)
        var noise = GrayImage(width: 320, height: 240)
        for i in noise.pixels.indices { noise.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        var rings = GrayImage(width: 320, height: 240)
        // Concentric squares with no mode message around them: a bull's-eye alone is not a symbol.
        for y in 0..<240 { for x in 0..<320 where max(abs(x - 160), abs(y - 120)) / 4 % 2 == 0 { rings[x, y] = 0 } }
        for image in [GrayImage(width: 320, height: 240), noise, rings] { #expect(aztecOnly.decode(image).isEmpty) }
    }
}

/// A seeded sweep over what a camera does to a symbol: compact and full-range, any rotation, perspective up to 0.12, blur
/// up to 1.2 px, modules of 3–5 px. The documented figure (Docs/BarcodeDecoder.md, Limits) comes from this sweep.
@Suite struct AztecSweepTests {
    @Test func seededSweepReadsMostFramesAndNothingFalse() throws {
        var read = 0
        for seed in 1...30 {
            var random = SeededGenerator(seed: UInt64(seed), stream: "aztec-sweep")
            let compact = Bool.random(using: &random)
            let layers = compact ? Int.random(in: 1...4, using: &random) : Int.random(in: 1...20, using: &random)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-/")
            let capacity = AztecLayout(compact: compact, layers: layers)!.totalBits / 8
            let text = String((0..<Int.random(in: capacity / 3...capacity / 2, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let matrix = try AztecEncoder.encode(Array(text.utf8), compact: compact, minimumLayers: layers)
            let rotation = Double.random(in: 0..<360, using: &random)
            let perspective = Double.random(in: 0...0.12, using: &random)
            let module = Int.random(in: 3...5, using: &random)
            let blur = Double.random(in: 0...1.2, using: &random)
            let image = frame(matrix, moduleSize: module, rotation: rotation, perspective: perspective,
                              degradations: Degradations(blur: blur, noise: 4, unevenLight: 0.3, jpegQuality: 60, contrast: 0.8), seed: UInt64(seed))
            let texts = aztecOnly.decode(image).map(\.text)
            #expect(texts.allSatisfy { $0 == text }, "seed \(seed): a false read")
            if texts == [text] { read += 1 }
        }
        #expect(read >= 26, "\(read) of 30 read")
    }
}
