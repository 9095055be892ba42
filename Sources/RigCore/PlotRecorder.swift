import Synchronization

/// Collects the plots of one scenario run: what the families record of the signals they see (host battery and storage,
/// a band's streams, a spectrometer's spectra, a reader's reads) and what the scenario records itself (`LiveRig.plot`).
///
/// Every scenario's `TraceLog` has one (`trace.plots`). Plots and series keep the order they were first recorded in, so
/// the same run gives the same report. Memory stays bounded on long runs: a series over 8,192 points is cut to 4,096
/// (`PlotSeries.reduced`, peaks kept), and a plot keeps at most 2,000 marks (every other one dropped beyond).
public final class PlotRecorder: Sendable {
    private let clock: any RigClock
    private let state = Mutex<[Plot]>([])
    static let seriesLimit = 8_192
    static let markLimit = 2_000

    public init(clock: any RigClock) {
        self.clock = clock
    }

    /// A pen for the plot `title` (made on first use): record values, guides and marks on it.
    public func plot(_ title: String, unit: String, xAxis: String = Plot.rigTime) -> PlotPen {
        PlotPen(recorder: self, title: title, unit: unit, xAxis: xAxis)
    }

    /// Every plot so far, each series cut to at most `pointLimit` points (a report's plot is about 600 pixels wide),
    /// values rounded to 6 significant digits (x) and 5 (y): what a chart can show, in far fewer bytes.
    public func plots(pointLimit: Int = 600) -> [Plot] {
        state.withLock { plots in
            plots.map { plot in
                var plot = plot
                plot.series = plot.series.map { series in
                    var series = series.reduced(to: pointLimit)
                    series.x = series.x.map { Self.rounded($0, digits: 6) }
                    series.y = series.y.map { Self.rounded($0, digits: 5) }
                    return series
                }
                plot.marks = plot.marks.map { PlotMark(x: Self.rounded($0.x, digits: 6), label: $0.label) }
                return plot
            }
        }
    }

    /// `x` to `digits` significant digits (the result prints as at most that many digits).
    static func rounded(_ x: Double, digits: Int) -> Double {
        guard x.isFinite, x != 0 else { return x }
        // The decimal exponent e with 10^(e-1) ≤ |x| < 10^e, then k = digits − e decimal places to keep.
        var e = 0
        var magnitude = abs(x)
        while magnitude >= 1 && e < 300 { magnitude /= 10; e += 1 }
        while magnitude < 0.1 && e > -300 { magnitude *= 10; e -= 1 }
        let k = digits - e
        func power(_ n: Int) -> Double { var p = 1.0; for _ in 0..<n { p *= 10 }; return p }   // exact up to 10^22
        guard abs(k) <= 22 else { return x }
        return k >= 0 ? (x * power(k)).rounded() / power(k) : (x / power(-k)).rounded() * power(-k)
    }

    /// How many series the plot `title` has (0 when it has not been drawn yet).
    public func seriesCount(_ title: String) -> Int {
        state.withLock { plots in plots.first { $0.title == title }?.series.count ?? 0 }
    }

    /// Seconds of rig time since the scenario started.
    var now: Double { clock.now.seconds }

    func update(_ title: String, unit: String, xAxis: String, _ change: (inout Plot) -> Void) {
        state.withLock { plots in
            if let index = plots.firstIndex(where: { $0.title == title }) {
                if plots[index].unit.isEmpty { plots[index].unit = unit }
                change(&plots[index])
            } else {
                var plot = Plot(title: title, xAxis: xAxis, unit: unit)
                change(&plot)
                plots.append(plot)
            }
        }
    }
}

/// Draws on one plot of a `PlotRecorder`.
public struct PlotPen: Sendable {
    let recorder: PlotRecorder
    public let title: String
    public let unit: String
    public let xAxis: String

    /// Adds `value` to the series `series` at the current rig time (or at `seconds` of rig time); `stepped` draws the
    /// series as a level held until its next value.
    public func record(_ value: Double, as series: String, atRigSeconds seconds: Double? = nil, stepped: Bool = false) {
        let x = seconds ?? recorder.now
        recorder.update(title, unit: unit, xAxis: xAxis) { plot in
            let index: Int
            if let found = plot.series.firstIndex(where: { $0.name == series }) {
                index = found
            } else {
                plot.series.append(PlotSeries(name: series, stepped: stepped))
                index = plot.series.count - 1
            }
            plot.series[index].x.append(x)
            plot.series[index].y.append(value)
            if plot.series[index].x.count > PlotRecorder.seriesLimit {
                plot.series[index] = plot.series[index].reduced(to: PlotRecorder.seriesLimit / 2)
            }
        }
    }

    /// Adds a whole curve (a spectrum, say) as the series `series`; a curve of that name already there is replaced.
    public func curve(_ series: String, x: [Double], y: [Double]) {
        let count = min(x.count, y.count)
        recorder.update(title, unit: unit, xAxis: xAxis) { plot in
            let curve = PlotSeries(name: series, x: Array(x.prefix(count)), y: Array(y.prefix(count)))
            if let found = plot.series.firstIndex(where: { $0.name == series }) { plot.series[found] = curve } else { plot.series.append(curve) }
        }
    }

    /// Draws a horizontal line at `value` (a threshold, a limit), once per value and label.
    public func guide(_ value: Double, _ label: String) {
        recorder.update(title, unit: unit, xAxis: xAxis) { plot in
            let guide = PlotGuide(value: value, label: label)
            if !plot.guides.contains(guide) { plot.guides.append(guide) }
        }
    }

    /// Marks a moment: now, or `seconds` of rig time (on a curve: an x value).
    public func mark(_ label: String, atRigSeconds seconds: Double? = nil) {
        let x = seconds ?? recorder.now
        recorder.update(title, unit: unit, xAxis: xAxis) { plot in
            plot.marks.append(PlotMark(x: x, label: label))
            if plot.marks.count > PlotRecorder.markLimit {
                plot.marks = plot.marks.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            }
        }
    }
}
