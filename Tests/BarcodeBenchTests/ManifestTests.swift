@testable import BarcodeBench
import Foundation
import Testing

/// Bench manifests are read strictly (issue 19): a malformed one is an error at its physical line, not figures skewed
/// with exit 0, and no path leads outside the corpus folder.
@Suite struct ManifestTests {
    func problem(_ text: String) -> String {
        do { _ = try BenchCorpus.parseManifest(text, path: "m.csv", directory: "/corpus"); return "accepted" } catch { return error.description }
    }

    @Test func anUnterminatedQuoteIsAnErrorAtTheLineItOpens() {
        #expect(problem("file,symbology,text\na.png,qr,ok\nb.png,qr,\"never closed\nc.png,qr,x\n") == "m.csv:3: a quoted field that is never closed")
    }

    @Test func strayQuotesAreErrors() {
        #expect(problem("file,symbology,text\na.png,qr,te\"xt\n").contains("m.csv:2: a quote inside a field"))
        #expect(problem("file,symbology,text\na.png,qr,\"x\"y\n").contains("m.csv:2: text after a closing quote"))
    }

    @Test func linesAreCountedPhysicallyAfterAMultiLineField() {
        let text = "file,symbology,text\na.png,qr,\"two\nlines\"\nb.png,toaster,x\n"
        #expect(problem(text) == "m.csv:4: unknown symbology 'toaster'")
    }

    @Test func pathsStayInsideTheCorpus() {
        #expect(problem("file,symbology,text\n../etc/passwd,qr,x\n").contains("m.csv:2: path '../etc/passwd' leads outside the corpus folder"))
        #expect(problem("file,symbology,text\n/etc/passwd,qr,x\n").contains("leads outside the corpus folder"))
    }

    @Test func aGoodManifestReads() throws {
        let entries = try BenchCorpus.parseManifest("file,symbology,text\na.png,qr,\"a, \"\"quoted\"\" text\"\nsub/b.png,ean13,4006381333931\n",
                                                    path: "m.csv", directory: "/corpus")
        #expect(entries.map(\.expected) == ["a, \"quoted\" text", "4006381333931"])
        #expect(entries.map(\.path) == ["/corpus/a.png", "/corpus/sub/b.png"])
    }
}
