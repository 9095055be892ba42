@testable import BarcodeDecoder
import RigCore
import Testing

/// A window's move by four rows in and four out, its changes added where they are worked out, against the plain
/// definition: the columns' changes summed one row after another, then their running total added place by place.
@Suite struct RowChangesTests {
    /// `totals[x] &+= change[0] + … + change[x]`, with `change[x]` the entering rows' bytes less the leaving rows' (at
    /// most 1,020 either way), the running total added by the plain loop of `RunningTotalsTests`.
    static func plain(entering: [[UInt8]], leaving: [[UInt8]], to totals: [UInt32]) -> [UInt32] {
        let changes = totals.indices.map { x in
            Int16(entering.reduce(0) { $0 + Int($1[x]) } - leaving.reduce(0) { $0 + Int($1[x]) })
        }
        return RunningTotalsTests.plain(changes, to: totals)
    }

    /// Lengths with every remainder past the steps of eight, and none; bytes at random, all 255 against all 0 (the
    /// largest changes either way), and totals that wrap.
    @Test(arguments: [1, 3, 7, 8, 9, 15, 16, 17, 23, 64, 240, 241])
    func totalsMatchThePlainDefinition(_ count: Int) {
        var random = SeededGenerator(seed: UInt64(count) + 11)
        for kind in 0..<4 {
            func row(_ entering: Bool) -> [UInt8] {
                (0..<count).map { _ in
                    switch kind {
                    case 1: entering ? 255 : 0
                    case 2: entering ? 0 : 255
                    default: UInt8.random(in: 0...255, using: &random)
                    }
                }
            }
            let entering = (0..<4).map { _ in row(true) }, leaving = (0..<4).map { _ in row(false) }
            let totals: [UInt32] = (0..<count).map { _ in kind == 3 ? UInt32.max - 5 : UInt32.random(in: 0...UInt32.max, using: &random) }
            var both = totals, enteringOnly = totals, leavingOnly = totals
            withRows(entering) { e in
                withRows(leaving) { l in
                    both.withUnsafeMutableBufferPointer { t in
                        RowChanges.add(entering: e[0], e[1], e[2], e[3], leaving: l[0], l[1], l[2], l[3], count: count, to: t.baseAddress!)
                    }
                    leavingOnly.withUnsafeMutableBufferPointer { t in
                        RowChanges.add(leaving: l[0], l[1], l[2], l[3], count: count, to: t.baseAddress!)
                    }
                }
                enteringOnly.withUnsafeMutableBufferPointer { t in
                    RowChanges.add(entering: e[0], e[1], e[2], e[3], count: count, to: t.baseAddress!)
                }
            }
            #expect(both == Self.plain(entering: entering, leaving: leaving, to: totals), "count \(count), kind \(kind)")
            #expect(enteringOnly == Self.plain(entering: entering, leaving: [], to: totals), "count \(count), kind \(kind)")
            #expect(leavingOnly == Self.plain(entering: [], leaving: leaving, to: totals), "count \(count), kind \(kind)")
        }
    }

    /// The four rows' storage, each row padded by nothing (the fast path reads only `count` bytes of each).
    private func withRows(_ rows: [[UInt8]], _ body: ([UnsafePointer<UInt8>]) -> Void) {
        let copies = rows.map { row -> UnsafeMutablePointer<UInt8> in
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, row.count))
            p.initialize(from: row, count: row.count)
            return p
        }
        defer { copies.forEach { $0.deallocate() } }
        body(copies.map { UnsafePointer($0) })
    }
}
