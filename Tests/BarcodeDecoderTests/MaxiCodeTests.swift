@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// A MaxiCode symbol drawn from `grid` and placed in a degraded frame.
private func frame(_ grid: BitMatrix, moduleWidth: Double = 7, rotation: Double = 0, perspective: Double = 0,
                   degradations: Degradations = .none, seed: UInt64 = 1) -> GrayImage {
    let symbol = MaxiCodeRenderer.render(grid, moduleWidth: moduleWidth, quietZone: 1)
    let width = Int(Double(max(symbol.width, symbol.height)) * 1.6) + 40
    return FrameSynthesizer(width: width, height: width * 3 / 4, seed: seed)
        .render([SymbolPlacement(symbol: symbol, center: Point(Double(width) / 2, Double(width * 3 / 4) / 2), rotation: rotation,
                                 perspective: perspective)], degradations: degradations)
}

private let maxiCodeOnly = BarcodeDecoder(options: DecoderOptions(symbologies: [.maxiCode]))

@Suite struct MaxiCodeTests {
    /// 864 bits, one module each but the mode's unused 8s bit, none on the bull's-eye or an orientation module.
    @Test func everyBitHasItsOwnModule() {
        let placed = MaxiCodeLayout.moduleOfBit.enumerated().filter { $0.element.row >= 0 }
        #expect(placed.count == 863 && !placed.contains { $0.offset == 2 })
        #expect(Set(placed.map { $0.element.row * 30 + $0.element.column }).count == 863)
        let marks = (MaxiCodeLayout.darkOrientationModules + MaxiCodeLayout.lightOrientationModules).map { $0.row * 30 + $0.column }
        #expect(Set(marks).isDisjoint(with: placed.map { $0.element.row * 30 + $0.element.column }))
        #expect(!placed.contains { MaxiCodeLayout.center(row: $0.element.row, column: $0.element.column).distance(to: MaxiCodeLayout.bullsEyeCenter) < 4.5 })
    }

    @Test func reedSolomonRepairsThePrimaryAndBothSecondaryHalves() throws {
        let primary = [4] + (1...9).map { $0 }
        let secondary = (0..<84).map { $0 % 64 }
        var codewords = MaxiCodeCodewords.withCheckCodewords(primary: primary, secondary: secondary)
        for i in [3, 7, 25, 26, 90, 140] { codewords[i] ^= 0x15 }
        let (data, corrected) = try #require(MaxiCodeCodewords.correct(&codewords))
        #expect(data == primary + secondary && corrected == 6)
    }

    /// Every code set, shift, latch, lock, Numeric Shift and ECI 26 for UTF-8.
    @Test(arguments: [
        "HELLO WORLD", "lower case text", "MiXeD CaSe, punctuation: ok!", "123456789 and 987654321", "àéîõü ÀÉÎÕÜ",
        "ÆØÅ æøå ÇÑ çñ", "{braces} [brackets] <angles> ~tilde|bar@at", "Tab\there\u{1C}FS\u{1D}GS\u{1E}RS", "Ünïcødé → 東京 ✓",
    ])
    func textRoundTrips(text: String) throws {
        #expect(maxiCodeOnly.decode(frame(try MaxiCodeEncoder.encode(text))).map(\.text) == [text])
    }

    @Test func everyLatin1ByteRoundTrips() throws {
        for start in stride(from: 0, to: 256, by: 64) {
            let bytes = (start..<(start + 64)).map { UInt8($0) }
            // Over 93 codewords with shifts: split in two symbols.
            for half in [Array(bytes[..<32]), Array(bytes[32...])] {
                let symbols = maxiCodeOnly.decode(frame(try MaxiCodeEncoder.encode(half)))
                #expect(symbols.map(\.bytes) == [half], "bytes \(half.first!)…")
            }
        }
    }

    @Test(arguments: [4, 5, 6])
    func modesRoundTrip(mode: Int) throws {
        let text = "Mode \(mode) message"
        #expect(maxiCodeOnly.decode(frame(try MaxiCodeEncoder.encode(text, mode: mode))).map(\.text) == [text])
    }

