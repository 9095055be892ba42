import RigCore
import Testing
@testable import USBLibUSB
import USBLink

@Suite struct LibUSBHostTests {
    @Test func libusbCodesBecomeUSBErrorsThatSayWhatToDo() {
        #expect(LibUSBError.access.usbError(node: "/dev/bus/usb/001/004") == .accessDenied(node: "/dev/bus/usb/001/004"))
        #expect(LibUSBError.busy.usbError(node: "n", interface: 1) == .busy(interface: 1))
        #expect(LibUSBError.pipe.usbError(node: "n", endpoint: 0x81) == .stall(endpoint: 0x81))
        #expect(LibUSBError.timeout.usbError(node: "n", endpoint: 0x81, transferred: 3, timeout: .seconds(1))
                == .timeout(endpoint: 0x81, after: .seconds(1), transferred: 3))
        #expect(LibUSBError.noDevice.usbError(node: "n") == .noDevice)
        // NOT_FOUND names what was asked for: the interface of a claim, the endpoint of a transfer.
        #expect(LibUSBError.notFound.usbError(node: "n", interface: 3) == .invalidEndpoint(3))
        #expect(LibUSBError.notFound.usbError(node: "n", endpoint: 0x83) == .invalidEndpoint(0x83))
        #expect("\(LibUSBError.access)" == "LIBUSB_ERROR_ACCESS")
    }

    /// Each way an asynchronous bulk IN can end becomes the `USBError` a family sees, naming node and endpoint where
    /// the error is not one of the typed ones.
    @Test func asynchronousBulkInCompletionsBecomeUSBErrors() throws {
        func result(_ status: TransferStatus, _ data: [UInt8] = []) -> Result<[UInt8], USBError> {
            LibUSBDeviceHandle.result(TransferCompletion(status: status, data: data), node: "/dev/bus/usb/001/002",
                                      endpoint: 0x81, timeout: .seconds(1))
        }
        #expect(try result(.completed, [1, 2]).get() == [1, 2])
        #expect(try result(.completed).get() == [])
        #expect(result(.timedOut) == .failure(.timeout(endpoint: 0x81, after: .seconds(1), transferred: 0)))
        #expect(try result(.timedOut, [7]).get() == [7], "what arrived before the limit is data")
        #expect(result(.noDevice) == .failure(.noDevice))
        #expect(result(.stall) == .failure(.stall(endpoint: 0x81)))
        #expect(result(.overflow) == .failure(.overflow(endpoint: 0x81)))
        for status in [TransferStatus.cancelled, .error, .other(9)] {
            guard case .failure(let error) = result(status) else { Issue.record("\(status) succeeded"); continue }
            #expect(error.description.contains("endpoint 0x81 on /dev/bus/usb/001/002"), "\(error)")
        }
        #expect("\(result(.cancelled))".contains("the handle was closed"))
        #expect("\(result(.error))".contains("LIBUSB_TRANSFER_ERROR"))
    }

    /// On a machine without the device (CI, this container) a match is a clear `notFound`, never a crash.
    @Test func aMissingDeviceIsNotFound() async throws {
        let host: LibUSBHost
        do { host = try LibUSBHost(clock: WallClock()) } catch {
            print("libusb cannot start here (\(error)); skipping")
            return
        }
        let match = USBDeviceMatch(vendorID: 0x1209, productID: 0xFFFE, serialNumber: "RIGKIT-NO-SUCH-DEVICE")
        let devices = await host.devices()
        #expect(!devices.contains { match.matches($0) })
        await #expect(throws: USBError.notFound(match)) { _ = try await host.open(match) }
        #expect(LibUSBHost.libraryVersion.hasPrefix("1.0."))
    }

    /// Following the bus starts one mechanism and says which; a host that goes away stops its event thread (no hang).
    @Test func followingTheBusNamesItsMechanismAndEndsCleanly() async throws {
        for preference in [LibUSBHost.HotplugPreference.automatic, .polling] {
            var host: LibUSBHost?
            do { host = try LibUSBHost(clock: WallClock(), pollInterval: .milliseconds(20), hotplug: preference) } catch {
                print("libusb cannot start here (\(error)); skipping")
                return
            }
            #expect(host?.hotplugMechanism == nil, "nothing runs before anyone follows the bus")
            let events = await host!.hotplugEvents()
            _ = await host!.hotplugEvents()   // a second subscriber shares the monitor
            let mechanism = try #require(host?.hotplugMechanism)
            print("hotplug mechanism here: \(mechanism)")
            switch (preference, mechanism) {
            case (.polling, .polling(let interval, let reason)):
                #expect(interval == .milliseconds(20))
                #expect(reason == "asked for")
            case (.polling, _): Issue.record("asked to poll, got \(mechanism)")
            default: break
            }
            try await Task.sleep(for: .milliseconds(60))   // a few polls: an unchanged bus reads no device again
            let reads = host!.hotplugStatistics.deviceReads
            try await Task.sleep(for: .milliseconds(60))
            #expect(host!.hotplugStatistics.deviceReads == reads)
            #expect(host!.hotplugStatistics.listingEvents == 0, "an unchanged bus reports nothing")
            host = nil   // deinit stops the event thread before libusb_exit
            _ = events
        }
    }
}
