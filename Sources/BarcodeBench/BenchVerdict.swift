/// Where one engine falls short of a reference engine in one benchmark run: the check "in one run, a read rate at least
/// the reference's on every symbology, no false reads, and a median and a p95 time no more than the reference's".
public enum BenchVerdict {
    /// The shortfalls of `rows` against `reference`, symbology by symbology in `rows`' order (the "all" row too), each as
    /// "symbology: what" (for example "upcE: p95 0.36 > 0.25 ms"); empty where there is none. A symbology the reference
    /// has no row for is not compared, and a read rate is compared only where the symbology has images with a text.
    public static func shortfalls(_ rows: [BenchRow], against reference: [BenchRow]) -> [String] {
        var found: [String] = []
        for row in rows {
            guard let other = reference.first(where: { $0.symbology == row.symbology }) else { continue }
            let name = row.symbology
            if row.images > 0, row.readRate < other.readRate {
                found.append("\(name): read \(BenchTable.format(row.readRate * 100, 1))% < \(BenchTable.format(other.readRate * 100, 1))%")
            }
            if row.falseReads > 0 { found.append("\(name): \(row.falseReads) false reads") }
            if row.medianMilliseconds > other.medianMilliseconds {
                found.append("\(name): median \(BenchTable.format(row.medianMilliseconds, 2)) > \(BenchTable.format(other.medianMilliseconds, 2)) ms")
            }
            if row.p95Milliseconds > other.p95Milliseconds {
                found.append("\(name): p95 \(BenchTable.format(row.p95Milliseconds, 2)) > \(BenchTable.format(other.p95Milliseconds, 2)) ms")
            }
        }
        return found
    }

    /// One line for a run: "RigKit against zxing-cpp: met on every symbology" or the shortfalls, `engine` and `reference`
    /// the engines' names.
    public static func line(_ rows: [BenchRow], against reference: [BenchRow], engine: String, reference name: String) -> String {
        let found = shortfalls(rows, against: reference)
        return found.isEmpty ? "\(engine) against \(name): met on every symbology"
            : "\(engine) against \(name): short on \(found.count) — " + found.joined(separator: "; ")
    }
}
