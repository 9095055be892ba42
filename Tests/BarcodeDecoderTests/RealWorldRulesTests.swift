import BarcodeDecoder
import BarcodeEncoder
import Testing

/// The rules real symbols need beyond the synthetic corpus: character-set guessing, Code 32, mirrored and inverted 2D
/// symbols, the image pyramid and cropped quiet zones.
@Suite struct RealWorldRulesTests {
    @Test(arguments: [
        // Shift_JIS without an ECI, as Japanese QR codes carry it: こんにちは.
        ([UInt8]([0x82, 0xB1, 0x82, 0xF1, 0x82, 0xC9, 0x82, 0xBF, 0x82, 0xCD]), "こんにちは"),
        // Half-width katakana (ｱｲｳ) with ASCII.
        ([0x41, 0xB1, 0xB2, 0xB3], "Aｱｲｳ"),
        // Valid UTF-8 stays UTF-8.
        (Array("Grüße, 世界".utf8), "Grüße, 世界"),
        // Latin-1 that is not valid Shift_JIS stays Latin-1.
        ([0x47, 0x72, 0xFC, 0xDF, 0x65], "Grüße"),
        // One double-byte character is not evidence enough: Latin-1.
        ([0x41, 0xE9, 0x74, 0xE9], "Aété"),
    ])
    func byteTextWithoutECIIsGuessed(bytes: [UInt8], text: String) throws {
        #expect(CharacterSetECI.guess(bytes) == text)
        let grid = try QREncoder.encode([.byte(bytes)], level: .m)
        #expect(try QRSymbolDecoder.decode(grid).text == text)
    }

    @Test func isoCyrillicECI() {
        #expect(CharacterSetECI.text([0xB6, 0xF0, 0x41], eci: 7) == "Ж№A")
    }

    @Test func code32OnlyWhenEnabled() throws {
        let image = try scene(.code39, "3PRM8N", moduleSize: 2)
        #expect(decode(image, .code39).map(\.text) == ["3PRM8N"])
        #expect(decode(image, .code39) { $0.code32 = true }.map(\.text) == ["A123456788"])
        // A six-character text whose Code 32 check digit fails stays Code 39.
        let other = try scene(.code39, "3PRM8P", moduleSize: 2)
        #expect(decode(other, .code39) { $0.code32 = true }.map(\.text) == ["3PRM8P"])
    }

    @Test(arguments: [Symbology.qr, .dataMatrix])
    func mirroredSymbols(symbology: Symbology) throws {
        let text = "MIRRORED \(symbology)"
        let image = mirrored(try SymbolEncoder.image(symbology, text, moduleSize: 4))
        #expect(decode(image, symbology).map(\.text) == [text])
    }

    @Test(arguments: [Symbology.qr, .dataMatrix])
    func lightOnDarkSymbols(symbology: Symbology) throws {
        let text = "INVERTED \(symbology)"
        let image = try scene(symbology, text, rotation: 10, moduleSize: 4, width: 360, height: 300).inverted()
        #expect(decode(image, symbology).map(\.text) == [text])
    }

    @Test func largeFrameReadsOnThePyramidWithCornersInFrameCoordinates() throws {
        let image = try scene(.qr, "PYRAMID", moduleSize: 24, width: 1600, height: 1200)
        let symbols = decode(image, .qr)
        #expect(symbols.map(\.text) == ["PYRAMID"])
        let center = (symbols.first?.corners ?? []).reduce(Point(0, 0), +) * 0.25
        #expect(center.distance(to: Point(800, 600)) < 30, "centre \(center)")
    }

    @Test(arguments: [Symbology.ean13, .code128, .codabar])
    func symbolCroppedAtTheImageBorder(symbology: Symbology) throws {
        let text = symbology == .ean13 ? "5901234123457" : symbology == .code128 ? "CROPPED-128" : "A123456B"
        let full = try SymbolEncoder.image(symbology, text, moduleSize: 2)
        // Cut the quiet zones off on both sides, leaving the bars touching the border.
        var first = full.width, last = 0
        for x in 0..<full.width where full[x, full.height / 2] < 128 { first = min(first, x); last = max(last, x) }
        let cropped = crop(full, x0: first, x1: last + 1)
        #expect(decode(cropped, symbology).map(\.text) == [text])
    }

    /// Printed labels often leave less than the specified 7 modules after an EAN's end guard (a mark, a border, the next
    /// label): 2.5 modules of light still count as its quiet zone, 1.5 do not.
    @Test(arguments: [(8, true), (4, false)])
    func eanRightQuietZoneShorterThanSpecified(gapPixels: Int, reads: Bool) throws {
        let text = "5901234123457"
        var image = try SymbolEncoder.image(.ean13, text, moduleSize: 3)
        var last = 0
        for x in 0..<image.width where image[x, image.height / 2] < 128 { last = x }
        for y in 0..<image.height {
            for x in (last + 1 + gapPixels)..<image.width { image[x, y] = 0 }
        }
        #expect(decode(image, .ean13).map(\.text) == (reads ? [text] : []))
    }

