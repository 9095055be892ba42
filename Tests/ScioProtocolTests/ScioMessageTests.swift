import ScioProtocol
import Testing

@Suite struct ScioMessageTests {
    @Test func batteryStateRoundTripsAndRejectsBadFields() throws {
        let state = ScioBatteryState(percent: 87, healthPercent: 96, charging: true, millivolts: 4012)
        #expect(state.encode() == [87, 96, 1, 0xAC, 0x0F])
        #expect(try ScioBatteryState.decode(state.encode()) == state)
        #expect(throws: ScioMessageError.badField(command: .batteryState, field: "percent", value: 101)) {
            try ScioBatteryState.decode([101, 0, 0, 0, 0])
        }
        #expect(throws: ScioMessageError.wrongLength(command: .batteryState, length: 2, expected: "5")) { try ScioBatteryState.decode([1, 2]) }
    }

    @Test func statusAndTemperatureAndSelfTest() throws {
        let status = ScioDeviceStatus(inCover: true, charging: false, scanning: true, scansSincePowerOn: 300)
        #expect(try ScioDeviceStatus.decode(status.encode()) == status)
        #expect(try ScioTemperature.decode(ScioTemperature(celsius: -3.25).encode()).celsius == -3.25)
        #expect(try ScioSelfTestResult.decode([0x03]) == [.lamp, .detector])
        #expect(throws: ScioMessageError.self) { try ScioSelfTestResult.decode([0x80]) }
        #expect(throws: ScioMessageError.badField(command: .batteryState, field: "status", value: 0x7F)) {
            try ScioAnswer.split([0x7F], command: .batteryState)
        }
    }

    @Test func namesAreOneToSixteenBytes() throws {
        #expect(ScioDeviceName.field("Kitchen").count == 16)
        #expect(try ScioDeviceName.decodeField(ScioDeviceName.field("Kitchen")) == "Kitchen")
        #expect(ScioDeviceName.validate(Array("0123456789abcdef".utf8)) == "0123456789abcdef")
        #expect(ScioDeviceName.validate(Array("0123456789abcdefg".utf8)) == nil)
        #expect(ScioDeviceName.validate([]) == nil)
        #expect(ScioDeviceName.validate([0xFF, 0xFE]) == nil)
    }

    @Test func deviceIDGivesTheVersion() throws {
        let id = try #require(ScioDeviceID(hex: "12A4C0FFEE000001"))
        #expect(id.description == "12A4C0FFEE000001")
        #expect(ScioVersion(deviceID: id) == .v1_2)
        #expect(ScioVersion(deviceID: try #require(ScioDeviceID(hex: "7700000000000000"))) == nil)
        #expect(ScioDeviceID(hex: "12") == nil)
        #expect(ScioDeviceID(hex: "zz00000000000000") == nil)
    }

    @Test func spectrumPayloadRoundTripsAndRefusesBadLayouts() throws {
        let n = ScioSpectrumPayload.standardPointCount
        let payload = ScioSpectrumPayload(coverDetected: true, calibrationMode: false, temperatureCelsius: 27.5, integrationMicroseconds: 5000,
                                          dark: Array(repeating: 1000, count: n), sample: (0..<n).map { UInt16(20000 + $0) },
                                          whiteReference: Array(repeating: 30000, count: n))
        let bytes = payload.encode()
        #expect(bytes.count == 12 + 6 * n)
        let decoded = try ScioSpectrumPayload.decode(bytes)
        #expect(decoded == payload)
        #expect(decoded.wavelengths.first == 740 && decoded.wavelengths.last == 1070)
        #expect(throws: ScioMessageError.self) { try ScioSpectrumPayload.decode(Array(bytes.dropLast())) }
        var badFormat = bytes; badFormat[0] = 9
        #expect(throws: ScioMessageError.badField(command: .sampleSpectrum, field: "format", value: 9)) { try ScioSpectrumPayload.decode(badFormat) }
        #expect(throws: ScioMessageError.self) { try ScioSpectrumPayload.decode([1]) }
        let reflectance = decoded.reflectance(calibration: decoded, coverReflectance: 0.98)
        #expect(reflectance.allSatisfy { abs($0 - 0.98) < 1e-12 })
    }
}
