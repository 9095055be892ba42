import ATT
import BlueZ
import Foundation
import GATT
import RigCommandLine
import RigCore
import RigScenario
import USBLibUSB
import USBLink

/// `rig probe`: lists the devices this machine can reach and which RigKit family each looks like.
public struct ProbeCommand: Command {
    public static let name = "probe"
    public static let abstract = "List the USB and BLE devices this machine sees and which device family each looks like."
    public static let usage = "[--seconds N] [--adapter NAME] [--json]"
    public static let options: [OptionSpec] = [
        OptionSpec("seconds", value: "N", help: "How long to scan for BLE devices (default 5)."),
        OptionSpec("adapter", value: "NAME", help: "The Bluetooth adapter (default hci0)."),
        OptionSpec("json", help: "One JSON object per device per line."),
    ]
    public static let discussion = """
    With --json every line is a JSON object: one per device, a summary per bus
    ({"bus":"usb","summary":{…}}), and a BLE failure as {"bus":"ble","error":…}.
    USB devices are listed through libusb, BLE devices through BlueZ. Each device family plugged into
    the runner says which devices it recognises: RigKit's own match 0451:16aa a SCiO (USB CDC);
    1209:0d01 / 1209:0d02 an MX-1000 / MX-1502 as RigKit's simulators and rig files name them (how real MX
    readers present on Linux is not public; bind them by their IDs in the rig file); advertised names
    "Empatica E4"/"Empatica E3" and "SCiO…" and the SCiO service 0x3490. Exit codes: 0 listed (possibly none); 3 libusb could not start.
    """

    var json: Bool
    var seconds: Int
    var adapter: String

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError(command: "rig probe", message: "unexpected argument '\(arguments.positionals[0])'") }
        json = arguments.flag("json")
        adapter = arguments.value("adapter") ?? "hci0"
        if let text = arguments.value("seconds") {
            guard let n = Int(text), (1...120).contains(n) else { throw UsageError(command: "rig probe", message: "--seconds expects 1 to 120, not '\(text)'") }
            seconds = n
        } else {
            seconds = 5
        }
    }

    /// The device kind the run's plug-ins recognise a BLE advertisement as, if any.
    static func family(_ result: ScanResult, _ plugins: RigPlugins) -> String? {
        plugins.recognise(.ble(address: result.address, name: result.data.localName,
                               serviceUUIDs: result.data.serviceUUIDs.map(\.description)))?.rawValue
    }

    /// The device kind the run's plug-ins recognise a USB device as, if any.
    static func family(_ d: USBDeviceDescriptor, _ plugins: RigPlugins) -> String? {
        if let kind = plugins.recognise(.usb(vendor: d.vendorID, product: d.productID, serial: d.serialNumber, productName: d.product)) {
            return kind.rawValue
        }
        return d.manufacturer?.lowercased().contains("cognex") == true ? "cognex reader" : nil
    }

    public func run(_ context: CommandContext) async -> Int32 {
        let host: LibUSBHost
        do { host = try LibUSBHost(clock: WallClock()) } catch {
            context.err("error: \(error)")
            return ExitCode.badInput
        }
        let devices = await host.devices()
        for d in devices {
            let family = Self.family(d, context.plugins)
            if json {
                context.out("{\"bus\":\"usb\",\"ids\":\(JSONText.quote(d.ids)),\"serial\":\(d.serialNumber.map(JSONText.quote) ?? "null"),"
                            + "\"product\":\(d.product.map(JSONText.quote) ?? "null"),\"family\":\(family.map(JSONText.quote) ?? "null")}")
            } else {
                context.out("usb \(d.ids)  \(d.manufacturer ?? "?") \(d.product ?? "?")  serial \(d.serialNumber ?? "?")  → \(family ?? "no RigKit family")")
            }
        }
        if json {
            context.out("{\"bus\":\"usb\",\"summary\":{\"devices\":\(devices.count),\"libusb\":\(JSONText.quote(LibUSBHost.libraryVersion))}}")
        } else {
            context.out("\(devices.count) USB device\(devices.count == 1 ? "" : "s") (libusb \(LibUSBHost.libraryVersion))")
        }
        do {
            let central = try BlueZCentral(adapter: adapter)
            let found = try await central.scan(for: .seconds(seconds))
            for r in found {
                let family = Self.family(r, context.plugins)
                if json {
                    context.out("{\"bus\":\"ble\",\"address\":\(JSONText.quote(r.address)),\"name\":\(r.data.localName.map(JSONText.quote) ?? "null"),"
                                + "\"rssi\":\(r.rssi),\"family\":\(family.map(JSONText.quote) ?? "null")}")
                } else {
                    context.out("ble \(r.address)  \(r.data.localName ?? "?")  rssi \(r.rssi)  → \(family ?? "no RigKit family")")
                }
            }
            if json {
                context.out("{\"bus\":\"ble\",\"summary\":{\"devices\":\(found.count),\"seconds\":\(seconds),\"adapter\":\(JSONText.quote(adapter))}}")
            } else {
                context.out("\(found.count) BLE device\(found.count == 1 ? "" : "s") in \(seconds) s on \(adapter)")
            }
        } catch {
            // In JSON mode the failure is a line of its own too, so a tool reading stdout sees why BLE is missing.
            if json { context.out("{\"bus\":\"ble\",\"adapter\":\(JSONText.quote(adapter)),\"error\":\(JSONText.quote("\(error)"))}") }
            context.err("BLE: \(error)")
        }
        return ExitCode.success
    }
}
