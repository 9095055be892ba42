import BundledScenarios
import RigKitTesting
import RigScenario
import Testing

/// Every bundled scenario on the default simulated rig, one test case each.
@Test(arguments: BundledScenarios.all)
func bundledScenario(_ scenario: Scenario) async {
    let result = await scenario.check(plugins: BundledScenarios.plugins)
    #expect(result.status == .passed, "\(scenario.name) \(result.status.rawValue)\(result.skipReason.map { ": " + $0 } ?? "")")
}

@Test func bundledScenarioNamesAreUnique() {
    let names = BundledScenarios.all.map(\.name)
    #expect(Set(names).count == names.count)
}