    /// Modes 2 and 3: the carrier fields come first, or after the "[)>" RS "01" GS "yy" header.
    @Test func structuredCarrierMessages() throws {
        let numeric = try MaxiCodeEncoder.encodeCarrier(postcode: "152382802", country: 840, service: 1, message: "Parcel 42")
        #expect(maxiCodeOnly.decode(frame(numeric)).map(\.text) == ["152382802\u{1D}840\u{1D}001\u{1D}Parcel 42"])
        let header = "[)>\u{1E}01\u{1D}96" + "1Z00004951\u{1D}UPSN"
        let alphanumeric = try MaxiCodeEncoder.encodeCarrier(postcode: "B1050", country: 56, service: 999, message: header)
        #expect(maxiCodeOnly.decode(frame(alphanumeric)).map(\.text) == ["[)>\u{1E}01\u{1D}96B1050\u{1D}056\u{1D}999\u{1D}1Z00004951\u{1D}UPSN"])
    }

    /// Encode → place in a degraded frame (turned, tilted, blurred, noisy, JPEG) → decode.
    @Test(arguments: [(0.0, 1), (17, 2), (90, 3), (133, 4), (180, 5), (241, 6), (305, 7), (359, 8)])
    func degradedFramesRoundTrip(rotation: Double, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-/")
        let text = String((0..<Int.random(in: 20...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        let image = frame(try MaxiCodeEncoder.encode(text), moduleWidth: [6.0, 7, 9][Int(seed) % 3], rotation: rotation, perspective: 0.04,
                          degradations: Degradations(blur: 0.7, noise: 4, unevenLight: 0.3, jpegQuality: 60, contrast: 0.8), seed: seed)
        #expect(maxiCodeOnly.decode(image).map(\.text) == [text], "\(rotation)°")
    }

    @Test func mirroredSymbolsRead() throws {
        let grid = try MaxiCodeEncoder.encode("Seen from behind the glass")
        let symbol = MaxiCodeRenderer.render(grid, moduleWidth: 7)
        var mirrored = symbol
        for y in 0..<symbol.height { for x in 0..<symbol.width { mirrored[x, y] = symbol[symbol.width - 1 - x, y] } }
        #expect(maxiCodeOnly.decode(mirrored).map(\.text) == ["Seen from behind the glass"])
    }

    @Test func damagedModulesAreRepaired() throws {
        var grid = try MaxiCodeEncoder.encode("Reed-Solomon repairs a scratch", mode: 5)
        for c in 0..<12 { grid.flip(x: c, y: 30) }
        let symbol = try #require(maxiCodeOnly.decode(frame(grid)).first)
        #expect(symbol.text == "Reed-Solomon repairs a scratch" && symbol.correctedErrors > 0)
    }

    @Test func onlySearchedWhenEnabledAndNothingOnTexture() throws {
        let image = frame(try MaxiCodeEncoder.encode("NOT FOR QR"))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.qr, .dataMatrix, .aztec])).decode(image).isEmpty)
        #expect(BarcodeDecoder().decode(image).map(\.symbology) == [.maxiCode])
        var random = SeededGenerator(seed: 9)
        var noise = GrayImage(width: 320, height: 240)
        for i in noise.pixels.indices { noise.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        var rings = GrayImage(width: 320, height: 240)
        // A bull's-eye with nothing around it is not a symbol.
        for y in 0..<240 { for x in 0..<320 {
            let r = (Double((x - 160) * (x - 160) + (y - 120) * (y - 120))).squareRoot() / 7
            if MaxiCodeLayout.ringRadii.contains(where: { abs(r - $0) <= MaxiCodeLayout.ringWidth / 2 }) { rings[x, y] = 0 }
        } }
        for image in [GrayImage(width: 320, height: 240), noise, rings] { #expect(maxiCodeOnly.decode(image).isEmpty) }
    }
}
