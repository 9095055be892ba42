import RigCore

/// Draws the samples an app receives from one wristband on the report's plots: BVP with the beats (IBIs) and tags
/// marked, EDA, skin temperature, acceleration per axis and the battery level, over rig time.
struct WristbandPlots: Sendable {
    let plots: PlotRecorder
    let clock: any RigClock
    /// The band as the plots name it, e.g. "Empatica E4 A01F2C".
    let label: String

    func draw(_ samples: [WristbandSample]) {
        // A sample's rig time: its Unix time is the device's clock, which the rig's Unix time tracks.
        let now = clock.now.seconds, unixNow = clock.unixNow
        func at(_ timestamp: Double) -> Double { now - (unixNow - timestamp) }
        for sample in samples {
            switch sample {
            case .bvp(let value, let t):
                plots.plot("\(label) BVP", unit: "BVP").record(value, as: "BVP", atRigSeconds: at(t))
            case .ibi(let seconds, let t):
                plots.plot("\(label) BVP", unit: "BVP").mark("beat, IBI \(Self.text(seconds)) s", atRigSeconds: at(t))
            case .tag(let t):
                plots.plot("\(label) BVP", unit: "BVP").mark("tag", atRigSeconds: at(t))
            case .gsr(let microsiemens, let t):
                plots.plot("\(label) EDA", unit: "µS").record(microsiemens, as: "EDA", atRigSeconds: at(t))
            case .temperature(let celsius, let t):
                plots.plot("\(label) skin temperature", unit: "°C").record(celsius, as: "temperature", atRigSeconds: at(t))
            case .acceleration(let x, let y, let z, let t):
                let pen = plots.plot("\(label) acceleration", unit: "1/64 g")
                pen.record(Double(x), as: "x", atRigSeconds: at(t))
                pen.record(Double(y), as: "y", atRigSeconds: at(t))
                pen.record(Double(z), as: "z", atRigSeconds: at(t))
            case .battery(let level, let t):
                plots.plot("\(label) battery", unit: "%").record(level * 100, as: "battery", atRigSeconds: at(t), stepped: true)
            }
        }
    }

    private static func text(_ x: Double) -> String { String((x * 1000).rounded() / 1000) }
}
