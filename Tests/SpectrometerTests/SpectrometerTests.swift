import ScioProtocol
import ScioSimulator
import Spectrometer
import Testing
import USBLink

@Suite struct SpectrometerTests {
    @Test(arguments: [ScioSimulation.Transport.ble, .usb])
    func calibrateThenScanGivesThreeHundredThirtyOnePoints(_ transport: ScioSimulation.Transport) async throws {
        try await withScio(transport) { rig in
            let s = rig.spectrometer
            try await s.connect()
            #expect(await s.deviceID?.description == "12A1B2C3D4E5F607")
            #expect(await s.scioVersion == .v1_2)
            #expect(await !s.isCalibrationValid)
            await #expect(throws: SpectrometerError.calibrationRequired(device: "SCiO scio")) { try await s.scan() }
            await #expect(throws: SpectrometerError.notInCover(device: "SCiO scio")) { try await s.calibrate() }
            await rig.simulator.setInCover(true)
            try await s.calibrate()
            #expect(await s.isCalibrationValid)
            let white = try await s.scan()
            let worst = white.reflectance.enumerated().max { abs($0.element - 0.98) < abs($1.element - 0.98) }!
            #expect(white.reflectance.allSatisfy { abs($0 - ScioCover.reflectance) < 0.05 }, "the cover measures as the cover: worst \(worst)")
            await rig.simulator.setInCover(false)
            await rig.simulator.setSample("whole-milk")
            let milk = try await s.scan()
            #expect(milk.reflectance.count == 331 && milk.wavelengths.first == 740 && milk.wavelengths.last == 1070)
            let at = { (nm: Double) in milk.reflectance[Int(nm - 740)] }
            #expect(at(970) < at(900), "water absorbs at 970 nm")
            #expect(milk.deviceID == "12A1B2C3D4E5F607")
        }
    }

    @Test func materialsHaveDistinctSpectra() async throws {
        try await withScio(.ble) { rig in
            let s = rig.spectrometer
            try await s.connect()
            await rig.simulator.setInCover(true)
            try await s.calibrate()
            await rig.simulator.setInCover(false)
            var spectra: [String: [Double]] = [:]
            for name in ["olive-oil", "table-sugar", "skim-milk"] {
                await rig.simulator.setSample(name)
                spectra[name] = try await s.scan().reflectance
            }
            let oil = try #require(spectra["olive-oil"]), sugar = try #require(spectra["table-sugar"])
            #expect(oil[930 - 740] < oil[900 - 740], "C–H band at 930 nm in oil")
            #expect(sugar[990 - 740] < sugar[960 - 740], "O–H band at 990 nm in sugar")
        }
    }

    @Test func calibrationIsLostOnAppRestartButNotOnReconnect() async throws {
        try await withScio(.ble, configure: { $0.inCover = true }) { rig in
            let s = rig.spectrometer
            try await s.connect()
            try await s.calibrate()
            await s.disconnect()
            try await s.connect()
            #expect(await s.isCalibrationValid)
            await rig.app.restart()
            #expect(await s.state == .disconnected)
            try await s.connect()
            #expect(await !s.isCalibrationValid)
        }
    }

