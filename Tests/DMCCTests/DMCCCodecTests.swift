import DMCC
import Testing

@Suite struct DMCCCodecTests {
    @Test func commandsEncodeTheirHeaderIdAndChecksum() throws {
        #expect(String(decoding: try DMCCCommand("GET DEVICE.TYPE").encode(), as: UTF8.self) == "||>GET DEVICE.TYPE\r\n")
        #expect(String(decoding: try DMCCCommand("TRIGGER ON", commandID: 123).encode(), as: UTF8.self) == "||0:123>TRIGGER ON\r\n")
        let checked = try DMCCCommand("SET SYMBOL.QR ON", commandID: 7, checksum: true).encode()
        let body = Array("SET SYMBOL.QR ON".utf8)
        #expect(Array(checked.suffix(3)) == [DMCCChecksum.xor(body), 0x0D, 0x0A])
        #expect(try DMCCCommand.decode(checked) == DMCCCommand(commandID: 7, checksum: true, words: [.word("SET"), .word("SYMBOL.QR"), .word("ON")]))
    }

    @Test(arguments: [
        "GET DEVICE.TYPE", "SET CAMERA.ZOOM-PERCENT 250 500", "SET DECODER.MAX-SCAN-TIMEOUT 10", "CONFIG.SAVE",
        "SET DEVICE.NAME \"Dock \\\"A\\\" \\\\ 1|2\\t\\r\\n\"",
    ])
    func commandsRoundTrip(_ text: String) throws {
        for (id, checksum) in [(UInt32?.none, false), (UInt32?(42), false), (UInt32?(9), true)] {
            let command = try DMCCCommand(text, commandID: id, checksum: checksum)
            #expect(try DMCCCommand.decode(command.encode()) == command)
        }
    }

    @Test func wordsStringsVerbsAndSettings() throws {
        let command = try DMCCCommand("set camera.zoom-percent 250 500")
        #expect(command.verb == "SET")
        #expect(command.setting == "CAMERA.ZOOM-PERCENT")
        #expect(command.arguments.map(\.int) == [250, 500])
        let name = try DMCCCommand("SET DEVICE.NAME \"a \\\"b\\\" |c\"")
        #expect(name.arguments == [.string("a \"b\" |c")])
        #expect(try DMCCCommand("SET SYMBOL.C128 OFF").arguments.first?.bool == false)
        #expect(try DMCCCommand("TRIGGER ON").setting == nil)
    }

    @Test func responsesRoundTripAndEscapeLineBreaks() throws {
        let response = DMCCResponse(commandID: 12, status: .noError, payload: "MX-1502")
        #expect(String(decoding: response.encode(), as: UTF8.self) == "||0:12[0]MX-1502\r\n")
        let xml = DMCCResponse(commandID: 0, status: .xmlResult, payload: "<result>\n<full_string>QUJD</full_string>\r\n</result>", checksum: true)
        #expect(!xml.encode().dropLast(2).contains(0x0A))
        #expect(try DMCCResponse.decode(xml.encode()) == xml)
        #expect(try DMCCResponse.decode(Array("||0:5[101]\r\n".utf8)).status == .invalidCommand)
    }

    @Test(arguments: [
        ("GET DEVICE.TYPE\r\n", "malformed DMCC: a command starts with '||' (in \"GET DEVICE.TYPE\\x0d\\x0a\")"),
        ("||GET X\r\n", "malformed DMCC: no '>' closes the command header (in \"||GET X\\x0d\\x0a\")"),
        ("||2:1>GET X\r\n", "malformed DMCC: the checksum flag must be 0 or 1, not '2' (in \"||2:1>GET X\\x0d\\x0a\")"),
        ("||0:x>GET X\r\n", "malformed DMCC: the command id must be a number, not 'x' (in \"||0:x>GET X\\x0d\\x0a\")"),
        ("||>\r\n", "malformed DMCC: the command is empty (in \"||>\\x0d\\x0a\")"),
        ("||>SET NAME \"open\r\n", "malformed DMCC: a string is not closed (in \"SET NAME \"open\")"),
        ("||>SET NAME \"a\\qb\"\r\n", "malformed DMCC: unknown escape '\\q' in a string (in \"SET NAME \"a\\qb\"\")"),
        ("||1:1>GET X#\r\n", "DMCC checksum mismatch: computed 0x2e, received 0x23"),
    ])
    func malformedCommandsAreNamedErrors(_ text: String, _ message: String) {
        do {
            _ = try DMCCCommand.decode(Array(text.utf8))
            Issue.record("decoded")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test(arguments: [
        ("MX-1502\r\n", "malformed DMCC: a response starts with '||<checksum>:<id>[' (in \"MX-1502\\x0d\\x0a\")"),
        ("||0:1 0 ok\r\n", "malformed DMCC: a response header is '||<checksum>:<id>[<status>]' (in \"||0:1 0 ok\\x0d\\x0a\")"),
        ("||0:1[x]ok\r\n", "malformed DMCC: the status must be a number (in \"||0:1[x]ok\\x0d\\x0a\")"),
        ("||0:1[0]a\\qb\r\n", "malformed DMCC: unknown escape '\\q' in a payload (in \"a\\qb\")"),
        ("||1:1[0]ok!\r\n", "DMCC checksum mismatch: computed 0x32, received 0x21"),
        // Found by the fuzzer: the checksum byte is the header's only ']' ('[1025' XORs to ']').
        ("||1:1[1025]\r\n", "malformed DMCC: a response header is '||<checksum>:<id>[<status>]' (in \"||1:1[1025]\\x0d\\x0a\")"),
    ])
    func malformedResponsesAreNamedErrors(_ text: String, _ message: String) {
        do {
            _ = try DMCCResponse.decode(Array(text.utf8))
            Issue.record("decoded")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func theLineSplitterHandlesAnyChunkingAndLimitsRunawayLines() throws {
        var splitter = DMCCLineSplitter(limit: 64)
        let stream = Array("||0:1[0]A\r\n||0:0[1]012345\r\n||0:2[0]".utf8)
        var lines: [[UInt8]] = []
        for chunk in stride(from: 0, to: stream.count, by: 3) {
            lines += try splitter.append(Array(stream[chunk..<min(stream.count, chunk + 3)]))
        }
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["||0:1[0]A", "||0:0[1]012345"])
        #expect(throws: DMCCError.lineTooLong(limit: 64)) { try splitter.append([UInt8](repeating: 0x41, count: 100)) }
    }

    @Test func randomBytesNeverTrap() {
        var state: UInt64 = 7
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let bytes = [0x7C, 0x7C] + (0..<Int(state >> 58)).map { UInt8(truncatingIfNeeded: state >> UInt64($0 % 8 * 8)) }
            _ = try? DMCCCommand.decode(bytes)
            _ = try? DMCCResponse.decode(bytes)
        }
    }
}