    /// The 2D readers run first and the linear reader leaves their symbols alone: a linear symbol beside (and above) a 2D
    /// one is still read, every symbology enabled.
    @Test(arguments: [Symbology.pdf417, .qr, .dataMatrix])
    func linearSymbolBesideA2DSymbolIsRead(twoD: Symbology) throws {
        let linear = try SymbolEncoder.image(.code128, "BESIDE-2D", moduleSize: 2)
        let other = try SymbolEncoder.image(twoD, "TWO-D SYMBOL", moduleSize: 3)
        var frame = GrayImage(width: linear.width + other.width + 40, height: max(linear.height, other.height) + 40, filledWith: 255)
        for y in 0..<other.height { for x in 0..<other.width { frame[x + 10, y + 20] = other[x, y] } }
        for y in 0..<linear.height { for x in 0..<linear.width { frame[x + other.width + 30, y + 10] = linear[x, y] } }
        let texts = BarcodeDecoder().decode(frame).map(\.text)
        #expect(Set(texts) == ["BESIDE-2D", "TWO-D SYMBOL"], "\(texts)")
    }

    /// A faint symbol (30 gray levels of contrast, blurred) between glare and a dark edge, as on a shiny can: the scan lines'
    /// contrast gates, set by the glare and the edge, drop its narrow elements; the rows of the local-mean binarization
    /// keep them.
    @Test(arguments: [Symbology.upcE, .ean13])
    func faintSymbolBetweenGlareAndADarkEdgeIsRead(symbology: Symbology) throws {
        let text = symbology == .upcE ? "04965802" : "5901234123457"
        let pattern = try EANUPCEncoder.encode(text, as: symbology)
        let module = 2, left = 40
        let width = left + pattern.modules.count * module + 70, height = 60
        var row = [Double](repeating: 165, count: width)
        for x in 0..<14 { row[x] = 250 }
        for x in (width - 40)..<(width - 20) { row[x] = 40 }
        for (i, dark) in pattern.modules.enumerated() where dark {
            for x in (left + i * module)..<(left + (i + 1) * module) { row[x] = 135 }
        }
        // Blur: each pixel with its two neighbours, twice.
        for _ in 0..<2 { row = row.indices.map { x in (row[max(0, x - 1)] + 2 * row[x] + row[min(width - 1, x + 1)]) / 4 } }
        var image = GrayImage(width: width, height: height, filledWith: 165)
        for y in 10..<(height - 10) { for x in 0..<width { image[x, y] = UInt8(row[x].rounded()) } }
        #expect(decode(image, symbology).map(\.text) == [text])
    }

    @Test func flatFramesReadNothing() {
        for value: UInt8 in [0, 128, 255] {
            #expect(BarcodeDecoder().decode(GrayImage(width: 320, height: 240, filledWith: value)).isEmpty)
        }
    }

    @Test func hybridBinarizerFollowsAShadow() {
        // 6-pixel dark squares on a background darkening from 230 to 90 left to right, 60 below their background.
        var image = GrayImage(width: 160, height: 80)
        for y in 0..<80 {
            for x in 0..<160 {
                let background = 230 - x * 140 / 160
                let square = (x / 6) % 2 == 0 && (y / 6) % 2 == 0
                image[x, y] = UInt8(square ? background - 60 : background)
            }
        }
        let bits = HybridBinarizer.binarize(image)
        var wrong = 0
        for y in 0..<80 {
            for x in 0..<160 where bits[x, y] != ((x / 6) % 2 == 0 && (y / 6) % 2 == 0) { wrong += 1 }
        }
        #expect(wrong < 160 * 80 / 50)
    }

    func mirrored(_ image: GrayImage) -> GrayImage {
        var out = GrayImage(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width { out[image.width - 1 - x, y] = image[x, y] }
        }
        return out
    }

    func crop(_ image: GrayImage, x0: Int, x1: Int) -> GrayImage {
        var out = GrayImage(width: x1 - x0, height: image.height)
        for y in 0..<image.height {
            for x in x0..<x1 { out[x - x0, y] = image[x, y] }
        }
        return out
    }
}

@Suite struct PerspectiveTransformTests {
    @Test func closedFormRectangleMatchesTheSolvedTransform() throws {
        let quad = [Point(10, 12), Point(95, 20), Point(88, 70), Point(5, 60)]
        let solved = try #require(PerspectiveTransform(from: [Point(0, 0), Point(24, 0), Point(24, 12), Point(0, 12)], to: quad))
        let closed = try #require(PerspectiveTransform(rectangleWidth: 24, height: 12, to: quad))
        for p in [Point(0, 0), Point(24, 12), Point(3.5, 7.25), Point(20, 1)] {
            #expect(solved.apply(p).distance(to: closed.apply(p)) < 1e-6)
        }
    }
}
