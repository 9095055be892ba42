import RigCore
import Testing

/// The `usb-gadget` link: a simulator in the rig process behind a real USB path (issue 9).
@Suite struct USBGadgetLinkTests {
    private func rig(_ link: String, clock: String = "wall", kind: String = "mx-1502") -> String {
        "{\"name\": \"g\", \"clock\": \"\(clock)\", \"devices\": [{\"role\": \"reader\", \"kind\": \"\(kind)\", \"usb-gadget\": \(link)}]}"
    }

    private func error(_ text: String) -> String {
        do {
            _ = try RigFile.parse(Array(text.utf8), source: "g.json")
            return "parsed"
        } catch {
            return "\(error)"
        }
    }

    @Test func aTTYGadgetParses() throws {
        let text = rig(#"{"vendor": "1209", "product": "0d02", "serial": "S1", "tty": "/dev/ttyGS0", "gadget": "/sys/kernel/config/usb_gadget/r", "udc": "dummy_udc.0", "simulator": {"batteryPercent": 50}}"#)
        let file = try RigFile.parse(Array(text.utf8), source: "g.json")
        guard case .usbGadget(let gadget) = file.devices[0].link else { Issue.record("not a usb-gadget"); return }
        #expect(gadget.vendor == 0x1209 && gadget.product == 0x0D02 && gadget.serial == "S1")
        #expect(gadget.deviceSide == .tty(path: "/dev/ttyGS0", gadget: "/sys/kernel/config/usb_gadget/r", udc: "dummy_udc.0"))
        #expect(file.devices[0].link.name == "usb-gadget")
        #expect(file.devices[0].link.runsSimulator && !file.devices[0].link.isSimulated)
        #expect(file.devices[0].link.simulatorParameters != nil)
    }

    @Test func aSocketGadgetParses() throws {
        let text = rig(#"{"vendor": "0451", "product": "16aa", "serial": "13B7D00D5EED0002", "socket": "/tmp/x/scio.sock"}"#, kind: "scio")
        let file = try RigFile.parse(Array(text.utf8), source: "g.json")
        guard case .usbGadget(let gadget) = file.devices[0].link else { Issue.record("not a usb-gadget"); return }
        #expect(gadget.deviceSide == .socket(path: "/tmp/x/scio.sock"))
        #expect(gadget.simulator == nil)
    }

    @Test func mistakesAreNamedWithTheirPlace() {
        let cases: [(String, [String])] = [
            (rig(#"{"vendor": "1209", "product": "0d02", "serial": "S"}"#),
             ["$.devices[0].usb-gadget", "one of \"tty\"", "or \"socket\"", "found neither"]),
            (rig(#"{"vendor": "1209", "product": "0d02", "serial": "S", "tty": "/dev/ttyGS0", "socket": "/tmp/s"}"#),
             ["$.devices[0].usb-gadget.socket", "either \"tty\" or \"socket\", not both"]),
            (rig(#"{"vendor": "1209", "product": "0d02", "serial": "S", "tty": "/dev/ttyGS0", "udc": "dummy_udc.0"}"#),
             ["$.devices[0].usb-gadget", "configfs gadget directory"]),
            (rig(#"{"vendor": "1209", "product": "0d02", "serial": "S", "socket": "/tmp/s", "udc": "dummy_udc.0"}"#),
             ["$.devices[0].usb-gadget.udc", "no \"udc\" with \"socket\""]),
            (rig(#"{"vendor": "1209", "product": "0d02", "serial": "S", "socket": "relative.sock"}"#),
             ["$.devices[0].usb-gadget.socket", "an absolute path"]),
            (rig(#"{"vendor": "12090", "product": "0d02", "serial": "S", "socket": "/tmp/s"}"#),
             ["$.devices[0].usb-gadget.vendor", "four hex digits"]),
            (rig(#"{"product": "0d02", "serial": "S", "socket": "/tmp/s"}"#),
             ["$.devices[0].usb-gadget", "vendor"]),
            (rig(#"{"vendor": "1209", "product": "0d02", "socket": "/tmp/s"}"#),
             ["$.devices[0].usb-gadget", "serial number"]),
            (rig(#"{"vendor": "1209", "product": "0d02", "serial": "S", "socket": "/tmp/s", "udcs": 1}"#),
             ["$.devices[0].usb-gadget.udcs", "unknown member"]),
            (rig(#"{"vendor": "1209", "product": "0d02", "serial": "S", "socket": "/tmp/s"}"#, clock: "virtual"),
             ["$.devices[0]", "since the rig's clock is virtual", "a usb-gadget device"]),
            // Which kinds take a usb-gadget link is the device families' to say (PluginRegistryTests).
        ]
        for (text, fragments) in cases {
            let message = error(text)
            #expect(message.hasPrefix("g.json:1:"), "\(message)")
            for fragment in fragments { #expect(message.contains(fragment), "\(message) lacks \(fragment)") }
        }
    }
}
