import RigCore
import Testing

@Suite struct PlotRecorderTests {
    @Test func reducingKeepsEachBucketsPeaksInOrder() {
        // A flat line with one spike: plain decimation to 10 points would likely drop the spike.
        var y = [Double](repeating: 0, count: 1_000)
        y[517] = 9
        let series = PlotSeries(name: "s", x: (0..<1_000).map(Double.init), y: y)
        let reduced = series.reduced(to: 10)
        #expect(reduced.x.count <= 10)
        #expect(reduced.y.contains(9))
        #expect(reduced.x.contains(517))
        #expect(reduced.x == reduced.x.sorted())
        #expect(series.reduced(to: 2_000) == series, "a series within the limit is kept whole")
    }

    @Test func recordingKeepsOrderAndBoundsMemory() {
        let clock = VirtualClock()
        let plots = PlotRecorder(clock: clock)
        let b = plots.plot("B", unit: "V")
        let a = plots.plot("A", unit: "%")
        b.record(1, as: "first")
        a.guide(25, "low")
        a.guide(25, "low")
        for i in 0..<20_000 { b.record(Double(i % 7), as: "second", atRigSeconds: Double(i)) }
        let out = plots.plots(pointLimit: 600)
        #expect(out.map(\.title) == ["B", "A"])
        #expect(out[0].series.map(\.name) == ["first", "second"])
        #expect(out[0].series[1].x.count <= 600)
        #expect(out[1].guides == [PlotGuide(value: 25, label: "low")], "the same guide is drawn once")
        #expect(plots.seriesCount("B") == 2 && plots.seriesCount("none") == 0)
    }

    @Test func curvesReplaceTheirNamesakeAndValuesAreRounded() {
        let plots = PlotRecorder(clock: VirtualClock())
        let pen = plots.plot("Spectrum", unit: "counts", xAxis: "wavelength (nm)")
        pen.curve("sample", x: [740, 741], y: [1, 2])
        pen.curve("sample", x: [740, 741], y: [3.123456789, 4])
        let plot = plots.plots()[0]
        #expect(plot.xAxis == "wavelength (nm)" && !plot.isOverRigTime)
        #expect(plot.series == [PlotSeries(name: "sample", x: [740, 741], y: [3.1235, 4])])
    }
}
