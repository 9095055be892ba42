import BundledScenarios
import Foundation
import RigCLI

exit(await RigTool.commandLine.main(plugins: BundledScenarios.plugins, scenarios: BundledScenarios.all))
