import BarcodeDecoder

/// MaxiCode's message codewords: code set A first, a shift for a single character of another set, a latch (A, B) or a
/// lock (C, D, E) for a run, Numeric Shift for nine digits. Greedy, not the shortest possible.
enum MaxiCodeTextEncoder {
    static func codewords(_ bytes: [UInt8], eci: Int?) -> [Int] {
        var out: [Int] = []
        var current = MaxiCodeSet.a
        if let eci {
            out.append(27)
            switch eci {
            case ..<32: out.append(eci)
            case ..<1024: out += [0x20 | eci >> 6, eci & 0x3F]
            case ..<32768: out += [0x30 | eci >> 12, eci >> 6 & 0x3F, eci & 0x3F]
            default: out += [0x38 | eci >> 18 & 0x03, eci >> 12 & 0x3F, eci >> 6 & 0x3F, eci & 0x3F]
            }
        }
        func setOf(_ b: UInt8) -> MaxiCodeSet? { MaxiCodeSet.allCases.first { $0.code(of: b) != nil } }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if i + 9 <= bytes.count, bytes[i..<(i + 9)].allSatisfy({ (0x30...0x39).contains($0) }) {
                let value = Int(String(decoding: bytes[i..<(i + 9)], as: UTF8.self))!
                out.append(31)
                out += (0..<5).map { value >> (6 * (4 - $0)) & 0x3F }
                i += 9
                continue
            }
            if let code = current.code(of: b) {
                out.append(code)
                i += 1
                continue
            }
            // Every byte has a set; a byte in A or B and in C/D/E (space) was taken above when current has it.
            let target = setOf(b)!
            var run = 0
            while i + run < bytes.count, target.code(of: bytes[i + run]) != nil, current.code(of: bytes[i + run]) == nil || run == 0 { run += 1 }
            if (current == .a && target == .b) || (current == .b && target == .a) {
                if run >= 2 { out.append(63); current = target } else { out.append(59) }
            } else if target == .a || target == .b {
                // From a locked C, D or E back to A or B.
                out.append(target == .a ? 58 : 63)
                current = target
            } else {
                // C, D or E: shift (60–62) for one or a few characters, shift twice to lock for a run.
                let shift = 58 + target.rawValue
                if run >= 4 { out += [shift, shift]; current = target } else { out.append(shift) }
            }
            out.append(target.code(of: b)!)
            i += 1
        }
        if [.c, .d, .e].contains(current) { out.append(58) }
        return out
    }
}
