@testable import BarcodeDecoder
import Testing

/// EAN-8 digits that do not read as measured, read again with the guards' spread taken off where the bars came out
/// wider than their spaces by a fifth of a module or more (`EANUPCDecoder.spreadTaken8`).
@Suite struct EAN8InkSpreadTests {
    static let options = DecoderOptions(symbologies: [.ean8])

    /// A pixel row of the 70 % nearest-neighbour copy of `ean8-1/1` (48512343, modules of 2.8 px): the guards' bars are
    /// 3 and 4 px, their spaces 2 and 3 (a spread of 0.65 px, 0.23 module), and the digit 5 shows as 1, 7, 7, 4 px,
    /// 0.30 from its pattern as measured (over the 0.28 a digit may be), 0.16 with the spread taken off.
    @Test func thePhotosRowReads() {
        let row: [Double] = [40, 3, 2, 4, 2, 3, 8, 6, 2, 7, 2, 9, 1, 7, 7, 4, 5, 7, 4, 3, 3, 3, 2, 4, 2, 6, 2, 7, 4, 4, 10,
                             4, 2, 4, 2, 9, 5, 3, 11, 3, 2, 4, 2, 3, 40]
        #expect(EANUPCDecoder().decode(row, options: Self.options).map(\.text) == ["48512343"])
    }

    /// The runs of the EAN-8 `text` at `module` px between light quiet zones of 40, every bar `spread` px wider than its
    /// modules and every space as much narrower, and the third digit's runs `noise` px further off the same way.
    static func ean8(_ text: String, module: Double, spread: Double, noise: Double) -> [Double] {
        let digits = text.compactMap(\.wholeNumberValue)
        let left = digits.prefix(4).flatMap { EANUPCTables.odd[$0] }, right = digits.suffix(4).flatMap { EANUPCTables.odd[$0] }
        let modules = [1, 1, 1] + left + [1, 1, 1, 1, 1] + right + [1, 1, 1]
        // Runs alternate from a bar: even runs are bars. The third digit is runs 11…14, from a space.
        let runs = modules.enumerated().map { k, count in
            let sign: Double = k % 2 == 0 ? 1 : -1
            return Double(count) * module + sign * spread + ((11...14).contains(k) ? sign * noise : 0)
        }
        return [40] + runs + [40]
    }

    /// Bars 0.25 module wider (spaces as much narrower) and the third digit 0.29 module further off: as measured it is
    /// 0.31 from its pattern, with the spread taken off 0.16. Bars as much thinner are not taken off (thinned, blurred
    /// bars inside an EAN-13, the brighter blurred `ean13-1/30`, once read EAN-8 so), nor a spread under a fifth.
    @Test func onlyBarsWiderByAFifthOfAModuleAreTakenOff() {
        #expect(EANUPCDecoder().decode(Self.ean8("48512343", module: 2.8, spread: 0.7, noise: 0.8), options: Self.options)
            .map(\.text) == ["48512343"])
        #expect(EANUPCDecoder().decode(Self.ean8("48512343", module: 2.8, spread: -0.7, noise: -0.8), options: Self.options).isEmpty)
        #expect(EANUPCDecoder().decode(Self.ean8("48512343", module: 2.8, spread: 0.5, noise: 1.0), options: Self.options).isEmpty)
    }
}

/// EAN-8's start guard tested as its end guard is, each run half a pixel off for nothing (`RunPattern.quantizedDistance`):
/// EAN-8 is read forward only, so a start guard that fails the plain test is not met again as an end guard.
@Suite struct EAN8StartGuardQuantizationTests {
    /// A pixel row of the 70 % nearest-neighbour copy of `ean8-1/5` (80674313, modules of 2.7 px) between the image's
    /// borders: its start guard is 2, 4, 2 px, 0.33 from the guard's pattern where 0.3 is allowed, 0.15 with half a pixel
    /// off each run. (Its 7 shows as 3, 7, 4, 4 px, as near G5 as L7, which rounding decides; here 3, 7, 3.6, 4.4.)
    static func row(startGuard: [Double]) -> [Double] {
        [1_000_000] + startGuard + [3, 5, 2, 7, 9, 5, 3, 2, 3, 2, 3, 10, 3, 7, 3.6, 4.4, 3, 2, 3, 2, 4, 1, 4, 7, 6, 2, 11, 2, 3, 4, 6,
                                    5, 3, 2, 11, 2, 3, 2, 3, 2, 1_000_000]
    }

    @Test func aStartGuardHalfAPixelOffEachRunReads() {
        let options = DecoderOptions(symbologies: [.ean8])
        #expect(EANUPCDecoder().decode(Self.row(startGuard: [2, 4, 2]), options: options).map(\.text) == ["80674313"])
        // 2, 6, 2 px is 0.38 off with half a pixel off each run: no guard.
        #expect(EANUPCDecoder().decode(Self.row(startGuard: [2, 6, 2]), options: options).isEmpty)
    }
}
