import BarcodeDecoder
import BarcodeEncoder
import Foundation
import ImageIO
import Testing

@Suite struct DecodeCommandTests {
    /// A folder with a QR PNG, a Code 128 JPEG, an empty PGM and a truncated PNG.
    func images() throws -> String {
        let dir = try freshDirectory()
        try ImageFile.write(SymbolRenderer.render(try QREncoder.encode("CLI QR"), moduleSize: 4), to: dir + "/qr.png")
        try ImageFile.write(try SymbolEncoder.image(.code128, "CLI 128", moduleSize: 3), to: dir + "/c128.jpg", quality: 92)
        try ImageFile.write(GrayImage(width: 40, height: 30, filledWith: 200), to: dir + "/blank.pgm")
        let png = try #require(ImageFile.encode(SymbolRenderer.render(try QREncoder.encode("CUT"), moduleSize: 4), as: .png))
        try Data(png.prefix(png.count / 2)).write(to: URL(fileURLWithPath: dir + "/cut.png"))
        return dir
    }

    @Test func decodesEachImage() async throws {
        let dir = try images()
        let outcome = await rig(["decode", "qr.png", "c128.jpg"], in: dir)
        #expect(outcome.code == 0, "\(outcome.err)")
        #expect(outcome.out.contains("qr.png: qr \"CLI QR\""))
        #expect(outcome.out.contains("c128.jpg: code128 \"CLI 128\""))
    }

    @Test func jsonLinesCarryEveryField() async throws {
        let dir = try images()
        let outcome = await rig(["decode", "--json", "--symbology", "qr", "qr.png"], in: dir)
        #expect(outcome.code == 0)
        let line = try #require(outcome.out.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["image"] as? String == "qr.png")
        #expect(object["text"] as? String == "CLI QR")
        #expect(object["symbology"] as? String == "qr")
        #expect(object["bytes_hex"] as? String == "434c49205152")
        #expect((object["corners"] as? [[Double]])?.count == 4)
        #expect(object["ms"] is Double)
    }

    @Test func badFileIsNamedAndOthersStillDecode() async throws {
        let dir = try images()
        let outcome = await rig(["decode", "cut.png", "qr.png", "missing.png"], in: dir)
        #expect(outcome.code == 3)
        #expect(outcome.err.contains("cut.png"))
        #expect(outcome.err.contains("missing.png"))
        #expect(outcome.out.contains("qr.png: qr \"CLI QR\""))
    }

    @Test func imageWithoutSymbolExitsOne() async throws {
        let dir = try images()
        let outcome = await rig(["decode", "blank.pgm", "qr.png"], in: dir)
        #expect(outcome.code == 1)
        #expect(outcome.out.contains("blank.pgm: no symbol"))
    }

    @Test func onlyTheNamedSymbologyIsSearched() async throws {
        let dir = try images()
        #expect(await rig(["decode", "-s", "code39", "qr.png"], in: dir).code == 1)
    }

    @Test(arguments: [["decode"], ["decode", "x.png", "--effort", "4"], ["decode", "x.png", "--symbology", "morse"], ["decode", "x.png", "-s", "codablock"]])
    func usageErrors(arguments: [String]) async {
        let outcome = await rig(arguments)
        #expect(outcome.code == 2)
        #expect(outcome.err.contains("usage: rig decode"))
    }

    @Test func benchReportsPerSymbology() async throws {
        let dir = try images()
        try "CLI QR".write(toFile: dir + "/qr.txt", atomically: true, encoding: .utf8)
        try "CLI 128\n".write(toFile: dir + "/c128.txt", atomically: true, encoding: .utf8)
        let manifestDir = try freshDirectory()
        try FileManager.default.copyItem(atPath: dir + "/qr.png", toPath: manifestDir + "/a.png")
        try "file,symbology,text\na.png,qr,\"CLI QR\"\n".write(toFile: manifestDir + "/manifest.csv", atomically: true, encoding: .utf8)
        let sidecars = await rig(["bench", "decoder", "--corpus", dir, "--all-symbologies"])
        #expect(sidecars.code == 0, "\(sidecars.err)")
        #expect(sidecars.out.contains("| all | rigkit | 2 | 100.0% | 0 |"))
        let manifest = await rig(["bench", "decoder", "--corpus", manifestDir])
        #expect(manifest.out.contains("| qr | rigkit | 1 | 100.0% | 0 |"))
        #expect(await rig(["bench", "decoder", "--corpus", "/nonexistent"]).code == 3)
        #expect(await rig(["bench", "spectra", "--corpus", dir]).code == 2)
    }
}
