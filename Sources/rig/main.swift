import BundledScenarios
import Foundation
import RigCLI

exit(await RigCommandLine.main(scenarios: BundledScenarios.all))
