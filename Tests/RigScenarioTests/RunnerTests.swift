import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RigCore
import RigScenario
import Testing

@Suite struct RunnerTests {
    @Test func aHungDeviceFailsTheStepAtItsTimeLimitAndTheRunGoesOn() async throws {
        let line = #line + 2
        let result = await run(Scenario("hang") { _ in
            Step("wait for an answer that never comes", timeLimit: .seconds(30)) {
                await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            }
            Step("not reached") {}
        })
        let failure = try #require(onlyFailure(result))
        #expect(failure.summary == "the step did not finish within the step's time limit of 30.000 s; a device may have stopped answering")
        #expect(failure.location.line == line)
        #expect(failure.step == "wait for an answer that never comes")
        #expect(failure.time == RigInstant(offset: .seconds(30)))
    }

    @Test func theScenarioTimeLimitBoundsEveryStep() async throws {
        let result = await run(Scenario("long", .timeLimit(.seconds(100))) { _ in
            Step("a") { try await wait(.seconds(60)) }
            Step("b") { try await wait(.seconds(60)) }
        })
        let failure = try #require(onlyFailure(result))
        #expect(failure.summary.contains("the scenario's time limit of 100.000 s"))
        #expect(failure.time == RigInstant(offset: .seconds(100)))
    }

    @Test func aScenarioIsSkippedWhenTheRigLacksTheRole() async {
        let result = await run(Scenario("needs a spectrometer") { rig in
            _ = try rig.device("spectrometer", kinds: [.scio])
            Step("never") {}
        })
        #expect(result.status == .skipped)
        #expect(result.skipReason == "the rig simulated has no device with role \"spectrometer\" (needs scio)")
    }

    @Test func aScenarioIsSkippedWhenTheRoleIsAnotherKind() async {
        let result = await run(Scenario("needs a scio") { rig in
            _ = try rig.device("scanner", kinds: [.scio])
            Step("never") {}
        })
        #expect(result.skipReason == "role \"scanner\" on rig simulated is a roomio, this scenario needs scio")
    }

    @Test func aScenarioIsSkippedWhenTheRigLacksARequirement() async throws {
        var rig = RigFile.builtinSimulated()
        rig.clock = .wall
        let result = await run(Scenario("hours", .requires(.virtualClock)) { _ in Step("never") {} }, rig: rig)
        #expect(result.status == .skipped)
        #expect(result.skipReason == "the rig simulated cannot provide a virtual clock")
    }

    @Test func unexpectedErrorsFailWithTheirDescription() async throws {
        struct Unplugged: Error, CustomStringConvertible { var description: String { "cable unplugged" } }
        let result = await run(Scenario("s") { _ in Step("a") { throw Unplugged() } })
        let failure = try #require(onlyFailure(result))
        #expect(failure.summary == "unexpected error: cable unplugged")
        #expect(failure.actual == "Unplugged: cable unplugged")
    }

    @Test func aReadOfAnUnsetSharedValueIsAClearFailure() async throws {
        let result = await run(Scenario("s") { _ in
            let session = Shared<Int>("the session")
            Step("a") { _ = try session.get() }
        })
        #expect(try #require(onlyFailure(result)).summary == "unexpected error: the session was read before any step set it")
    }

    @Test func theSameSeedGivesTheSameTraceAndAnotherSeedAnother() async {
        let scenario = Scenario("random") { rig in
            Step("draw") {
                var random = rig.random("noise")
                rig.trace.record("test", "draw", [("value", String(random.next()))])
            }
        }
        let a = await run(scenario, seed: 1), b = await run(scenario, seed: 1), c = await run(scenario, seed: 2)
        #expect(a.trace == b.trace)
        #expect(a.trace != c.trace)
    }

    @Test func scenarioTracesAreIndependentOfWhatRanBefore() async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rigkit-order")
        let first = Scenario("first") { _ in Step("wait") { try await wait(.seconds(5)) } }
        let second = Scenario("second") { rig in Step("t") { rig.trace.record("test", "now", [("t", "\(rigNow)")]) } }
        let both = await ScenarioRunner(rig: .builtinSimulated(), plugins: .forCoreTests, directory: directory).run([first, second])
        let alone = await ScenarioRunner(rig: .builtinSimulated(), plugins: .forCoreTests, directory: directory).run([second])
        #expect(both.scenarios[1].trace == alone.scenarios[0].trace)
    }

    @Test func tagsFiltersAndDefaultsAreReadFromTraits() {
        let s = Scenario("x", .tags("a", "b"), .timeLimit(.seconds(5)), .requires(.faultInjection)) { _ in Step("s") {} }
        #expect(s.tags == ["a", "b"])
        #expect(s.timeLimit == .seconds(5))
        #expect(s.requirements == [.faultInjection])
        #expect(Scenario("y") { _ in Step("s") {} }.timeLimit == .seconds(600))
    }

    @Test func junitReportsFailuresSkipsAndProperties() async throws {
        let pass = await run(Scenario("ok <1>") { _ in Step("a") {} })
        let fail = await run(Scenario("bad & broken") { _ in Step("a") { expect(1, equals: 2, "n") } })
        let skip = await run(Scenario("skip") { rig in _ = try rig.device("x", kinds: [.e4]); Step("a") {} })
        let xml = JUnitReport.xml(RunResult(rig: .builtinSimulated(), seed: 9, scenarios: [pass, fail, skip]))
        let document = try XMLDocument(xmlString: xml)
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
        let seed = try document.nodes(forXPath: "//property[@name='seed']/@value").first?.stringValue
        #expect(seed == "9")
        let names = try document.nodes(forXPath: "//testcase/@name").map { $0.stringValue ?? "" }
        #expect(names == ["ok <1>", "bad & broken", "skip"])
        let message = try document.nodes(forXPath: "//testcase[@name='bad & broken']/failure/@message").first?.stringValue
        #expect(message?.hasPrefix("Tests/RigScenarioTests/RunnerTests.swift:") == true)
        #expect(message?.hasSuffix(": n is not as expected") == true)
        let skipped = try document.nodes(forXPath: "//testcase[@name='skip']/skipped/@message").first?.stringValue
        #expect(skipped == "the rig simulated has no device with role \"x\" (needs e4)")
    }
}
