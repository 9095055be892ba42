import BarcodeDecoder
import BarcodeEncoder
import Testing

/// The linear reader's first look confirms a text that one of its rows read with rows beside that one
/// (`LinearReader.confirm`).
@Suite struct QuickRowConfirmationTests {
    /// A light frame 240 px tall holding `pattern` (2 px a module) on `rows` only: bars shorter than the first look's row
    /// spacing (13.5 px on 240 rows), so that one of its rows crosses them.
    static func shortBars(_ pattern: LinearPattern, rows: Range<Int>) -> GrayImage {
        let symbol = SymbolRenderer.render(pattern, moduleWidth: 2, height: 1)
        var image = GrayImage(width: symbol.width, height: 240, filledWith: 255)
        for y in rows {
            for x in 0..<symbol.width { image[x, y] = symbol[x, 4] }
        }
        return image
    }

    /// At effort 1 no second look runs and the region finder needs three blocks of bars: only the rows a quarter and
    /// half a spacing beside the one first-look row that crosses the bars (row 120) can confirm its read. Without them
    /// nothing is read.
    @Test(arguments: [(Symbology.ean13, "4006381333931"), (.upcE, "04252614"), (.code128, "SHORT BARS")])
    func barsOneRowCrossesAreRead(symbology: Symbology, text: String) throws {
        let pattern: LinearPattern = symbology == .code128 ? try Code128Encoder.encode(text) : try EANUPCEncoder.encode(text, as: symbology)
        let image = Self.shortBars(pattern, rows: 114..<126)
        #expect(decode(image, symbology, effort: 1).map(\.text) == [text])
    }

    /// Bars no first-look row crosses (rows 122–130 lie between the rows at 120 and 133) are not confirmed into a read
    /// at effort 1: the confirmation only follows a row that read.
    @Test func barsNoRowCrossesStayUnread() throws {
        let image = Self.shortBars(try EANUPCEncoder.encode("4006381333931", as: .ean13), rows: 122..<131)
        #expect(decode(image, .ean13, effort: 1).isEmpty)
    }
}
