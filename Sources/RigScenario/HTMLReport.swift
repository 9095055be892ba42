import Foundation
import RigCore

/// Writes a run as one self-contained HTML page: a summary, then per scenario its steps on a timeline,
/// failures, measurements and the events of each device over rig time.
public enum HTMLReport {
    /// The page for `result`.
    public static func html(_ result: RunResult) -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>RigKit run on \(escape(result.rig.name))</title>
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
        h1{font-size:20px}table{border-collapse:collapse}td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left}
        .passed{color:#1a7f37}.failed{color:#c62828}.skipped{color:#777}
        details{margin:6px 0;border:1px solid #ddd;border-radius:6px;padding:6px 10px}
        summary{cursor:pointer;font-weight:600}pre{background:#f6f6f6;padding:8px;white-space:pre-wrap}
        svg text{font:11px system-ui,sans-serif}
        </style></head><body>
        <h1>RigKit run on rig \(escape(result.rig.name))</h1>
        <p>\(escape(result.rig.source)) · \(result.rig.clock.rawValue) clock · seed \(result.seed) ·
        <span class="passed">\(result.passed) passed</span>, <span class="failed">\(result.failed) failed</span>,
        <span class="skipped">\(result.skipped) skipped</span></p>
        <table><tr><th>scenario</th><th>result</th><th>rig time</th><th>wall</th><th>tags</th></tr>

        """
        for (index, scenario) in result.scenarios.enumerated() {
            out += "<tr><td><a href=\"#s\(index)\">\(escape(scenario.name))</a></td><td class=\"\(scenario.status.rawValue)\">\(scenario.status.rawValue)</td>"
            out += "<td>\(scenario.rigDuration.formattedSeconds)</td><td>\(String(format: "%.1f ms", scenario.wallDuration.seconds * 1000))</td>"
            out += "<td>\(escape(scenario.tags.map(\.rawValue).joined(separator: ", ")))</td></tr>\n"
        }
        out += "</table>\n"
        for (index, scenario) in result.scenarios.enumerated() {
            out += "<details id=\"s\(index)\"\(scenario.status == .failed ? " open" : "")><summary class=\"\(scenario.status.rawValue)\">"
            out += "\(escape(scenario.name)) — \(scenario.status.rawValue)</summary>\n"
            out += "<p>\(escape(scenario.location.description))</p>\n"
            if let reason = scenario.skipReason { out += "<p class=\"skipped\">Skipped: \(escape(reason))</p>\n" }
            for failure in scenario.failures { out += "<pre class=\"failed\">\(escape(failure.description))</pre>\n" }
            if !scenario.steps.isEmpty { out += timeline(scenario) }
            if !scenario.measurements.isEmpty {
                out += "<table><tr><th>measurement</th><th>value</th><th>limits</th><th>step</th></tr>\n"
                for m in scenario.measurements {
                    out += "<tr><td>\(escape(m.name))</td><td class=\"\(m.passed ? "passed" : "failed")\">\(escape(m.valueText)) \(escape(m.unit))</td>"
                    out += "<td>\(escape(m.limitsText))</td><td>\(escape(m.step ?? ""))</td></tr>\n"
                }
                out += "</table>\n"
            }
            out += "</details>\n"
        }
        return out + "</body></html>\n"
    }

    /// Writes the page for `result` to `path` atomically.
    public static func write(_ result: RunResult, to path: String) throws(FileWriteError) {
        try OutputFile.write(Array(html(result).utf8), to: path)
    }

    /// Steps as bars and each source's events as ticks, over the scenario's rig time.
    static func timeline(_ scenario: ScenarioResult) -> String {
        let total = max(scenario.rigDuration.seconds, 0.001)
        let width = 900.0, left = 160.0, row = 18.0
        let sources = scenario.trace.reduce(into: [String]()) { list, event in
            if event.source != "runner" && !list.contains(event.source) { list.append(event.source) }
        }.prefix(12)
        let height = Double(scenario.steps.count + sources.count + 1) * row + 10
        func x(_ seconds: Double) -> Double { left + seconds / total * (width - left - 10) }
        var svg = "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"timeline\">"
        var y = 4.0
        for step in scenario.steps {
            let x0 = x(step.started.seconds), x1 = max(x(step.ended.seconds), x0 + 2)
            svg += "<text x=\"4\" y=\"\(y + 12)\">\(escape(String(step.name.prefix(24))))</text>"
            svg += "<rect x=\"\(x0)\" y=\"\(y + 2)\" width=\"\(x1 - x0)\" height=\"\(row - 6)\" fill=\"\(step.passed ? "#7cc18a" : "#e57373")\"/>"
            y += row
        }
        for source in sources {
            svg += "<text x=\"4\" y=\"\(y + 12)\">\(escape(String(source.prefix(24))))</text>"
            var lastX = -10.0
            for event in scenario.trace where event.source == source {
                let px = x(event.time.seconds)
                guard px - lastX >= 1 else { continue }
                lastX = px
                svg += "<line x1=\"\(px)\" y1=\"\(y + 3)\" x2=\"\(px)\" y2=\"\(y + row - 3)\" stroke=\"#5c6bc0\"/>"
            }
            y += row
        }
        svg += "<text x=\"\(left)\" y=\"\(y + 12)\">0 s</text><text x=\"\(width - 80)\" y=\"\(y + 12)\">\(escape(scenario.rigDuration.formattedSeconds))</text>"
        return svg + "</svg>\n"
    }

    /// Text made safe for HTML content and attributes (the same escaping as XML).
    static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
