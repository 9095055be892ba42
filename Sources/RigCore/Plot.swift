/// A chart of one scenario's signals, for the HTML report: one or more series sharing a unit, optional guide lines
/// (thresholds, limits) and marks (moments such as heart beats, reads or link faults).
///
/// Over rig time (`xAxis == Plot.rigTime`) x is seconds since the scenario started; a curve such as a spectrum has
/// its own x axis (`"wavelength (nm)"`).
public struct Plot: Sendable, Equatable, Codable {
    /// The x-axis label of plots over rig time.
    public static let rigTime = "rig time (s)"

    public var title: String
    public var xAxis: String
    /// The unit of y.
    public var unit: String
    public var series: [PlotSeries]
    public var guides: [PlotGuide]
    public var marks: [PlotMark]

    public init(title: String, xAxis: String = Plot.rigTime, unit: String, series: [PlotSeries] = [], guides: [PlotGuide] = [],
                marks: [PlotMark] = []) {
        self.title = title
        self.xAxis = xAxis
        self.unit = unit
        self.series = series
        self.guides = guides
        self.marks = marks
    }

    public var isOverRigTime: Bool { xAxis == Plot.rigTime }
}

/// One line of a plot: points in x order.
public struct PlotSeries: Sendable, Equatable, Codable {
    public var name: String
    public var x: [Double]
    public var y: [Double]
    /// Drawn as steps (a level held until the next point: battery, availability) rather than a line.
    public var stepped: Bool

    public init(name: String, x: [Double] = [], y: [Double] = [], stepped: Bool = false) {
        self.name = name
        self.x = x
        self.y = y
        self.stepped = stepped
    }

    /// The series cut to at most `limit` points: x split into equal buckets, each keeping its lowest and highest point
    /// in x order, so peaks (a heart beat, a battery step) survive where a plain decimation would drop them.
    public func reduced(to limit: Int) -> PlotSeries {
        guard x.count > limit, limit >= 4, let first = x.first, let last = x.last, last > first else { return self }
        let buckets = limit / 2
        let width = (last - first) / Double(buckets)
        var out = PlotSeries(name: name, stepped: stepped)
        var i = 0
        for bucket in 0..<buckets {
            let end = bucket == buckets - 1 ? Double.infinity : first + Double(bucket + 1) * width
            var low = -1, high = -1
            while i < x.count && x[i] < end {
                if low < 0 || y[i] < y[low] { low = i }
                if high < 0 || y[i] > y[high] { high = i }
                i += 1
            }
            guard low >= 0 else { continue }
            for index in low == high ? [low] : [min(low, high), max(low, high)] {
                out.x.append(x[index])
                out.y.append(y[index])
            }
        }
        return out
    }
}

/// A horizontal line at a y value: a threshold or a limit.
public struct PlotGuide: Sendable, Equatable, Codable {
    public var value: Double
    public var label: String
    public init(value: Double, label: String) {
        self.value = value
        self.label = label
    }
}

/// A vertical mark at an x value: an event such as a heart beat, a read or a fault.
public struct PlotMark: Sendable, Equatable, Codable {
    public var x: Double
    public var label: String
    public init(x: Double, label: String) {
        self.x = x
        self.label = label
    }
}
