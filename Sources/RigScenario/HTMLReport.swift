import Foundation
import RigCore

/// Writes a run as one self-contained HTML page (no network: it opens offline and as a CI artifact).
///
/// The page carries the run as JSON (`ReportData`) and draws it with its own small script: failures first, a filter by
/// result, tag and name, and per scenario its failures, its steps on a timeline under their full names, the events of
/// each source, the plots of its signals (host power and storage with the guard thresholds, a band's streams with the
/// beats marked, spectra, reads, link faults, the scenario's own `rig.plot`s) and its measurements drawn against their
/// limits. The counts and the list of scenarios are also plain HTML, for a reader without scripts.
public enum HTMLReport {
    /// What opens the page's data element; `ReportData.read(fromHTML:)` looks for it.
    static let dataOpening = "<script type=\"application/json\" id=\"rigkit-run\">"

    /// The page for `result`.
    public static func html(_ result: RunResult) -> String {
        html(ReportData(result))
    }

    /// The page for `data` (a run's, or shards' merged).
    public static func html(_ data: ReportData) -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>RigKit run on \(escape(data.rig))</title>
        <style>\(HTMLReportScript.style)</style></head><body>
        <h1>RigKit run on rig \(escape(data.rig))</h1>
        <p>\(escape(data.rigSource)) · \(escape(data.clock)) clock · seed \(data.seed)\(data.shard.map { " · shard \(escape($0))" } ?? "")\(data.labgridPlace.map { " · labgrid place \(escape($0))" } ?? "") ·
        <span class="passed">\(data.passed) passed</span>, <span class="failed">\(data.failed) failed</span>,
        <span class="skipped">\(data.skipped) skipped</span></p>

        """
        if let interruption = data.interruption { out += "<p class=\"failed\">The run stopped early: \(escape(interruption)).</p>\n" }
        out += "<div id=\"filters\"></div>\n<noscript><ul>\n"
        for scenario in data.scenarios {
            out += "<li class=\"\(scenario.status)\">\(escape(scenario.name)) — \(scenario.status)</li>\n"
        }
        out += "</ul><p>The timelines and plots need scripts enabled.</p></noscript>\n<div id=\"report\"></div>\n"
        out += dataOpening + data.json() + "</script>\n"
        out += "<script>\(HTMLReportScript.script)</script>\n"
        return out + "</body></html>\n"
    }

    /// Writes the page for `result` to `path` atomically.
    public static func write(_ result: RunResult, to path: String) throws(FileWriteError) {
        try OutputFile.write(Array(html(result).utf8), to: path)
    }

    /// Writes the page for `data` to `path` atomically.
    public static func write(_ data: ReportData, to path: String) throws(FileWriteError) {
        try OutputFile.write(Array(html(data).utf8), to: path)
    }

    /// Text made safe for HTML content and attributes (the same escaping as XML).
    static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
