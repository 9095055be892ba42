import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

@Suite struct QRTests {
    @Test func blockTableMatchesEveryVersionsCapacity() {
        for v in 1...40 {
            let version = QRVersion(v)!
            for level in QRErrorCorrectionLevel.allCases {
                #expect(version.blocks(level).totalCodewords == version.totalCodewords, "version \(v) level \(level)")
            }
        }
        #expect(QRVersion(40)!.dataCodewords(.l) == 2956)
        #expect(QRVersion(1)!.dataCodewords(.h) == 9)
    }

    @Test func alignmentCentersMatchTheStandard() {
        #expect(QRVersion(2)!.alignmentCenters == [6, 18])
        #expect(QRVersion(7)!.alignmentCenters == [6, 22, 38])
        #expect(QRVersion(14)!.alignmentCenters == [6, 26, 46, 66])
        #expect(QRVersion(32)!.alignmentCenters == [6, 34, 60, 86, 112, 138])
        #expect(QRVersion(40)!.alignmentCenters == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test func formatAndVersionCodesMatchTheStandard() {
        #expect(QRFormatInformation.formatBits(.m, mask: 0) == 0x5412)
        #expect(QRFormatInformation.formatBits(.l, mask: 0) == 0x77C4)
        #expect(QRFormatInformation.formatBits(.l, mask: 4) == 0x662F)
        #expect(QRFormatInformation.versionBits(7) == 0x07C94)
        #expect(QRFormatInformation.versionBits(40) == 0x28C69)
    }

    @Test(arguments: Array(1...40))
    func everyVersionRoundTripsAtEveryLevel(version: Int) throws {
        var random = SeededGenerator(seed: UInt64(version))
        for level in QRErrorCorrectionLevel.allCases {
            let capacity = QRVersion(version)!.dataCodewords(level) - 3
            let bytes = (0..<max(1, capacity - 2)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let grid = try QREncoder.encode([.byte(bytes)], level: level, minimumVersion: version, mask: (version + level.rawValue) % 8)
            #expect(grid.width == 17 + 4 * version)
            let result = try QRSymbolDecoder.decode(grid)
            #expect(result.bytes == bytes, "version \(version) level \(level)")
            #expect(result.version == version)
            #expect(result.level == level)
        }
    }

    @Test(arguments: [
        ([QRSegment.numeric("0123456789012")], "0123456789012"),
        ([.alphanumeric("HELLO WORLD $%*+-./:")], "HELLO WORLD $%*+-./:"),
        ([.kanji("点茗")], "点茗"),
        ([.eci(26), .byte(Array("Grüße, 世界".utf8))], "Grüße, 世界"),
        ([.eci(3), .byte([0x47, 0x72, 0xFC, 0xDF, 0x65])], "Grüße"),
        ([.alphanumeric("ABC"), .numeric("12345"), .byte(Array("xyz".utf8))], "ABC12345xyz"),
    ])
    func segmentsDecode(segments: [QRSegment], text: String) throws {
        let grid = try QREncoder.encode(segments, level: .q)
        #expect(try QRSymbolDecoder.decode(grid).text == text)
    }

    @Test func gs1FNC1FirstIsReported() throws {
        let grid = try QREncoder.encode([.alphanumeric("01095011010209171719050810ABCD1234%2110")], level: .m, gs1: true)
        let result = try QRSymbolDecoder.decode(grid)
        #expect(result.isGS1)
        #expect(result.text == "01095011010209171719050810ABCD1234\u{1D}2110")
    }

    @Test(arguments: QRErrorCorrectionLevel.allCases)
    func damagedSymbolsAreCorrectedUpToTheLevel(level: QRErrorCorrectionLevel) throws {
        let grid = try QREncoder.encode("RigKit decodes damaged symbols", level: level, minimumVersion: 5)
        let version = QRVersion(5)!
        let structure = version.blocks(level)
        // Flip every module of whole codewords, as many per block as the block can correct.
        let correctable = structure.checkPerBlock / 2
        var damaged = grid
        let positions = QRFunctionPatterns.dataPositions(version)
        let blockCount = structure.blockDataSizes.count
        for k in 0..<(correctable * blockCount) {
            for bit in 0..<8 { let (x, y) = positions[k * 8 + bit]; damaged.flip(x: x, y: y) }
        }
        let result = try QRSymbolDecoder.decode(damaged)
        #expect(result.text == "RigKit decodes damaged symbols")
        #expect(result.correctedErrors == correctable * blockCount)
        for k in (correctable * blockCount)..<((correctable + 2) * blockCount) {
            for bit in 0..<8 { let (x, y) = positions[k * 8 + bit]; damaged.flip(x: x, y: y) }
        }
        #expect(throws: QRDecodeError.self) { try QRSymbolDecoder.decode(damaged) }
    }
}

@Suite struct QRImageTests {
    @Test(arguments: [1, 2, 7, 10, 25, 40])
    func uprightSymbolsAreFound(version: Int) throws {
        let grid = try QREncoder.encode("RigKit QR version \(version)", level: .m, minimumVersion: version)
        let image = SymbolRenderer.render(grid, moduleSize: version > 20 ? 3 : 4)
        let symbols = decode(image, .qr)
        #expect(symbols.map(\.text) == ["RigKit QR version \(version)"])
        #expect(symbols.first?.corners.count == 4)
    }
}
