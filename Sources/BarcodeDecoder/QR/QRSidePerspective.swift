/// A finder triple's perspective, from each finder's module size measured along the symbol's two sides.
///
/// A straight line through two finder centres is a line of the module grid (a transform keeps lines straight), and along
/// it the grid is mapped by a one-dimensional projective map: if the module sizes at the two centres are s₁ and s₂ and the
/// centres are D pixels apart, the map's depth grows by √(s₁ / s₂) from the first to the second and they are
/// D / √(s₁ s₂) modules apart (the geometric mean; an average of the finders' sizes over every direction is thrown off by a
/// keystone, whose far side's modules shrink along the side by the square of what they shrink across it). The two sides'
/// depths fix the symbol's homography, so its fourth corner, where a parallelogram assumes none.
struct QRSidePerspective: Sendable {
    /// The depth at the top-right and bottom-left finders, relative to the top-left's (1 is no perspective).
    var rightDepth: Double
    var bottomDepth: Double
    /// Modules between the top-left centre and the top-right's, and the bottom-left's.
    var modulesAcross: Double
    var modulesDown: Double
    /// The two averaged.
    var modulesBetweenCenters: Double { (modulesAcross + modulesDown) / 2 }

    /// Whether the top-right and bottom-left finders are as wide across their sides as the perspective makes them: the
    /// module step the homography of the four centres gives each along the other side (down at the top-right, across at
    /// the bottom-left), against its runs measured along that step, within `crossTolerance`. A slanted symbol's finders
    /// are foreshortened the same way as its grid; blobs of texture taken for finders are not.
    func crossWidthsAgree(_ bits: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern) -> Bool {
        let n = modulesBetweenCenters
        let source = [Point(0, 0), Point(n, 0), Point(0, n), Point(n, n)]
        guard let transform = PerspectiveTransform(from: source, to: [tl.center, tr.center, bl.center,
                                                                      fourthCenter(tl: tl.center, tr: tr.center, bl: bl.center)]) else { return false }
        /// `finder`'s measured width along the module step `step`, against seven steps.
        func agrees(_ finder: QRFinderPattern, _ step: Point) -> Bool {
            let length = step.distance(to: Point(0, 0))
            guard length > 0, let width = Self.patternWidth(bits, finder, along: step * (1 / length)) else { return false }
            return abs(width - 7 * length) <= 7 * length * Self.crossTolerance
        }
        return agrees(tr, transform.apply(Point(n, 1)) - tr.center) && agrees(bl, transform.apply(Point(1, n)) - bl.center)
    }

    /// A quarter: a finder's runs are whole pixels, a few a module on the far side.
    static let crossTolerance = 0.25

    /// Whether the two sides count about as many modules, as a square symbol's do: within `squareTolerance` of the larger.
    var isSquare: Bool { abs(modulesAcross - modulesDown) <= max(modulesAcross, modulesDown) * Self.squareTolerance }

    /// The two sides' counts differed by at most 9 % on the slanted copies of the QR photos (`perspective`, 35 read).
    static let squareTolerance = 0.15

    /// A tenth, so that triples seen nearly square on, which the ordinary look has had, are not looked at twice.
    static let noticeableDepth = 0.1

    /// Where the finders' grid lines meet beyond the top-left finder's opposite corner: the point whose homogeneous
    /// weights are the depths (the parallelogram's corner when both are 1).
    func fourthCenter(tl: Point, tr: Point, bl: Point) -> Point {
        (tr * rightDepth + bl * bottomDepth - tl) * (1 / (rightDepth + bottomDepth - 1))
    }

    /// The pixels across `finder`'s 1:1:3:1:1 runs on the line through its centre along the unit vector `direction`, or nil
    /// where the line does not show them within a few of its module sizes either side.
    static func patternWidth(_ bits: BitMatrix, _ finder: QRFinderPattern, along direction: Point) -> Double? {
        let center = finder.center, width = bits.width, height = bits.height
        let limit = Int(finder.moduleSize * 8) + 2
        return bits.cells.withUnsafeBufferPointer { cells -> Double? in
            /// The cell `t` pixels along the line (1 dark, 0 light, 2 outside the image).
            func cell(_ t: Int) -> UInt8 {
                let x = center.x + direction.x * Double(t), y = center.y + direction.y * Double(t)
                guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { return 2 }
                return cells[Int(y) * width + Int(x)]
            }
            /// The first step from `start` on (`sign` gives the way) that is not `colour`, or `limit + 1`.
            func end(_ start: Int, _ colour: UInt8, _ sign: Int) -> Int {
                var t = start
                while t <= limit && cell(sign * t) == colour { t += 1 }
                return t
            }
            guard cell(0) == 1 else { return nil }
            // Each way: the rest of the dark centre, the light ring and the dark ring, which must end in light.
            let a0 = end(1, 1, 1), a1 = end(a0, 0, 1), a2 = end(a1, 1, 1)
            let b0 = end(1, 1, -1), b1 = end(b0, 0, -1), b2 = end(b1, 1, -1)
            guard a2 <= limit, b2 <= limit, cell(a2) == 0, cell(-b2) == 0 else { return nil }
            let c0 = b2 - b1, c1 = b1 - b0, c2 = a0 + b0 - 1, c3 = a1 - a0, c4 = a2 - a1
            guard QRFinderPatternFinder.ratiosMatch(c0, c1, c2, c3, c4) else { return nil }
            return Double(c0 + c1 + c2 + c3 + c4)
        }
    }
}

extension QRSidePerspective {
    /// The perspective of `tl`, `tr`, `bl`, or nil where a finder does not show its 1:1:3:1:1 runs along a side.
    init?(_ bits: BitMatrix, tl: QRFinderPattern, tr: QRFinderPattern, bl: QRFinderPattern) {
        let right = tr.center - tl.center, down = bl.center - tl.center
        let rightLength = tl.center.distance(to: tr.center), downLength = tl.center.distance(to: bl.center)
        guard rightLength > 0, downLength > 0 else { return nil }
        let ex = right * (1 / rightLength), ey = down * (1 / downLength)
        guard let tlAcross = Self.patternWidth(bits, tl, along: ex), let trAcross = Self.patternWidth(bits, tr, along: ex),
              let tlDown = Self.patternWidth(bits, tl, along: ey), let blDown = Self.patternWidth(bits, bl, along: ey) else { return nil }
        rightDepth = (tlAcross / trAcross).squareRoot()
        bottomDepth = (tlDown / blDown).squareRoot()
        // The widths are 7 modules each: √(w₁ w₂) / 7 is the geometric mean of the module sizes.
        modulesAcross = rightLength / (tlAcross * trAcross).squareRoot() * 7
        modulesDown = downLength / (tlDown * blDown).squareRoot() * 7
    }

    /// Whether the depths differ enough from a parallelogram's to be worth a look of their own.
    var isNoticeable: Bool { max(abs(rightDepth - 1), abs(bottomDepth - 1)) >= Self.noticeableDepth }
}
