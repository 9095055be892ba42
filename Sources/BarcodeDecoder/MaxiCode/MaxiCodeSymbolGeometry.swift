/// What a printed MaxiCode symbol looks like at a point: which hexagon or ring covers it.
public enum MaxiCodeSymbolGeometry {
    /// The symbol's height in module widths (33 rows).
    public static let height = MaxiCodeLayout.rowHeight * 32 + 2 / 3.squareRoot()
    /// A hexagon's circumradius as printed: half a module, leaving a narrow gap between neighbours.
    static let hexagonRadius = 0.5

    /// Whether the point (`x`, `y`), in module widths from the symbol's top-left, is dark in the symbol `grid` draws.
    public static func isDark(_ grid: BitMatrix, x: Double, y: Double) -> Bool {
        let center = MaxiCodeLayout.bullsEyeCenter
        let r = ((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot()
        if r < 4.6 { return MaxiCodeLayout.ringRadii.contains { abs(r - $0) <= MaxiCodeLayout.ringWidth / 2 } }
        let row = Int(((y - 1 / 3.squareRoot()) / MaxiCodeLayout.rowHeight).rounded())
        for rr in (row - 1)...(row + 1) where rr >= 0 && rr < MaxiCodeLayout.rows {
            let shift = rr % 2 == 1 ? 0.5 : 0
            let column = Int((x - 0.5 - shift).rounded())
            for cc in (column - 1)...(column + 1) where cc >= 0 && cc < MaxiCodeLayout.columns && grid[cc, rr] {
                let c = MaxiCodeLayout.center(row: rr, column: cc)
                let dx = abs(x - c.x), dy = abs(y - c.y)
                if dx <= hexagonRadius * 3.squareRoot() / 2 && dy <= hexagonRadius - dx / 3.squareRoot() { return true }
            }
        }
        return false
    }
}
