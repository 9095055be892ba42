import BarcodeDecoder

/// Aztec's high-level encoding: bytes as codes of the character modes, latching to the mode of a run of characters and
/// shifting for single ones, and Binary Shift for bytes no mode has. Greedy, not the shortest possible bit string.
enum AztecTextEncoder {
    static func bits(_ bytes: [UInt8], eci: Int?) -> [Bool] {
        var out = BitWriter()
        var mode = AztecMode.upper
        func emit(_ code: Int, in m: AztecMode) { out.append(code, m.codeBits) }
        func latch(to target: AztecMode) {
            for step in path(from: mode, to: target) { emit(step.code, in: step.mode) }
            mode = target
        }
        if let eci {
            let digits = Array(String(eci).utf8)
            emit(0, in: .upper)                     // P/S (every symbol starts in Upper)
            emit(0, in: .punct)                     // FLG(n)
            out.append(digits.count, 3)
            for d in digits { emit(Int(d - 0x30) + 2, in: .digit) }
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let next: UInt8? = i + 1 < bytes.count ? bytes[i + 1] : nil
            if let next, let pair = AztecMode.punctPairCode(b, next) {
                if mode == .punct { emit(pair, in: .punct) } else { emit(0, in: mode); emit(pair, in: .punct) }
                i += 2
                continue
            }
            if let code = mode.code(of: b) {
                emit(code, in: mode)
                i += 1
                continue
            }
            let nextInSameMode = { (m: AztecMode) in next.map { m.code(of: $0) != nil } ?? false }
            if mode != .punct, let code = AztecMode.punct.code(of: b), !nextInSameMode(.punct) {
                emit(0, in: mode)                   // P/S
                emit(code, in: .punct)
                i += 1
                continue
            }
            if (mode == .lower || mode == .digit), let code = AztecMode.upper.code(of: b), !nextInSameMode(.upper) {
                emit(mode == .lower ? 28 : 15, in: mode)   // U/S
                emit(code, in: .upper)
                i += 1
                continue
            }
            // Digits have a mode of their own only; the rest latch to the first mode that has them.
            if let target = [AztecMode.upper, .lower, .mixed, .digit, .punct].first(where: { $0.code(of: b) != nil }) {
                latch(to: target)
                emit(target.code(of: b)!, in: target)
                i += 1
                continue
            }
            // Bytes no mode has: Binary Shift (from Upper, Lower or Mixed) for the run of them.
            if mode == .punct || mode == .digit { latch(to: .upper) }
            var end = i
            while end < bytes.count, end - i < 2078, !AztecMode.allCases.contains(where: { $0.code(of: bytes[end]) != nil }) { end += 1 }
            let length = end - i
            emit(31, in: mode)
            if length <= 31 { out.append(length, 5) } else { out.append(0, 5); out.append(length - 31, 11) }
            for byte in bytes[i..<end] { out.append(Int(byte), 8) }
            i = end
        }
        return out.bits
    }

    /// The cheapest sequence of latches from one mode to another, as (mode the code is read in, code).
    static func path(from start: AztecMode, to target: AztecMode) -> [(mode: AztecMode, code: Int)] {
        var best: [AztecMode: (cost: Int, steps: [(mode: AztecMode, code: Int)])] = [start: (0, [])]
        var frontier = [start]
        while !frontier.isEmpty {
            var next: [AztecMode] = []
            for m in frontier {
                let here = best[m]!
                for code in 0..<(1 << m.codeBits) {
                    guard case .latch(let to) = m.meaning(code) else { continue }
                    let cost = here.cost + m.codeBits
                    if best[to].map({ cost < $0.cost }) ?? true {
                        best[to] = (cost, here.steps + [(m, code)])
                        next.append(to)
                    }
                }
            }
            frontier = next
        }
        return best[target]?.steps ?? []
    }
}
