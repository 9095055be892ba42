@testable import BarcodeDecoder
import Testing

/// The linear reader's decoders held as their own types (`ActiveDecoders`), which `LinearReader.decode` calls in
/// `ActiveDecoders.order`: that must be `decoders`' order (the order of a line's hits, which breaks ties between them).
@Suite struct ActiveDecodersTests {
    @Test func theCallOrderIsTheDecodersOrder() {
        #expect(LinearReader().decoders.map { "\(type(of: $0))" } == ActiveDecoders.order.map { "\($0)" })
    }

    /// Each active decoder held once, in its field (the fields in `order`), and no other; the fewest runs as
    /// `LinearReader.fewestRuns` gives them.
    @Test(arguments: [[.ean13], [.code128, .dataBarLimited], [.code25], [.codabar, .code93, .interleaved2of5], [.matrix2of5, .upcE, .dataBar],
                      Set(Symbology.allCases)] as [Set<Symbology>])
    func eachActiveDecoderIsHeldInItsField(_ symbologies: Set<Symbology>) {
        let options = DecoderOptions(symbologies: symbologies)
        let all = LinearReader().decoders.filter { !$0.symbologies.isDisjoint(with: options.symbologies) }
        let active = ActiveDecoders(all, options)
        let fields: [(any RowDecoder)?] = [active.eanUPC, active.code128, active.code39, active.itf, active.codabar, active.dataBar,
                                           active.dataBarExpanded, active.dataBarLimited, active.code93, active.code25]
        let held = zip(fields, ActiveDecoders.order).compactMap { field, type in field.map { decoder -> String in
            #expect("\(Swift.type(of: decoder))" == "\(type)")
            return "\(Swift.type(of: decoder))"
        } }
        #expect(held == all.map { "\(type(of: $0))" })
        #expect(!held.isEmpty)
        #expect(active.fewestRuns == LinearReader.fewestRuns(all, options))
    }
}
