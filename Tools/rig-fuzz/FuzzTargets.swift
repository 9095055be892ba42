import ATT
import BarcodeBench
import BarcodeDecoder
import DMCC
import E4Protocol
import Foundation
import ImageIO
import RigCore
import ScioProtocol
import SpectralModelIO

/// Every parser and decoder RigKit runs on bytes from outside, as libFuzzer targets (scripts/fuzz, Docs/Fuzzing.md).
///
/// Each target takes arbitrary bytes; a target must never crash, hang or read out of bounds, whatever the bytes.
/// Errors are the expected outcome for most inputs and are ignored. Results are checked where a property holds for
/// every input (a decoded ATT PDU encodes back to its bytes; a symbol's corners enclose an area).
enum FuzzTarget: String, CaseIterable {
    case att, e4, scioFrame = "scio-frame", scioFragments = "scio-fragments", scioUSB = "scio-usb", dmcc
    case rigFile = "rig-file", modelFile = "model-file", csv, benchManifest = "bench-manifest", image, barcode

    func run(_ bytes: [UInt8]) {
        switch self {
        case .att:
            if let pdu = try? ATTPDU.decode(bytes) { _ = pdu.encode() }
            _ = try? AdvertisingData.decode(bytes)
        case .e4:
            _ = try? GSRPacket.decode(bytes)
            _ = try? TemperaturePacket.decode(bytes)
            _ = try? AccelerationPacket.decode(bytes)
            _ = try? BVPPacket.decode(bytes)
            _ = try? IBIPacket.decode(bytes)
            _ = try? TagPacket.decode(bytes)
            _ = try? BatteryPacket.decode(bytes)
            _ = try? E4Command.decode(bytes)
        case .scioFrame:
            guard let frame = try? ScioFrame.decode(bytes) else { return }
            let body = Array(bytes.dropFirst(min(4, bytes.count)))
            _ = try? ScioSpectrumPayload.decode(body)
            _ = try? ScioDeviceStatus.decode(body)
            _ = try? ScioBatteryState.decode(body)
            _ = try? ScioTemperature.decode(body)
            _ = try? ScioDeviceID.decode(body)
            _ = try? ScioDeviceName.decodeField(body)
            _ = try? ScioLEDRequest.decode(body)
            _ = frame
        case .scioFragments:
            var assembler = ScioFragmentAssembler()
            for chunk in Self.chunks(bytes) { _ = assembler.add(chunk) }
            try? assembler.finish()
        case .scioUSB:
            var assembler = ScioStreamAssembler()
            for chunk in Self.chunks(bytes) { _ = assembler.add(chunk) }
            try? assembler.finish()
        case .dmcc:
            var splitter = DMCCLineSplitter(limit: 4096)
            for chunk in Self.chunks(bytes) {
                guard let lines = try? splitter.append(chunk) else { return }
                for line in lines {
                    _ = try? DMCCResponse.decode(line)
                    _ = try? DMCCCommand.decode(line)
                }
            }
        case .rigFile:
            _ = try? RigFile.parse(bytes, source: "fuzz.json")
        case .modelFile:
            _ = try? ModelFile.decode(Data(bytes), path: "fuzz.model.json")
        case .csv:
            let text = String(decoding: bytes, as: UTF8.self)
            _ = try? SpectraCSV.parse(text, file: "fuzz.csv", targetColumn: "y")
            _ = try? SpectraCSV.parse(text, file: "fuzz.csv", targetColumn: nil)
        case .benchManifest:
            _ = try? BenchCorpus.parseManifest(String(decoding: bytes, as: UTF8.self), path: "fuzz.csv", directory: "/nonexistent-corpus")
        case .image:
            _ = try? ImageFile.decode(bytes, path: "fuzz", pixelBudget: 1 << 20)
        case .barcode:
            guard bytes.count > 2 else { return }
            // Frames of 8…56 pixels a side: room for a small QR or Data Matrix or a short bar pattern; larger frames only
            // add random pixels and cost more time per execution.
            let width = Int(bytes[0]) % 49 + 8, height = Int(bytes[1]) % 49 + 8
            var pixels = [UInt8](repeating: 255, count: width * height)
            for (index, byte) in bytes.dropFirst(2).enumerated() where index < pixels.count { pixels[index] = byte }
            guard let image = try? GrayImage(width: width, height: height, pixels: pixels) else { return }
            // A 2D read is a Reed–Solomon-checked grid: its outline must enclose an area (a phantom read would not).
            for symbol in BarcodeDecoder().decode(image) where [.qr, .dataMatrix].contains(symbol.symbology) && symbol.corners.count == 4 {
                precondition(Self.area(symbol.corners.map { ($0.x, $0.y) }) > 0, "a 2D symbol read with corners that enclose no area")
            }
        }
    }

    /// Splits input into chunks whose lengths the input chooses (each chunk's first byte), as a link delivers them.
    static func chunks(_ bytes: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = [], index = 0
        while index < bytes.count {
            let length = Int(bytes[index]) % 64 + 1
            let end = min(bytes.count, index + 1 + length)
            out.append(Array(bytes[min(index + 1, end)..<end]))
            index = end
        }
        return out
    }

    /// The area a polygon encloses (shoelace formula).
    static func area(_ points: [(Double, Double)]) -> Double {
        var sum = 0.0
        for i in points.indices {
            let (x1, y1) = points[i], (x2, y2) = points[(i + 1) % points.count]
            sum += x1 * y2 - x2 * y1
        }
        return abs(sum) / 2
    }
}

/// The target this process fuzzes: `RIGKIT_FUZZ_TARGET`.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["RIGKIT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("rig-fuzz: set RIGKIT_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}
