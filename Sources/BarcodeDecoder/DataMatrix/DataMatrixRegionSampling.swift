/// Samples a Data Matrix symbol of several data regions through one transform per region, each fitted to that region's
/// own border: its solid left and bottom edges and its dashed top and right edges (ISO/IEC 16022 puts these alignment
/// patterns round every region, inside the symbol as well as at its outline).
///
/// One transform for the whole symbol places its inner modules where a plane would put them; a bowed label, a lens or
/// a perspective the corners only approximate shift the inner regions by a fraction of a module, and across a large
/// symbol that shift puts whole rows of a region on their neighbours (`dm-2x2-a`: 61 codeword errors of 34 correctable
/// through its one transform, 1 through four). The internal borders are landmarks at known modules near where the
/// symbol's transform puts them, so each region's four corners are moved (in the symbol's module coordinates, by a
/// module, then half and a quarter, up to a module and a half from where they started) while its border's dark
/// modules get darker and its light ones lighter.
enum DataMatrixRegionSampling {
    /// Farthest a region's corner moves from where the symbol's transform puts it, in modules.
    static let reach = 1.5
    /// The steps a corner moves by, in modules, tried in turn.
    static let steps = [1.0, 0.5, 0.25]
    /// Rounds over the four corners (a round that moves none ends the fit).
    static let rounds = 6

    /// The grid sampled region by region, or nil for a symbol of one region.
    static func sample(_ frame: PreparedFrame, transform t: PerspectiveTransform, size: DataMatrixSize) -> BitMatrix? {
        let across = size.columns / (size.regionColumns + 2), down = size.rows / (size.regionRows + 2)
        guard across * down > 1 else { return nil }
        let w = size.regionColumns + 2, h = size.regionRows + 2
        // The region's border modules (local column, row) and whether each is dark: the left column and the bottom row
        // solid, the top row dark at even columns, the right column dark at every second row up from the bottom.
        var border: [(x: Int, y: Int, dark: Bool)] = []
        for x in 0..<w { border.append((x, h - 1, true)) }
        for y in 0..<(h - 1) { border.append((0, y, true)) }
        for x in 1..<w { border.append((x, 0, x % 2 == 0)) }
        for y in 1..<(h - 1) { border.append((w - 1, y, (h - 1 - y) % 2 == 0)) }
        let unit = [Point(0, 0), Point(Double(w), 0), Point(Double(w), Double(h)), Point(0, Double(h))]
        var gray = [Double](repeating: 255, count: size.columns * size.rows)
        var lo = 255.0, hi = 0.0
        for ry in 0..<down {
            for rx in 0..<across {
                let origin = Point(Double(rx * w), Double(ry * h))
                let start = unit.map { $0 + origin }
                /// How well the region's border shows through corners `c` (module coordinates of the symbol): the light
                /// modules' gray less the dark ones'.
                func score(_ c: [Point]) -> (Double, PerspectiveTransform)? {
                    guard let r = PerspectiveTransform(rectangleWidth: Double(w), height: Double(h), to: c.map(t.apply)) else { return nil }
                    var s = 0.0
                    for m in border {
                        let p = r.apply(Point(Double(m.x) + 0.5, Double(m.y) + 0.5))
                        let v = frame.gray(p.x, p.y)
                        s += m.dark ? -v : v
                    }
                    return (s, r)
                }
                guard var (best, region) = score(start) else { return nil }
                var corners = start
                for _ in 0..<rounds {
                    var moved = false
                    for k in 0..<4 {
                        for (dx, dy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)] {
                            for step in steps {
                                var c = corners
                                c[k] = c[k] + Point(dx * step, dy * step)
                                guard c[k].distance(to: start[k]) <= reach, let (s, r) = score(c), s > best else { continue }
                                best = s
                                region = r
                                corners = c
                                moved = true
                            }
                        }
                    }
                    if !moved { break }
                }
                for y in 0..<h {
                    for x in 0..<w {
                        let p = region.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                        let v = frame.gray(p.x, p.y)
                        gray[(ry * h + y) * size.columns + rx * w + x] = v
                        lo = min(lo, v)
                        hi = max(hi, v)
                    }
                }
            }
        }
        return ModuleSampler.threshold(gray, width: size.columns, height: size.rows, globalMid: (lo + hi) / 2,
                                       minimumContrast: (hi - lo) * 0.35)
    }
}
