// vm-ble-check: RigKit's BlueZ central and wristband driver against a Bumble E4, in the QEMU lane's guest.
//
//   vm-ble-check --adapter hciN --name NAME [--serial SERIAL] [--random ADDRESS]
//
// The adapter is a Bumble controller the kernel reaches through /dev/vhci; the peripheral
// (scripts/vm-lane-ble-peripheral.py, Bumble's own host stack) plays an E4 from the documented wire
// format with fixed values. Checks, one PASS or FAIL line each: BlueZCentral opens the adapter; an LE
// scan on a raw HCI socket finds NAME; an L2CAP LE socket on ATT CID 4 connects; GATTClient exchanges
// the MTU, discovers the E4's three services, reads the battery; then the wristband driver
// (EmpaticaAPI over the same BlueZCentral) discovers the band by its serial, connects, streams, and
// decodes BVP 100.0, acceleration (0, 0, 64/64 g), GSR 5.0 µS and temperature 33.0 °C, in order.
// Exits 1 when any check fails.
import ATT
import BlueZ
import Foundation
import GATT
import E4Protocol
import RigCore
import RigHost
import Wristband

/// The checks' verdicts, in order.
final class Verdicts: @unchecked Sendable {
    // Only touched from the main task, one check after another.
    private(set) var failures = 0

    func check(_ name: String, _ passed: Bool, _ detail: String) {
        FileHandle.standardOutput.write(Data("\(passed ? "PASS" : "FAIL") \(name): \(detail)\n".utf8))
        if !passed { failures += 1 }
    }
}

/// The first value on `stream`, or nil when none arrives within `limit` on `clock`.
func first(of stream: AsyncStream<[UInt8]>, within limit: Duration, clock: any RigClock) async -> [UInt8]? {
    await withTaskGroup(of: [UInt8]?.self) { group in
        group.addTask { for await value in stream { return value }; return nil }
        group.addTask { try? await clock.sleep(for: limit); return nil }
        let value = await group.next() ?? nil
        group.cancelAll()
        return value
    }
}

var adapter = "hci0", name = "Empatica E4", serial = "B0B1E4"
var random: Set<String> = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--adapter": adapter = arguments.popFirst() ?? adapter
    case "--name": name = arguments.popFirst() ?? name
    case "--serial": serial = arguments.popFirst() ?? serial
    case "--random": if let a = arguments.popFirst() { random.insert(a) }
    default:
        FileHandle.standardError.write(Data("vm-ble-check: unknown argument \(argument)\nusage: vm-ble-check --adapter hciN --name NAME [--serial SERIAL] [--random ADDRESS]\n".utf8))
        exit(2)
    }
}

