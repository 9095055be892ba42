import BarcodeDecoder
import Foundation
import Glibc
import ImageIO
import Testing

/// What a bad image file is told apart as (issue 19): libpng's and libjpeg's own words, a pixel budget checked before
/// any pixel memory is taken, and files that are not files.
@Suite struct ImageFileErrorTests {
    let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("image-errors-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    func message(_ path: String) -> String {
        do { _ = try ImageFile.load(path: path); return "loaded" } catch { return error.description }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return be(UInt32(data.count)) + body + be(crc32(body))
    }

    @Test func aTruncatedPNGSaysSoInLibpngsWords() throws {
        let image = try GrayImage(width: 40, height: 30, pixels: (0..<1200).map { UInt8($0 % 251) })
        let png = try #require(ImageFile.encode(image, as: .png))
        let path = folder + "/cut.png"
        FileManager.default.createFile(atPath: path, contents: Data(png.prefix(png.count / 2)))
        let text = message(path)
        #expect(text.contains("file is truncated"), "\(text)")
        #expect(!text.contains("out of memory"))
    }

    @Test func aHugeDeclaredImageIsRefusedBeforeItsPixelsAreAllocated() throws {
        var ihdr: [UInt8] = [0, 0, 0x40, 0, 0, 0, 0x40, 0]   // 16384 × 16384
        ihdr += [8, 0, 0, 0, 0]                               // 8-bit gray, deflate, no filter, no interlace
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", ihdr) + Self.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00])
        let path = folder + "/huge.png"
        FileManager.default.createFile(atPath: path, contents: Data(png))
        let text = message(path)
        // The budget message comes from the header check: the file's one empty IDAT could not be decoded at all.
        #expect(text.contains("16384 x 16384 pixels, over the budget"), "\(text)")
    }

    @Test func directoriesFIFOsAndDevicesAreNamedAsSuch() {
        #expect(message(folder).contains("it is a directory"))
        let fifo = folder + "/pipe.png"
        mkfifo(fifo, 0o600)
        #expect(message(fifo).contains("FIFO"))
        #expect(message("/dev/zero").contains("device"))
        #expect(message(folder + "/missing.png").contains("No such file"))
    }

    @Test func aBudgetCanBeChosen() throws {
        let image = try GrayImage(width: 40, height: 30, pixels: [UInt8](repeating: 128, count: 1200))
        let png = try #require(ImageFile.encode(image, as: .png))
        #expect(throws: ImageFileError.self) { try ImageFile.decode(png, path: "x.png", pixelBudget: 1000) }
        #expect(try ImageFile.decode(png, path: "x.png", pixelBudget: 1200).width == 40)
    }
}
