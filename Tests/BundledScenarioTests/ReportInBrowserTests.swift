import BundledScenarios
import Foundation
import RigCore
import RigScenario
import Testing

/// The HTML report as a person sees it: a few bundled scenarios run, their page opens in headless Chromium (Debian's,
/// installed by scripts/install-deps), and the page its script drew has the plots of each family's signals.
@Suite struct ReportInBrowserTests {
    static let scenarioNames = [
        "Wristband: every IBI falls on a BVP peak",
        "SCiO: scan then analyze with one model and with several",
        "Roomio power guard: a battery draining below 25 % mid-scan warns once",
        "Reader: unplugging during a scan, then replugging and reconnecting",
        "Wristband: faults from the rig file",
    ]

    @Test func chromiumDrawsEveryFamilysPlots() async throws {
        let chromium = try #require(Self.chromium(), "Chromium is needed (Debian package chromium; scripts/install-deps installs it)")
        let scenarios = Self.scenarioNames.compactMap { name in BundledScenarios.all.first { $0.name.hasPrefix(name) } }
        #expect(scenarios.count == Self.scenarioNames.count, "every scenario named is bundled")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rigkit-browser-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = await ScenarioRunner(rig: .builtinSimulated(), plugins: BundledScenarios.plugins, directory: directory).run(scenarios)
        #expect(result.passed == scenarios.count)
        let page = directory.appendingPathComponent("report.html").path
        try HTMLReport.write(result, to: page)

        let dom = try Self.renderedDOM(page + "#all", chromium: chromium)
        #expect(dom.contains("data-rendered=\"\(scenarios.count)\""), "the page's script ran and drew every scenario")
        let titles = Self.plotTitles(dom)
        for expected in ["Empatica E4 A01F2C BVP", "Empatica E4 A01F2C EDA", "Empatica E4 A01F2C skin temperature",
                         "Empatica E4 A01F2C acceleration", "SCiO scio raw spectra", "SCiO scio reflectance", "Phone battery",
                         "Phone free storage", "Link and device faults"] {
            #expect(titles.contains(expected), "plot \(expected) is drawn; drawn: \(titles)")
        }
        #expect(titles.contains { $0.hasSuffix("availability, connection and reads") }, "a reader's plot is drawn; drawn: \(titles)")
        // The beats are marked on the BVP plot, the guard thresholds drawn on the battery plot, spectra have their curves.
        #expect(Self.element(of: "Empatica E4 A01F2C BVP", in: dom).components(separatedBy: "class=\"mark\"").count > 50)
        #expect(Self.element(of: "Phone battery", in: dom).contains("blocks a start (≤ 25 %)"))
        #expect(Self.element(of: "SCiO scio raw spectra", in: dom).components(separatedBy: "class=\"series\"").count - 1 == 3)
        #expect(dom.contains("class=\"limits\""), "measurements are drawn against their limits")
    }

    /// Chromium's path, from `RIGKIT_CHROMIUM` or the PATH.
    static func chromium() -> String? {
        if let path = ProcessInfo.processInfo.environment["RIGKIT_CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) { return path }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// The page's DOM after its scripts ran, as headless Chromium dumps it.
    static func renderedDOM(_ page: String, chromium: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("rigkit-chromium-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                             "--virtual-time-budget=5000", "--dump-dom", "file://\(page)"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func plotTitles(_ dom: String) -> [String] {
        dom.components(separatedBy: "<svg class=\"plot\" data-title=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// The markup of the plot titled `title`.
    static func element(of title: String, in dom: String) -> String {
        guard let start = dom.range(of: "<svg class=\"plot\" data-title=\"\(title)\""),
              let end = dom.range(of: "</svg>", range: start.upperBound..<dom.endIndex) else { return "" }
        return String(dom[start.lowerBound..<end.upperBound])
    }
}
