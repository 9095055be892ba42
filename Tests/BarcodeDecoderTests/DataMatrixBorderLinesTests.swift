@testable import BarcodeDecoder
import Testing

/// A Data Matrix symbol's L and timing sides drawn through a keystone (the right edge 70 % as tall as the left): the lines
/// fitted to its four borders meet at its corners, the free one too, though its module is light and the top side
/// converges on the bottom arm it is traced along at first.
@Suite struct DataMatrixBorderLinesTests {
    /// A 24 × 24 symbol.
    static let modules = 24.0
    static let corners = KeystoneDrawing.corners

    /// The L (left column and bottom row), the timing sides (top row dark at even columns, right column dark at odd
    /// rows) and a fixed pseudo-random data pattern inside.
    static func drawn() -> BitMatrix {
        let n = Int(modules)
        return KeystoneDrawing.drawn(modules: modules) { u, v in
            if u == 0 || v == n - 1 { return true }
            if v == 0 { return u % 2 == 0 }
            if u == n - 1 { return v % 2 == 1 }
            return (u * 7 + v * 13 + u * v) % 5 < 2
        }
    }

    @Test func linesMeetAtTheSymbolsCorners() throws {
        let bits = Self.drawn()
        let (a, b, c) = (Self.corners[0], Self.corners[2], Self.corners[3])
        let module = 200.0 / Self.modules
        // The quad's fourth corner given as the parallelogram's, 30 px (3.6 near modules) off the true one.
        let lines = try #require(DataMatrixBorderLines(bits, a: a, b: b, c: c, guess: a + b - c, module: module))
        #expect(lines.topRight.distance(to: Self.corners[1]) < 1.5)
        #expect(lines.topLeft.distance(to: a) < 1.5)
        #expect(lines.bottomRight.distance(to: b) < 1.5)
        #expect(lines.bottomLeft.distance(to: c) < 1.5)
    }

    @Test func timingSidesAreCountedAtTheirOwnModules() throws {
        let bits = Self.drawn()
        let (a, b, c) = (Self.corners[0], Self.corners[2], Self.corners[3])
        let module = 200.0 / Self.modules
        let lines = try #require(DataMatrixBorderLines(bits, a: a, b: b, c: c, guess: a + b - c, module: module))
        let counted = try #require(lines.counts(bits, module: module))
        #expect(counted.columns == 24 && counted.rows == 24)
    }
}
