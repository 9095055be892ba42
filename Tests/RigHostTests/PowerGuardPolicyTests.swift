import RigCore
import RigHost
import Testing

@Suite struct PowerGuardPolicyTests {
    private func host(battery: Double = 80, storageMB: Double = 64_000, lowPower: Bool = false) -> HostSnapshot {
        var settings = HostSettings()
        settings.batteryPercent = battery
        settings.freeStorageMB = storageMB
        settings.lowPowerMode = lowPower
        return HostSnapshot(settings)
    }

    @Test(arguments: [
        (24.0, PowerGuardVerdict.block(.lowBattery)), (25, .block(.lowBattery)), (25.01, .ask([.batteryBelowHalf])),
        (26, .ask([.batteryBelowHalf])), (49, .ask([.batteryBelowHalf])), (49.99, .ask([.batteryBelowHalf])), (50, .clear), (51, .clear),
    ])
    func batteryThresholds(_ battery: Double, _ verdict: PowerGuardVerdict) {
        #expect(PowerGuardPolicy.roomio.verdictForStart(host(battery: battery)) == verdict)
    }

    @Test(arguments: [
        (199.0, PowerGuardVerdict.block(.insufficientStorage)), (199.999999, .block(.insufficientStorage)),
        (200, .ask([.storageBelowComfort])), (2990, .ask([.storageBelowComfort])), (2999.999999, .ask([.storageBelowComfort])),
        (3000, .clear), (3001, .clear),
    ])
    func storageThresholds(_ megabytes: Double, _ verdict: PowerGuardVerdict) {
        #expect(PowerGuardPolicy.roomio.verdictForStart(host(storageMB: megabytes)) == verdict)
    }

    @Test func lowPowerModeBlocksFirstAndEveryBlockerIsListed() {
        let all = host(battery: 5, storageMB: 10, lowPower: true)
        #expect(PowerGuardPolicy.roomio.verdictForStart(all) == .block(.powerSaving))
        #expect(PowerGuardPolicy.roomio.blockingConditions(all) == [.powerSaving, .insufficientStorage, .lowBattery])
        #expect(PowerGuardPolicy.roomio.askingConditions(host(battery: 30, storageMB: 1000)) == [.storageBelowComfort, .batteryBelowHalf])
    }

    @Test func thresholdsAreAdjustableForOtherDevices() {
        var policy = PowerGuardPolicy()
        policy.blockAtOrBelowBatteryPercent = 10
        policy.blocksOnLowPowerMode = false
        #expect(policy.verdictForStart(host(battery: 11, lowPower: true)) == .ask([.batteryBelowHalf]))
        #expect(policy.verdictForStart(host(battery: 10)) == .block(.lowBattery))
    }
}
