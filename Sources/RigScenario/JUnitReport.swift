import Foundation
import RigCore

/// Writes a run as JUnit XML: one testcase per scenario, failures with message and location, skips with reason.
public enum JUnitReport {
    /// The XML document for `result`.
    public static func xml(_ result: RunResult) -> String {
        let wall = result.scenarios.reduce(0.0) { $0 + $1.wallDuration.seconds }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"rig\" tests=\"\(result.scenarios.count)\" failures=\"\(result.failed)\" errors=\"0\" skipped=\"\(result.skipped)\" time=\"\(seconds(wall))\">\n"
        out += "  <testsuite name=\"\(escape(result.rig.name))\" tests=\"\(result.scenarios.count)\" failures=\"\(result.failed)\" errors=\"0\" skipped=\"\(result.skipped)\" time=\"\(seconds(wall))\">\n"
        out += "    <properties>\n"
        out += "      <property name=\"rig\" value=\"\(escape(result.rig.name))\"/>\n"
        out += "      <property name=\"rig.file\" value=\"\(escape(result.rig.source))\"/>\n"
        out += "      <property name=\"clock\" value=\"\(result.rig.clock.rawValue)\"/>\n"
        out += "      <property name=\"seed\" value=\"\(result.seed)\"/>\n"
        if let shard = result.shard { out += "      <property name=\"shard\" value=\"\(shard)\"/>\n" }
        if let place = result.rig.labgrid { out += "      <property name=\"labgrid.place\" value=\"\(escape(place.description))\"/>\n" }
        out += "    </properties>\n"
        for scenario in result.scenarios {
            let classname = "RigKit." + scenario.location.fileID.replacingOccurrences(of: ".swift", with: "").replacingOccurrences(of: "/", with: ".")
            out += "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(scenario.name))\" time=\"\(seconds(scenario.wallDuration.seconds))\" file=\"\(escape(scenario.location.file))\" line=\"\(scenario.location.line)\">\n"
            switch scenario.status {
            case .passed: break
            case .skipped:
                out += "      <skipped message=\"\(escape(scenario.skipReason ?? ""))\"/>\n"
            case .failed:
                let first = scenario.failures.first
                let message = first.map { "\($0.location): \($0.summary)" } ?? "failed"
                let body = scenario.failures.map(\.description).joined(separator: "\n\n")
                out += "      <failure message=\"\(escape(message))\" type=\"expectation\">\(escape(body))</failure>\n"
            }
            var details = ["rig time: \(scenario.rigDuration.formattedSeconds)"]
            if !scenario.tags.isEmpty { details.append("tags: " + scenario.tags.map(\.rawValue).joined(separator: ", ")) }
            for m in scenario.measurements {
                details.append("measurement \(m.name) = \(m.valueText) \(m.unit)" + (m.limits == nil ? "" : " [\(m.limitsText)]") + (m.passed ? "" : " FAIL"))
            }
            out += "      <system-out>\(escape(details.joined(separator: "\n")))</system-out>\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Writes the XML for `result` to `path` atomically.
    public static func write(_ result: RunResult, to path: String) throws(FileWriteError) {
        try OutputFile.write(Array(xml(result).utf8), to: path)
    }

    private static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }

    /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot hold.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
