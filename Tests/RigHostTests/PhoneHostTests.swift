import RigCore
import RigHost
import Testing

@Suite struct PhoneHostTests {
    @Test func drainingTakesVirtualTimeAndStopsAtEmpty() async throws {
        let clock = VirtualClock()
        let trace = TraceLog(clock: clock)
        let level = try await clock.run { () async throws -> Double in
            let host = PhoneHost(settings: HostSettings(), clock: clock, trace: trace)
            return try await host.drain(percentPerHour: 100, for: .seconds(3 * 3600))
        }
        #expect(level == 0)
        #expect(clock.now == RigInstant(offset: .seconds(48 * 60)), "80 % at 100 %/h lasts 48 minutes")
    }

    @Test func subscribersSeeEveryChangeInOrderAndTheTraceHasThem() async throws {
        let clock = VirtualClock()
        let trace = TraceLog(clock: clock)
        let seen = try await clock.run { () async throws -> [HostChange] in
            let host = PhoneHost(settings: HostSettings(), clock: clock, trace: trace)
            let changes = await host.changes()
            try await host.sweepFreeStorage(throughMegabytes: [500, 150], every: .seconds(10))
            await host.setLowPowerMode(true)
            await host.setAppState(.background)
            await host.setLowPowerMode(true)
            await host.shutDown()
            var out: [HostChange] = []
            for await change in changes { out.append(change) }
            return out
        }
        #expect(seen == [.freeStorage(bytes: 500_000_000), .freeStorage(bytes: 150_000_000), .lowPowerMode(true), .appState(.background)])
        #expect(trace.all.map(\.time.seconds) == [0, 10, 10, 10])
    }

    @Test func storageCannotGoNegativeAndThePromptAnswersOnce() async throws {
        let clock = VirtualClock()
        let trace = TraceLog(clock: clock)
        var settings = HostSettings()
        settings.freeStorageMB = 1
        settings.cameraPermission = .notDetermined
        settings.permissionPromptAnswer = .denied
        let initial = settings
        let (took, refused, answer, later) = try await clock.run { () async -> (Bool, Bool, CameraPermission, CameraPermission) in
            let host = PhoneHost(settings: initial, clock: clock, trace: trace)
            let took = await host.consumeStorage(bytes: 600_000)
            let refused = await !host.consumeStorage(bytes: 600_000)
            let answer = await host.requestCameraAccess()
            await host.setPermissionPromptAnswer(.granted)
            return (took, refused, answer, await host.requestCameraAccess())
        }
        #expect(took && refused)
        #expect(answer == .denied && later == .denied, "the stored answer holds once given")
    }
}
