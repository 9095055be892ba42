import RigCore
import ScioProtocol

/// Draws what a SCiO measured on the report's plots: the raw spectra of its last scan (dark, sample and the cover's
/// white reference, in counts) and the reflectance of each scan (up to 8; later scans replace the eighth), over
/// wavelength.
struct SpectrometerPlots: Sendable {
    let plots: PlotRecorder
    /// The device as the plots name it, e.g. "SCiO scio".
    let device: String
    static let curveLimit = 8

    func drawCalibration(_ payload: ScioSpectrumPayload) {
        let pen = plots.plot("\(device) raw spectra", unit: "counts", xAxis: "wavelength (nm)")
        pen.curve("white reference (cover)", x: payload.wavelengths, y: payload.whiteReference.map(Double.init))
    }

    func drawScan(_ payload: ScioSpectrumPayload, reflectance: [Double]) {
        let wavelengths = payload.wavelengths
        let raw = plots.plot("\(device) raw spectra", unit: "counts", xAxis: "wavelength (nm)")
        raw.curve("dark", x: wavelengths, y: payload.dark.map(Double.init))
        raw.curve("sample", x: wavelengths, y: payload.sample.map(Double.init))
        let pen = plots.plot("\(device) reflectance", unit: "reflectance", xAxis: "wavelength (nm)")
        let scans = plots.seriesCount(pen.title)
        pen.curve(scans < Self.curveLimit ? "scan \(scans + 1)" : "scan \(Self.curveLimit) (latest)", x: wavelengths, y: reflectance)
    }
}