let verdicts = Verdicts()
let clock = WallClock()
do {
    let central = try BlueZCentral(adapter: adapter, randomAddresses: random)
    verdicts.check("adapter", true, "\(adapter) is up, address \(central.adapterAddress)")
    let results = try await central.scan(for: .seconds(5))
    let found = results.first { $0.data.localName == name }
    verdicts.check("scan", found != nil, "found " + results.map { "\($0.address) \($0.data.localName ?? "-") rssi \($0.rssi)" }.joined(separator: ", "))
    guard let found else { exit(1) }

    let bearer = try await central.openBearer(to: found.address, name: name)
    verdicts.check("connect", true, "L2CAP LE socket on ATT CID 4 to \(found.address)")
    let client = GATTClient(bearer: bearer, clock: clock, requestTimeout: .seconds(10))
    await client.start()
    let mtu = try await client.exchangeMTU(100)
    verdicts.check("MTU", mtu >= 23 && mtu <= 100, "exchanged MTU \(mtu)")
    let services = try await client.discoverServices()
    let wanted = [E4GATT.sensorService, E4GATT.commandService, E4GATT.statusService]
    verdicts.check("discover services", wanted.allSatisfy { w in services.contains { $0.uuid == w } },
                   "services " + services.map { "\($0.uuid) \($0.handles)" }.joined(separator: ", "))
    guard let status = services.first(where: { $0.uuid == E4GATT.statusService }) else { exit(1) }
    let characteristics = try await client.discoverCharacteristics(of: status)
    guard let battery = characteristics.first(where: { $0.uuid == E4GATT.battery }) else {
        verdicts.check("discover characteristics", false, "no battery characteristic in " + characteristics.map { "\($0.uuid)" }.joined(separator: ", "))
        exit(1)
    }
    verdicts.check("discover characteristics", true, characteristics.map { "\($0.uuid) value 0x\(String($0.valueHandle, radix: 16))" }.joined(separator: ", "))
    let level = try await client.read(battery)
    verdicts.check("read", level == [77], "battery \(level)")
    await client.disconnect()
    try await clock.sleep(for: .seconds(1))

    // The wristband driver, unchanged, over the same central.
    let trace = TraceLog(clock: clock)
    let host = PhoneHost(settings: HostSettings(), clock: clock, trace: trace)
    let api = EmpaticaAPI(central: central, host: host, clock: clock, trace: trace,
                          accounts: EmpaticaAccounts(acceptedKeys: ["vm-lane-key"]), bluetoothOn: true)
    _ = await api.authenticate(apiKey: "vm-lane-key")
    await api.followAppLifecycle()
    // The peripheral advertises again only once it has handled the disconnect, which under TCG can take longer than
    // one 5 s scan (seen in CI): up to four scans, as an app would scan again.
    var bands: [EmpaticaDeviceManager] = []
    var scans = 0
    repeat {
        scans += 1
        bands = try await api.discoverDevices(scanFor: .seconds(5))
    } while !bands.contains(where: { $0.serialNumber == serial }) && scans < 4
    let band = bands.first { $0.serialNumber == serial }
    verdicts.check("wristband discovery", band != nil, "EmpaticaAPI found " + bands.map { "\($0.serialNumber) (\($0.name))" }.joined(separator: ", ")
                   + " in scan \(scans) of at most 4")
    guard let band else { exit(1) }
    let samples = band.samples()
    let connected = await band.connect()
    verdicts.check("wristband connect", connected, "EmpaticaDeviceManager.connect() \(connected ? "connected and started streaming" : "failed")")
    guard connected else { exit(1) }
    let collector = Task {
        var out: [WristbandSample] = []
        for await sample in samples { out.append(sample) }
        return out
    }
    try await clock.sleep(for: .seconds(6))
    await band.disconnect()
    collector.cancel()
    let received = await collector.value
    var bvp: [Double] = [], gsr: [Double] = [], temperature: [Double] = [], acceleration: [(Int8, Int8, Int8)] = [], stamps: [Double] = []
    for sample in received {
        switch sample {
        case .bvp(let v, let t): bvp.append(v); stamps.append(t)
        case .gsr(let v, _): gsr.append(v)
        case .temperature(let v, _): temperature.append(v)
        case .acceleration(let x, let y, let z, _): acceleration.append((x, y, z))
        default: break
        }
    }
    verdicts.check("BVP", bvp.count >= 64 && bvp.allSatisfy { $0 == 100 } && zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 },
                   "\(bvp.count) samples, values \(Set(bvp).sorted()), timestamps increasing")
    verdicts.check("acceleration", acceleration.count >= 12 && acceleration.allSatisfy { $0 == (0, 0, 64) }, "\(acceleration.count) samples, first \(acceleration.first.map { "\($0)" } ?? "none")")
    verdicts.check("GSR", gsr.count >= 6 && gsr.allSatisfy { abs($0 - 5) < 1e-9 }, "\(gsr.count) samples, values \(Set(gsr).sorted()) µS")
    verdicts.check("temperature", temperature.count >= 4 && temperature.allSatisfy { abs($0 - 33) < 1e-9 }, "\(temperature.count) samples, values \(Set(temperature).sorted()) °C")
} catch {
    verdicts.check("vm-ble-check", false, "stopped: \(error)")
}
exit(verdicts.failures == 0 ? 0 : 1)
