@testable import BarcodeDecoder

/// The module widths of an EAN-13 symbol's 59 elements, from the start guard's first bar to the end guard's last: the
/// runs the EAN/UPC tests draw, each scaled as the test needs.
enum EAN13Modules {
    static func of(_ text: String) -> [Int] {
        let digits = text.map { Int(String($0))! }
        let parity = EANUPCTables.leadingDigitParity[digits[0]]
        var modules: [Int] = [1, 1, 1]
        for k in 0..<6 { modules += parity[k] ? EANUPCTables.even[digits[k + 1]] : EANUPCTables.odd[digits[k + 1]] }
        modules += [1, 1, 1, 1, 1]
        for k in 6..<12 { modules += EANUPCTables.odd[digits[k + 1]] }
        modules += [1, 1, 1]
        return modules
    }
}
