import RigCommandLine
import BarcodeBench
import BarcodeDecoder
import Foundation

/// `rig bench decoder --corpus DIR`: the decoder's read rate, false reads and time per symbology on a lab's own images.
///
/// A subcommand of `rig bench`, beside `rig bench analyzer`.
public struct BenchDecoderCommand: Command {
    public static let name = "decoder"
    public static let abstract = "Measure the barcode decoder's read rate, false reads and time on a corpus of images."
    public static let usage = "--corpus DIR [--effort N] [--all-symbologies]"
    public static let options: [OptionSpec] = [
        OptionSpec("corpus", value: "DIR", help: "Images with NAME.txt beside each (expected text), or a manifest.csv (file,symbology,text)."),
        OptionSpec("effort", value: "N", help: "Decoder effort 1–3 (default 2)."),
        OptionSpec("all-symbologies", help: "Enable every symbology for every image instead of only the expected one."),
    ]
    public static let discussion = """
    Prints, per symbology: images, read rate, false reads (symbols decoded that are not the
    expected text), median and 95th-percentile decode time per image (loading excluded).
    Without a manifest, an image's symbology is its folder's name or its file name's prefix
    before '-' or '_'. Exit codes: 0 done; 3 the corpus or an image in it is unreadable.
    """

    var corpus: String
    var effort: Int
    var allSymbologies: Bool

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError(command: "rig bench decoder", message: "unexpected argument '\(extra)'") }
        guard let corpus = arguments.value("corpus") else { throw UsageError(command: "rig bench decoder", message: "--corpus DIR is required") }
        self.corpus = corpus
        if let value = arguments.value("effort") {
            guard let n = Int(value), (1...3).contains(n) else { throw UsageError(command: "rig bench decoder", message: "--effort must be 1, 2 or 3, not '\(value)'") }
            effort = n
        } else { effort = 2 }
        allSymbologies = arguments.flag("all-symbologies")
    }

    public func run(_ context: CommandContext) async -> Int32 {
        let loaded: BenchCorpus
        do { loaded = try BenchCorpus(directory: context.resolve(corpus)) } catch {
            context.err("error: \(error)")
            return ExitCode.badInput
        }
        let outcomes = RigKitEngine(effort: effort, onlyExpectedSymbology: !allSymbologies).run(loaded)
        let failures = outcomes.compactMap(\.failure)
        for failure in failures { context.err("error: \(failure)") }
        let rows = BenchRow.rows(outcomes.filter { $0.failure == nil })
        context.out("RigKit decoder, effort \(effort), \(outcomes.count) images from \(corpus)\n")
        context.out(BenchTable.markdown([("rigkit", rows)]))
        return failures.isEmpty ? ExitCode.success : ExitCode.badInput
    }
}
