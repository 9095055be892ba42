import Foundation
import RigCore
import RigScenario
import Testing

@Suite struct HTMLReportTests {
    private func failingRun() async -> RunResult {
        let failing = await run(Scenario("bad <b>&</b> </script><script>alert(1)</script>") { rig in
            Step("a <step> with a long name that the old timeline cut at twenty-four characters") {
                rig.trace.record("device", "ping")
                let pen = rig.plot("Tank level", unit: "%")
                pen.guide(25, "refill")
                pen.record(80, as: "level")
                try await wait(.seconds(2))
                pen.record(60, as: "level")
                pen.mark("valve opened")
                measure("level", 7, unit: "%", limits: 0...5)
            }
        })
        let passing = await run(Scenario("fine", .tags("smoke")) { _ in Step("nothing") {} })
        return RunResult(rig: .builtinSimulated(), seed: 4, scenarios: [passing, failing])
    }

    @Test func thePageCarriesTheRunAsDataThatReadsBackExactly() async throws {
        let result = await failingRun()
        let html = HTMLReport.html(result)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("1 passed</span>, <span class=\"failed\">1 failed</span>"))
        let data = try #require(ReportData.read(fromHTML: html))
        #expect(data == ReportData(result))
        let bad = try #require(data.scenarios.first { $0.status == "failed" })
        #expect(bad.steps.map(\.name) == ["a <step> with a long name that the old timeline cut at twenty-four characters"])
        #expect(bad.failures.count == 1 && bad.failures[0].contains("measurement level is outside its limits"))
        #expect(bad.measurements.first.map { ($0.value, $0.low, $0.high, $0.passed) } ?? (0, nil, nil, true) == (7, 0, 5, false))
        #expect(bad.events.map(\.source) == ["device"])
        let tank = try #require(bad.plots.first { $0.title == "Tank level" })
        #expect(tank.series == [PlotSeries(name: "level", x: [0, 2], y: [80, 60])])
        #expect(tank.guides == [PlotGuide(value: 25, label: "refill")])
        #expect(tank.marks == [PlotMark(x: 2, label: "valve opened")])
        #expect(data.scenarios.first { $0.name == "fine" }?.tags == ["smoke"])
    }

    @Test func textInTheRunCannotEndTheScriptOrBecomeMarkup() async {
        let html = HTMLReport.html(await failingRun())
        // Only the page's own two script elements end; the scenario's "</script>" stays inside the JSON, escaped.
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(html.contains("<li class=\"failed\">bad &lt;b&gt;&amp;&lt;/b&gt; &lt;/script&gt;"))
        #expect(!html.contains("<b>&</b>"))
    }

    @Test func aPageThatIsNotAReportHasNoData() {
        #expect(ReportData.read(fromHTML: "<!DOCTYPE html><html><body>hello</body></html>") == nil)
    }
}
