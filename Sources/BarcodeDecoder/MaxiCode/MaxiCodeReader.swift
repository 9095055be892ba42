import Foundation

/// Finds and decodes MaxiCode symbols: the bull's-eye and the ellipse its rings make, the turn (and mirror) at which the
/// 18 orientation modules around it sample as they should, then the modules sampled, thresholded against their
/// neighbours and the codewords corrected — at the rings' scale, then slightly stretched where that does not correct.
public struct MaxiCodeReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.maxiCode]
    public init() {}

    /// Where the grid lies: pixels = centre + M · turn · (module position − bull's-eye centre).
    struct Placement {
        var center: Point
        var m: (a: Double, b: Double, c: Double, d: Double)
        var angle: Double
        var mirrored: Bool
        /// Stretch along the symbol's rows (x) and columns (y).
        var stretch = Point(1, 1)

        func apply(_ p: Point) -> Point {
            let o = MaxiCodeLayout.bullsEyeCenter
            var u = Point((p.x - o.x) * stretch.x, (p.y - o.y) * stretch.y)
            if mirrored { u.y = -u.y }
            let (s, c) = (sin(angle), cos(angle))
            let r = Point(c * u.x - s * u.y, s * u.x + c * u.y)
            return Point(center.x + m.a * r.x + m.b * r.y, center.y + m.c * r.x + m.d * r.y)
        }
    }

    /// Module centres outside the bull's-eye, each with its (row, column).
    static let modules: [(row: Int, column: Int, center: Point)] = (0..<MaxiCodeLayout.rows).flatMap { r in
        (0..<MaxiCodeLayout.columns).compactMap { c in
            let p = MaxiCodeLayout.center(row: r, column: c)
            return p.distance(to: MaxiCodeLayout.bullsEyeCenter) > 5 && !(r % 2 == 1 && c == 29) ? (r, c, p) : nil
        }
    }

    /// The bull's-eye search reads every `rowStep`th row of the binary image.
    static func rowStep(effort: Int) -> Int { effort >= 3 ? 1 : 2 }

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.maxiCode) else { return [] }
        var symbols: [DecodedSymbol] = []
        for candidate in MaxiCodeBullsEye.candidates(frame, step: Self.rowStep(effort: options.effort)).prefix(20) {
            guard !frame.isKnown(candidate.center, among: [.maxiCode]),
                  !symbols.contains(where: { LinearReader.contains($0.corners, candidate.center) }),
                  let m = MaxiCodeBullsEye.shape(frame, candidate),
                  let symbol = Self.decode(frame, center: candidate.center, m: m) else { continue }
            symbols.append(symbol)
        }
        return symbols
    }

    static func decode(_ frame: PreparedFrame, center: Point, m: (a: Double, b: Double, c: Double, d: Double)) -> DecodedSymbol? {
        // The turn (and mirror) at which the 18 orientation modules, all within 7 modules of the centre, sample as they
        // should (dark or light): 2° steps, then half degrees around the best three.
        let module = abs(m.a * m.d - m.b * m.c).squareRoot()
        let marks = MaxiCodeLayout.darkOrientationModules.map { (MaxiCodeLayout.center(row: $0.row, column: $0.column), true) }
            + MaxiCodeLayout.lightOrientationModules.map { (MaxiCodeLayout.center(row: $0.row, column: $0.column), false) }
        let (lo, hi) = grayRange(frame, around: center, radius: 9 * module)
        guard hi - lo > 20 else { return nil }
        func darkness(_ placement: Placement) -> Double {
            marks.reduce(0) { sum, mark in
                let p = placement.apply(mark.0)
                let dark = min(1, max(0, (hi - frame.gray(p.x, p.y)) / (hi - lo)))
                return sum + (mark.1 ? dark : 1 - dark)
            }
        }
        var coarse: [(score: Double, angle: Double, mirrored: Bool)] = []
        for mirrored in [false, true] {
            for degree in stride(from: 0, to: 360, by: 2) {
                let angle = Double(degree) * .pi / 180
                coarse.append((darkness(Placement(center: center, m: m, angle: angle, mirrored: mirrored)), angle, mirrored))
            }
        }
        var turns: [(score: Double, angle: Double, mirrored: Bool)] = []
        for start in coarse.sorted(by: { $0.score > $1.score }).prefix(3) {
            var best = start
            for half in -4...4 {
                let angle = start.angle + Double(half) * .pi / 360
                let score = darkness(Placement(center: center, m: m, angle: angle, mirrored: start.mirrored))
                if score > best.score { best = (score, angle, start.mirrored) }
            }
            // 15 of the 18 marks at least.
            if best.score >= 15, !turns.contains(where: { $0.mirrored == best.mirrored && abs($0.angle - best.angle) < 0.05 }) { turns.append(best) }
        }
        // The rings fix the scale only roughly (printers and renderers round them, and some stretch rows): the grid is read
        // at the rings' scale first, then stretched or shrunk along its rows and columns by up to 6 %.
        let stretches: [(Double, Double)] = [(1, 1)] + [0.97, 1.03, 0.94, 1.06].flatMap { s in [(s, s), (s, 1), (1, s)] }
            + [(0.97, 1.03), (1.03, 0.97), (0.94, 1.03), (1.03, 0.94), (0.97, 1.06), (1.06, 0.97)]
        for turn in turns.sorted(by: { $0.score > $1.score }) {
            for (sx, sy) in stretches {
                let placement = Placement(center: center, m: m, angle: turn.angle, mirrored: turn.mirrored, stretch: Point(sx, sy))
                if let symbol = read(frame, placement) { return symbol }
            }
        }
        return nil
    }

    /// The darkest and lightest gray within `radius` of `center` (every fourth pixel).
    static func grayRange(_ frame: PreparedFrame, around center: Point, radius: Double) -> (Double, Double) {
        var lo = 255.0, hi = 0.0
        let r = Int(radius)
        for dy in stride(from: -r, through: r, by: 4) {
            for dx in stride(from: -r, through: r, by: 4) where dx * dx + dy * dy <= r * r {
                let v = frame.gray(center.x + Double(dx), center.y + Double(dy))
                lo = min(lo, v); hi = max(hi, v)
            }
        }
        return (lo, hi)
    }

    /// The symbol sampled through `placement`, if its codewords correct.
    static func read(_ frame: PreparedFrame, _ placement: Placement) -> DecodedSymbol? {
        let (rows, columns) = (MaxiCodeLayout.rows, MaxiCodeLayout.columns)
        var gray = [Double](repeating: 0, count: rows * columns)
        var lo = 255.0, hi = 0.0
        for module in modules {
            let p = placement.apply(module.center)
            let v = frame.gray(p.x, p.y)
            gray[module.row * columns + module.column] = v
            lo = min(lo, v); hi = max(hi, v)
        }
        let mid = (lo + hi) / 2
        // The bull's-eye's cells and the missing last module of odd rows count as neither colour.
        for r in 0..<rows {
            for c in 0..<columns where MaxiCodeLayout.center(row: r, column: c).distance(to: MaxiCodeLayout.bullsEyeCenter) <= 5 || (r % 2 == 1 && c == 29) {
                gray[r * columns + c] = mid
            }
        }
        for grid in [ModuleSampler.threshold(gray, width: columns, height: rows, globalMid: mid, minimumContrast: (hi - lo) * 0.35),
                     ModuleSampler.threshold(gray, width: columns, height: rows, globalMid: mid, minimumContrast: .infinity)] {
            var codewords = [Int](repeating: 0, count: 144)
            for (bit, place) in MaxiCodeLayout.moduleOfBit.enumerated() where place.row >= 0 && grid[place.column, place.row] {
                codewords[bit / 6] |= 1 << (5 - bit % 6)
            }
            guard let (data, corrected) = MaxiCodeCodewords.correct(&codewords), let message = MaxiCodeTextDecoder.decode(data) else { continue }
            let h = MaxiCodeSymbolGeometry.height
            let corners = [Point(0, 0), Point(30, 0), Point(30, h), Point(0, h)].map(placement.apply)
            return DecodedSymbol(symbology: .maxiCode, text: message.text, bytes: message.bytes, corners: corners, isGoodRead: true,
                                 correctedErrors: corrected)
        }
        return nil
    }
}