    @Test func batteryRenameSelfTestAndTimeout() async throws {
        try await withScio(.usb, configure: { $0.batteryPercent = 50; $0.charging = true }) { rig in
            let s = rig.spectrometer
            try await s.connect()
            let battery = try await s.batteryStatus()
            #expect(battery.percentage == 50 && battery.isCharging)
            try await s.rename(to: "0123456789abcdef")
            #expect(try await s.name() == "0123456789abcdef")
            await #expect(throws: SpectrometerError.invalidName(device: "SCiO scio", name: "0123456789abcdefg", reason: "17 bytes, at most 16")) {
                try await s.rename(to: "0123456789abcdefg")
            }
            await #expect(throws: SpectrometerError.invalidName(device: "SCiO scio", name: "", reason: "the name is empty")) { try await s.rename(to: "") }
            #expect(try await s.selfTest().isEmpty)
            try await s.setPowerOffTimeout(minutes: 30)
            await #expect(throws: SpectrometerError.invalidPowerOffTimeout(device: "SCiO scio", minutes: 0)) { try await s.setPowerOffTimeout(minutes: 0) }
            await #expect(throws: SpectrometerError.invalidPowerOffTimeout(device: "SCiO scio", minutes: 31)) { try await s.setPowerOffTimeout(minutes: 31) }
            #expect(await rig.simulator.powerOffMinutes == 30)
            #expect(await rig.simulator.lineCoding == [0x00, 0xC2, 0x01, 0x00, 0, 0, 8], "115200 8N1")
        }
    }

    @Test(arguments: [ScioSimulation.Transport.ble, .usb])
    func disconnectMidScanFailsClearlyAndReconnectRecovers(_ transport: ScioSimulation.Transport) async throws {
        try await withScio(transport, configure: { $0.inCover = true }) { rig in
            let s = rig.spectrometer
            try await s.connect()
            try await s.calibrate()
            await rig.simulator.disconnectDuringNextScan()
            await #expect {
                try await s.scan()
            } throws: { error in
                if case SpectrometerError.disconnected(_, .sampleSpectrum, _) = error { return true }
                return false
            }
            #expect(await s.state == .disconnected)
            if transport == .usb { await rig.simulator.plugBackIn() }
            try await s.connect()
            #expect(try await s.scan().reflectance.count == 331)
        }
    }

    @Test func lostFragmentsGiveAMalformedAnswerNotAHang() async throws {
        try await withScio(.ble, configure: { $0.inCover = true }) { rig in
            let s = rig.spectrometer
            try await s.connect()
            try await s.calibrate()
            await rig.simulator.setNotificationLoss(0.2)
            await #expect {
                try await s.scan()
            } throws: { error in
                if case SpectrometerError.malformedAnswer(_, .sampleSpectrum, let reason) = error { return reason.contains("missing") || reason.contains("without") }
                return false
            }
            await rig.simulator.setNotificationLoss(0)
            #expect(try await s.scan().reflectance.count == 331)
        }
    }

    @Test func lowBatteryRefusesScansAndButtonPressesArrive() async throws {
        try await withScio(.ble, configure: { $0.inCover = true }) { rig in
            let s = rig.spectrometer
            try await s.connect()
            try await s.calibrate()
            var presses = s.buttonPresses.makeAsyncIterator()
            await rig.simulator.pressButton()
            #expect(await presses.next() != nil)
            await rig.simulator.setBattery(percent: 4)
            await #expect(throws: SpectrometerError.batteryTooLow(device: "SCiO scio", command: .sampleSpectrum)) { try await s.scan() }
        }
    }

    @Test func callsBeforeConnectingThrowNotConnected() async throws {
        try await withScio(.ble) { rig in
            await #expect(throws: SpectrometerError.notConnected(device: "SCiO scio")) { try await rig.spectrometer.batteryStatus() }
            await #expect(throws: SpectrometerError.notConnected(device: "SCiO scio")) { try await rig.spectrometer.scan() }
        }
    }
}

@Suite struct ScioUSBFunctionTests {
    @Test func presentsCDCACMAtTheSCiOsIDs() {
        let descriptor = ScioUSB.descriptor(serialNumber: "12A1B2C3D4E5F607")
        #expect(descriptor.ids == "0451:16aa")
        #expect(descriptor.interface(ofClass: 0x02)?.interfaceSubclass == 0x02, "abstract control model")
        let data = descriptor.interface(ofClass: 0x0A)
        #expect(data?.bulkEndpoint(in: true)?.address == ScioUSB.bulkIn && data?.bulkEndpoint(in: false)?.address == ScioUSB.bulkOut)
    }
}
