import Foundation
import LabScenarios
import RigCommandLine

// The lab's own `rig`: run (with --junit, --html, --trace, --captures, --shard …), list and rigs validate.
exit(await RigCommandLine(program: "lab-rig").main(plugins: LabRig.plugins, scenarios: LabRig.scenarios))
