/// Formats benchmark rows as a Markdown table.
public enum BenchTable {
    public static func markdown(_ engines: [(String, [BenchRow])]) -> String {
        var out = "| symbology | engine | images | read rate | false reads | median ms | p95 ms |\n"
        out += "| --- | --- | ---: | ---: | ---: | ---: | ---: |\n"
        let symbologies = engines.first?.1.map(\.symbology) ?? []
        for symbology in symbologies {
            for (engine, rows) in engines {
                guard let r = rows.first(where: { $0.symbology == symbology }) else { continue }
                out += "| \(symbology) | \(engine) | \(r.images) | \(format(r.readRate * 100, 1))% | \(r.falseReads) | \(format(r.medianMilliseconds, 2)) | \(format(r.p95Milliseconds, 2)) |\n"
            }
        }
        return out
    }

    public static func format(_ v: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (v * scale).rounded() / scale
        var s = String(rounded)
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
        }
        return s
    }
}
