import BundledScenarios
import RigCore
import RigScenario
import Testing

@Suite struct ScioRigValidationTests {
    func problem(_ simulated: String) -> String? {
        let text = #"{"name":"t","devices":[{"role":"scio","kind":"scio","simulated":"# + simulated + "}]}"
        do {
            try BundledScenarios.plugins.validate(try RigFile.parse(Array(text.utf8), source: "t.json"))
            return nil
        } catch { return "\(error)" }
    }

    @Test func theSimulatedRigIsValid() throws {
        try BundledScenarios.plugins.validate(RigFile.builtinSimulated())
        #expect(problem(#"{"transport":"usb","deviceID":"13B7D00D5EED0002","version":"1.3","name":"0123456789abcdef"}"#) == nil)
    }

    @Test(arguments: [
        (#"{"transport":"serial"}"#, "$.devices[0].simulated.transport"),
        (#"{"deviceID":"99B7D00D5EED0002"}"#, "$.devices[0].simulated.deviceID"),
        (#"{"deviceID":"12B7D00D5EED0002","version":"1.3"}"#, "$.devices[0].simulated.version"),
        (#"{"name":"0123456789abcdefg"}"#, "$.devices[0].simulated.name"),
        (#"{"sample":"granite"}"#, "$.devices[0].simulated.sample"),
        (#"{"batteryPercent":101}"#, "$.devices[0].simulated.batteryPercent"),
        (#"{"temperatureCelsius":90}"#, "$.devices[0].simulated.temperatureCelsius"),
        (#"{"notificationLoss":2}"#, "$.devices[0].simulated.notificationLoss"),
        (#"{"inCovr":true}"#, "$.devices[0].simulated.inCovr"),
    ])
    func badParametersNameTheirPath(_ simulated: String, _ path: String) {
        let message = problem(simulated)
        #expect(message?.contains(path) == true, "\(message ?? "no error")")
    }
}
