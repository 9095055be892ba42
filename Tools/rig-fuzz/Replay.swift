#if !RIGKIT_LIBFUZZER
import Foundation

/// Without libFuzzer (an ordinary build): runs the inputs named on the command line through their target, so kept
/// crash inputs replay as regression tests: `RIGKIT_FUZZ_TARGET=att rig-fuzz FILE…`.
@main
enum Replay {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("rig-fuzz: cannot read \(file)\n".utf8))
                exit(3)
            }
            selectedTarget.run(Array(data))
        }
        print("rig-fuzz: \(files.count) input\(files.count == 1 ? "" : "s") through \(selectedTarget.rawValue), no crash")
    }
}
#endif
