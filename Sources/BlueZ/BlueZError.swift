import RigCore
import Foundation

/// Why BlueZ could not do what was asked, with what to do about it.
public enum BlueZError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kernel has no Bluetooth (`EAFNOSUPPORT`).
    case noBluetooth
    /// No adapter with that name (or none at all).
    case noAdapter(String)
    /// The adapter exists but is down.
    case adapterDown(String)
    /// The process lacks a capability the call needs.
    case missingCapability(String, doing: String)
    /// No answer from the device within the time limit.
    case notFound(address: String, within: Duration)
    /// The device refused the connection.
    case refused(address: String)
    /// The controller answered an HCI command with an error status.
    case controller(command: String, status: UInt8, adapter: String)
    /// Any other failure, with the system's words.
    case system(String, errno: Int32)

    /// The error for `-errno` returned by the shim while `doing` something with `adapter` (and `address`).
    static func from(_ code: Int32, adapter: String, address: String = "", timeout: Duration = .zero, doing: String) -> BlueZError {
        let e = -code
        switch e {
        case EAFNOSUPPORT: return .noBluetooth
        case ENODEV: return .noAdapter(adapter)
        case ENETDOWN, EHOSTDOWN: return .adapterDown(adapter)
        case EPERM, EACCES:
            // Raw HCI sockets (scans, advertising, HCI commands) need CAP_NET_RAW; adapter control needs CAP_NET_ADMIN.
            let raw = ["scan", "advertis", "HCI", "LE Set", "opening Bluetooth"].contains { doing.contains($0) }
            return .missingCapability(raw ? "CAP_NET_RAW" : "CAP_NET_ADMIN", doing: doing)
        case ETIMEDOUT, EHOSTUNREACH: return .notFound(address: address, within: timeout)
        case ECONNREFUSED: return .refused(address: address)
        default: return .system("\(doing): \(Errno(code: e).description)", errno: e)
        }
    }

    public var description: String {
        switch self {
        case .noBluetooth: "no Bluetooth on this host: the kernel has no AF_BLUETOOTH (EAFNOSUPPORT); use a machine or VM with Bluetooth, or a simulated rig"
        case .noAdapter(let name): "no Bluetooth adapter \(name.isEmpty ? "at all" : name) (check `btmgmt info` or the rig file's adapter)"
        case .adapterDown(let name): "Bluetooth adapter \(name) is down (bring it up: `btmgmt -i \(name) power on`)"
        case .missingCapability(let capability, let doing): "\(doing) needs \(capability) (run as root or grant it: setcap cap_net_raw,cap_net_admin+ep on the binary)"
        case .notFound(let address, let within): "no BLE device \(address) answered within \(within)"
        case .refused(let address): "BLE device \(address) refused the connection"
        case .controller(let command, let status, let adapter):
            "adapter \(adapter) refused \(command): \(HCICommandAnswer.statusName(status)) (is bluetoothd or another program using it? `btmgmt -i \(adapter) info`)"
        case .system(let what, _): what
        }
    }
}
