// vm-ble-check: RigKit's BlueZ central against a Bumble peripheral, in the QEMU lane's guest.
//
//   vm-ble-check --adapter hciN --name NAME [--random ADDRESS]
//
// The adapter is a Bumble controller the kernel reaches through /dev/vhci; the peripheral
// (scripts/vm-lane-ble-peripheral.py) advertises NAME and serves service FFF0 with characteristic
// FFF1 (read, write, notify). Checks, one PASS or FAIL line each: BlueZCentral opens the adapter; an LE
// scan on a raw HCI socket finds NAME; an L2CAP LE socket on ATT CID 4 connects; GATTClient exchanges
// the MTU, discovers FFF0 and FFF1, reads, writes, and receives a notification after subscribing.
// Exits 1 when any check fails.
import ATT
import BlueZ
import Foundation
import GATT
import RigCore

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

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

var adapter = "hci0", name = "RIGKIT-VM"
var random: Set<String> = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--adapter": adapter = arguments.popFirst() ?? adapter
    case "--name": name = arguments.popFirst() ?? name
    case "--random": if let a = arguments.popFirst() { random.insert(a) }
    default:
        FileHandle.standardError.write(Data("vm-ble-check: unknown argument \(argument)\nusage: vm-ble-check --adapter hciN --name NAME [--random ADDRESS]\n".utf8))
        exit(2)
    }
}

let verdicts = Verdicts()
let clock = WallClock()
do {
    let central = try BlueZCentral(adapter: adapter, randomAddresses: random)
    verdicts.check("adapter", true, "\(adapter) is up")
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
    let service = services.first { $0.uuid == BluetoothUUID(0xFFF0) }
    verdicts.check("discover services", service != nil, "services " + services.map { "\($0.uuid) \($0.handles)" }.joined(separator: ", "))
    guard let service else { exit(1) }
    let characteristics = try await client.discoverCharacteristics(of: service)
    let characteristic = characteristics.first { $0.uuid == BluetoothUUID(0xFFF1) }
    verdicts.check("discover characteristics", characteristic != nil,
                   "characteristics " + characteristics.map { "\($0.uuid) value 0x\(String($0.valueHandle, radix: 16))" }.joined(separator: ", "))
    guard let characteristic else { exit(1) }
    let value = try await client.read(characteristic)
    verdicts.check("read", text(value) == "rigkit-vm-value", "read \"\(text(value))\"")
    try await client.write(characteristic, Array("rigkit-vm-write".utf8))
    verdicts.check("write", true, "wrote \"rigkit-vm-write\" with response")
    let notifications = try await client.subscribe(characteristic)
    let notified = await first(of: notifications, within: .seconds(10), clock: clock)
    verdicts.check("notify", notified.map(text) == "rigkit-vm-notify", notified.map { "notified \"\(text($0))\"" } ?? "no notification within 10 s")
    await client.disconnect()
} catch {
    verdicts.check("vm-ble-check", false, "stopped: \(error)")
}
exit(verdicts.failures == 0 ? 0 : 1)
