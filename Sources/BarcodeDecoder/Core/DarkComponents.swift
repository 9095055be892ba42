/// Connected regions of dark cells in a binarized image, each as its outline points (leftmost and rightmost cell of every row).
struct DarkComponent {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var area: Int
    /// Leftmost and rightmost cell centres per row.
    var outline: [Point]
}

enum DarkComponents {
    /// Components whose bounding box is at least `minimumSide` cells on each side.
    static func find(_ bits: BitMatrix, minimumSide: Int, maximumCount: Int = 400) -> [DarkComponent] {
        let w = bits.width, h = bits.height
        guard w > 0, h > 0 else { return [] }
        let label = UnsafeMutablePointer<Int32>.allocate(capacity: w * h)
        label.initialize(repeating: 0, count: w * h)
        defer { label.deallocate() }
        var stack: [Int32] = []
        var components: [DarkComponent] = []
        var rowMin = [Int](repeating: Int.max, count: h), rowMax = [Int](repeating: Int.min, count: h)
        var next: Int32 = 1
        bits.cells.withUnsafeBufferPointer { cells in
            for start in 0..<(w * h) where cells[start] != 0 && label[start] == 0 {
                label[start] = next
                stack.append(Int32(start))
                var c = DarkComponent(minX: w, minY: h, maxX: -1, maxY: -1, area: 0, outline: [])
                while let top = stack.popLast() {
                    let i = Int(top)
                    let x = i % w, y = i / w
                    c.area += 1
                    if x < c.minX { c.minX = x }
                    if x > c.maxX { c.maxX = x }
                    if y < c.minY { c.minY = y }
                    if y > c.maxY { c.maxY = y }
                    if x < rowMin[y] { rowMin[y] = x }
                    if x > rowMax[y] { rowMax[y] = x }
                    if x > 0, cells[i - 1] != 0, label[i - 1] == 0 { label[i - 1] = next; stack.append(Int32(i - 1)) }
                    if x + 1 < w, cells[i + 1] != 0, label[i + 1] == 0 { label[i + 1] = next; stack.append(Int32(i + 1)) }
                    if y > 0, cells[i - w] != 0, label[i - w] == 0 { label[i - w] = next; stack.append(Int32(i - w)) }
                    if y + 1 < h, cells[i + w] != 0, label[i + w] == 0 { label[i + w] = next; stack.append(Int32(i + w)) }
                }
                next &+= 1
                let big = c.maxX - c.minX + 1 >= minimumSide && c.maxY - c.minY + 1 >= minimumSide
                for y in c.minY...c.maxY {
                    if big && rowMin[y] != Int.max {
                        c.outline.append(Point(Double(rowMin[y]) + 0.5, Double(y) + 0.5))
                        c.outline.append(Point(Double(rowMax[y]) + 0.5, Double(y) + 0.5))
                    }
                    rowMin[y] = Int.max
                    rowMax[y] = Int.min
                }
                guard big else { continue }
                components.append(c)
                if components.count >= maximumCount { break }
            }
        }
        return components
    }
}
