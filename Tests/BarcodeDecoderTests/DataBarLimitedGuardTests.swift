@testable import BarcodeDecoder
import BarcodeEncoder
import Testing

/// GS1 DataBar Limited's right guard (ISO/IEC 24724:2011): a narrow space, a narrow bar and a wide space. Without it the
/// check character and the GTIN's check digit were all that stood between a UPC-A's bars and a Limited read: on the darker
/// copy of `upca-5/07` in perspective, five binarized rows read "0112105673188217", its guard bar 2.4 modules wide and
/// followed by a space of 0.35.
@Suite struct DataBarLimitedGuardTests {
    static let text = "0100068510889102"
    static let module = 3.0

    /// The symbol's runs in pixels, light first: 10 modules of quiet zone (with the left guard's space), the elements up to
    /// the right guard's bar (`guardBar` modules wide), then `after` (runs in modules) beyond it.
    static func runs(guardBar: Double = 1, after: [Double]) throws -> [Double] {
        let modules = try DataBarLimitedEncoder.encode(text).modules
        var widths: [Double] = []
        var last: Bool?
        for dark in modules {
            if dark == last { widths[widths.count - 1] += 1 } else { widths.append(1); last = dark }
        }
        widths[0] += 9
        widths[widths.count - 1] = guardBar
        return (widths + after).map { $0 * module }
    }

    static func texts(_ runs: [Double]) -> [String] {
        DataBarLimitedDecoder().decode(runs, options: DecoderOptions(symbologies: [.dataBarLimited])).map(\.text)
    }

    @Test func readsWithItsWideSpaceOrAtTheLinesEnd() throws {
        #expect(Self.texts(try Self.runs(after: [10])) == [Self.text])
        #expect(Self.texts(try Self.runs(after: [4, 2, 20])) == [Self.text])
        #expect(Self.texts(try Self.runs(after: [])) == [Self.text])
    }

    @Test func refusesANarrowSpaceAfterItsGuardBar() throws {
        #expect(Self.texts(try Self.runs(after: [0.35, 2, 20])).isEmpty)
        #expect(Self.texts(try Self.runs(after: [3, 2, 20])).isEmpty)
    }

    @Test func refusesAWideGuardBar() throws {
        #expect(Self.texts(try Self.runs(guardBar: 2.4, after: [10])).isEmpty)
    }
}
