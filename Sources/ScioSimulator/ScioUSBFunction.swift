import ScioProtocol
import USBLink
import USBSimulation

/// The SCiO's USB side: a CDC-ACM function whose bulk pipe carries SCiO frames back to back.
///
/// It answers the CDC class requests (line coding, control line state) and
/// hands bulk OUT bytes to its simulator.
final class ScioUSBFunction: SimulatedUSBFunction {
    let descriptor: USBDeviceDescriptor
    private let simulator: ScioSimulator

    init(simulator: ScioSimulator, serialNumber: String) {
        self.simulator = simulator
        descriptor = ScioUSB.descriptor(serialNumber: serialNumber)
    }

    func received(_ data: [UInt8], endpoint: UInt8) async {
        guard endpoint == ScioUSB.bulkOut else { return }
        await simulator.receivedUSB(data)
    }

    func control(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8]) async throws(USBError) -> [UInt8] {
        switch (requestType, request) {
        case (CDCRequest.classInterfaceOut, CDCRequest.setLineCoding):
            guard data.count == 7 else { throw .stall(endpoint: 0) }
            await simulator.setLineCoding(data)
            return []
        case (CDCRequest.classInterfaceIn, CDCRequest.getLineCoding):
            return await simulator.lineCoding ?? CDCRequest.lineCoding(baud: ScioUSB.baudRate)
        case (CDCRequest.classInterfaceOut, CDCRequest.setControlLineState):
            return []
        default:
            throw .stall(endpoint: 0)
        }
    }

    func plugged(into port: USBDevicePort) async { await simulator.attach(port) }

    func unplugged() async { await simulator.detach() }
}
