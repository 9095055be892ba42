import HeartRateStrap
import RigKit

/// The lab's own device family, the chest strap, driven the way the app drives it.
enum HeartRateScenarios {
    static var all: [Scenario] { [streams, reset, contact, location] }

    static let streams = Scenario("Strap: measurements arrive once a second with RR-intervals that match the rate", .tags(.strap)) { rig in
        let strap = try rig.heartRateStrap("strap")
        let simulator = try rig.heartRateStrapSimulator("strap")
        Step("Connect and subscribe") {
            try await strap.connect()
        }
        let log = Shared<EventLog<HeartRateMeasurement>>("measurements")
        Step("Ten seconds at 75 bpm") {
            await simulator.setHeartRate(75)
            log.set(rig.record(try await strap.measurements(), "strap measurements"))
            try await wait(.seconds(10))
            let entries = try log.get().entries.map(\.element)
            expect(entries.count >= 9 && entries.count <= 11, "about ten measurements in ten seconds (got \(entries.count))")
            expect(entries.allSatisfy { $0.beatsPerMinute == 75 }, "every measurement says 75 bpm")
            let rr = entries.flatMap(\.rrSeconds)
            measure("RR-intervals in 10 s", Double(rr.count), unit: "beats", limits: 11...13)
            expect(rr.allSatisfy { abs($0 - 0.8) < 0.001 }, "each RR-interval is 60/75 s = 0.8 s (in 1/1024 s)")
        }
        Step("The rate changes to 120 bpm") {
            await simulator.setHeartRate(120)
            try await wait(.seconds(3))
            let last = try require(try log.get().entries.last?.element, "a measurement after the change")
            expect(last.beatsPerMinute, equals: 120, "rate after the change")
            expect(last.rrSeconds.allSatisfy { abs($0 - 0.5) < 0.001 }, "RR-intervals of 0.5 s")
            // The report's plot of what the app received: the rate over rig time, the change marked.
            let rate = rig.plot("Strap heart rate", unit: "bpm")
            rate.guide(100, "exercise zone")
            for entry in try log.get().entries {
                rate.record(Double(entry.element.beatsPerMinute), as: "heart rate", atRigSeconds: entry.time.seconds, stepped: true)
            }
            rate.mark("rate set to 120 bpm", atRigSeconds: rigNow.seconds - 3)
        }
    }

    static let reset = Scenario("Strap: the control point resets energy expended and refuses other values", .tags(.strap)) { rig in
        let strap = try rig.heartRateStrap("strap")
        let log = Shared<EventLog<HeartRateMeasurement>>("measurements")
        Step("Energy accumulates") {
            try await strap.connect()
            log.set(rig.record(try await strap.measurements(), "strap measurements"))
            try await wait(.seconds(60))
            let energy = try require(try log.get().entries.last?.element.energyExpended, "energy expended")
            measure("energy after a minute at 1200 kJ/h", Double(energy), unit: "kJ", limits: 19...20)
        }
        Step("Reset brings it back to zero") {
            try await strap.resetEnergyExpended()
            try await wait(.seconds(2))
            let energy = try require(try log.get().entries.last?.element.energyExpended, "energy expended")
            expect(energy <= 1, "energy after the reset is 0 or 1 kJ (got \(energy))")
        }
        Step("Another value is refused with 0x80") {
            do {
                try await strap.writeControlPoint([0x02])
                expect(false, "writing 0x02 to the control point should fail")
            } catch {
                expect("\(error)".contains("0x80") || "\(error)".lowercased().contains("80"), "the error names ATT error 0x80: \(error)")
            }
        }
    }

    static let contact = Scenario("Strap: losing skin contact shows in the flags", .tags(.strap)) { rig in
        let strap = try rig.heartRateStrap("strap")
        let simulator = try rig.heartRateStrapSimulator("strap")
        Step("Contact, then none") {
            try await strap.connect()
            let log = rig.record(try await strap.measurements(), "strap measurements")
            try await log.expectNext("a measurement with good contact", within: .seconds(2)) { $0.sensorContact == true }
            await simulator.setSensorContact(false)
            try await wait(.seconds(2))
            expect(log.entries.last?.element.sensorContact, equals: false, "contact bit of the latest measurement")
        }
    }

    static let location = Scenario("Strap: body sensor location and battery are read", .tags(.strap)) { rig in
        let strap = try rig.heartRateStrap("strap")
        Step("Read") {
            try await strap.connect()
            expect(try await strap.bodySensorLocation(), equals: .chest, "body sensor location")
            expect(try await strap.batteryLevel(), equals: 90, "battery level")
        }
    }
}

extension Tag {
    static let strap: Tag = "strap"
}
