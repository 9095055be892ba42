import ScioProtocol
import Testing

@Suite struct ScioFrameTests {
    @Test func encodesHeaderThenPayload() throws {
        let frame = ScioFrame(sequence: 7, command: .batteryState, payload: [1, 2, 3])
        #expect(frame.encode() == [7, 0xBA, 0x05, 3, 0, 1, 2, 3])
        #expect(try ScioFrame.decode(frame.encode()) == frame)
    }

    @Test func malformedFramesAreRefusedWithTheReason() {
        #expect(throws: ScioFrameError.shortHeader(length: 4)) { try ScioFrame.decode([1, 0xBA, 0, 0]) }
        #expect(throws: ScioFrameError.badMagic(sequence: 1, found: 0xBB)) { try ScioFrame.decode([1, 0xBB, 0, 0, 0]) }
        #expect(throws: ScioFrameError.lengthMismatch(sequence: 2, declared: 3, actual: 2)) { try ScioFrame.decode([2, 0xBA, 0, 3, 0, 9, 9]) }
        #expect(throws: ScioFrameError.lengthMismatch(sequence: 2, declared: 1, actual: 2)) { try ScioFrame.decode([2, 0xBA, 0, 1, 0, 9, 9]) }
        #expect(throws: ScioFrameError.oversize(sequence: 3, declared: 0xFFFF, limit: ScioFrame.maximumPayload)) {
            try ScioFrame.decode([3, 0xBA, 2, 0xFF, 0xFF])
        }
    }

    @Test func errorsNameTheFrame() {
        #expect("\(ScioFrameError.missingFragments(sequence: 9, expected: 4, received: 6))".contains("seq 9: fragment 4 is missing"))
        #expect("\(ScioCommand.sampleSpectrum)" == "sample spectrum (0x02)")
    }
}

@Suite struct ScioFragmentTests {
    let frame = ScioFrame(sequence: 0x21, command: .sampleSpectrum, payload: (0..<100).map { UInt8($0) })

    func assemble(_ fragments: [[UInt8]]) -> [Result<ScioFrame, ScioFrameError>] {
        var assembler = ScioFragmentAssembler()
        return fragments.flatMap { assembler.add($0) }
    }

    @Test func splitsIntoTwentyByteNotificationsLedBySequence() {
        let fragments = ScioFragmenter.split(frame)
        #expect(fragments.count == 1 + (105 - 20 + 17) / 18)
        #expect(fragments.allSatisfy { $0.count <= 20 && $0[0] == 0x21 })
        #expect(fragments[1][1] == 1 && fragments[2][1] == 2)
        #expect(assemble(fragments).compactMap { try? $0.get() } == [frame])
    }

    @Test func shortFrameIsOneNotification() {
        let small = ScioFrame(sequence: 1, command: .deviceID)
        #expect(ScioFragmenter.split(small) == [[1, 0xBA, 1, 0, 0]])
        #expect(assemble(ScioFragmenter.split(small)).count == 1)
    }

    @Test func missingFragmentIsNamed() {
        var fragments = ScioFragmenter.split(frame)
        fragments.remove(at: 2)
        let results = assemble(fragments)
        #expect(throws: ScioFrameError.missingFragments(sequence: 0x21, expected: 2, received: 3)) { try results[0].get() }
        #expect(results.dropFirst().allSatisfy { if case .failure(.orphanFragment(0x21, _)) = $0 { true } else { false } }, "the rest of the frame is dropped")
    }

    @Test func lostTailShowsWhenTheNextFrameStartsOrAtFinish() throws {
        let fragments = ScioFragmenter.split(frame)
        let next = ScioFrame(sequence: 0x22, command: .deviceID)
        let results = assemble(Array(fragments.dropLast()) + ScioFragmenter.split(next))
        #expect(results.count == 2)
        #expect(throws: ScioFrameError.missingFragments(sequence: 0x21, expected: fragments.count - 1, received: -1)) { try results[0].get() }
        #expect(try results[1].get() == next)
        var assembler = ScioFragmentAssembler()
        _ = assembler.add(fragments[0])
        #expect(throws: ScioFrameError.missingFragments(sequence: 0x21, expected: 1, received: -1)) { try assembler.finish() }
    }

    @Test func outOfOrderFragmentIsRefused() {
        var fragments = ScioFragmenter.split(frame)
        fragments.swapAt(1, 2)
        let results = assemble(fragments)
        #expect(throws: ScioFrameError.missingFragments(sequence: 0x21, expected: 1, received: 2)) { try results[0].get() }
        #expect(throws: ScioFrameError.orphanFragment(sequence: 0x21, index: 1)) { try results[1].get() }
        var assembler = ScioFragmentAssembler()
        let first = ScioFragmenter.split(frame)
        _ = assembler.add(first[0]); _ = assembler.add(first[1]); _ = assembler.add(first[2])
        #expect(throws: ScioFrameError.outOfOrderFragment(sequence: 0x21, expected: 3, received: 1)) { try assembler.add(first[1])[0].get() }
    }

    @Test func orphanEmptyAndOverlongNotifications() {
        #expect(throws: ScioFrameError.orphanFragment(sequence: 5, index: 3)) { try assemble([[5, 3, 1, 2]])[0].get() }
        #expect(throws: ScioFrameError.emptyFragment) { try assemble([[]])[0].get() }
        #expect(throws: ScioFrameError.shortHeader(length: 1)) { try assemble([[5]])[0].get() }
        #expect(throws: ScioFrameError.lengthMismatch(sequence: 5, declared: 1, actual: 3)) { try assemble([[5, 0xBA, 0, 1, 0, 1, 2, 3]])[0].get() }
        #expect(throws: ScioFrameError.oversize(sequence: 5, declared: 5000, limit: ScioFrame.maximumPayload)) {
            try assemble([[5, 0xBA, 2, 0x88, 0x13]])[0].get()
        }
        var tooLong = ScioFragmenter.split(frame)
        tooLong[tooLong.count - 1] += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(throws: ScioFrameError.self) { try assemble(tooLong)[0].get() }
    }

    @Test func largestFrameKeepsIndexesBelowTheMagic() {
        let big = ScioFrame(sequence: 1, command: .sampleSpectrum, payload: [UInt8](repeating: 0xBA, count: ScioFrame.maximumPayload))
        let fragments = ScioFragmenter.split(big)
        #expect(fragments.dropFirst().allSatisfy { $0[1] < ScioFrame.magic })
        #expect(fragments.count - 1 <= ScioFragmenter.maximumContinuations)
        #expect(assemble(fragments).compactMap { try? $0.get() } == [big])
    }
}

@Suite struct ScioStreamTests {
    @Test func cutsFramesFromAnyChunking() {
        let frames = [ScioFrame(sequence: 1, command: .deviceID, payload: [0, 1, 2]), ScioFrame(sequence: 2, command: .batteryState, payload: [9])]
        let bytes = frames.flatMap { $0.encode() }
        for chunk in [1, 3, 7, bytes.count] {
            var assembler = ScioStreamAssembler()
            var out: [ScioFrame] = []
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                out += assembler.add(Array(bytes[start..<min(bytes.count, start + chunk)])).compactMap { try? $0.get() }
            }
            #expect(out == frames)
            #expect(assembler.pendingByteCount == 0)
        }
    }

    @Test func resynchronisesAfterGarbageAndOversize() throws {
        var assembler = ScioStreamAssembler()
        let good = ScioFrame(sequence: 4, command: .temperature, payload: [1, 2])
        let results = assembler.add([0x55] + [9, 0xBA, 2, 0xFF, 0xFF] + good.encode())
        #expect(throws: ScioFrameError.badMagic(sequence: 0x55, found: 9)) { try results[0].get() }
        #expect(results.contains { if case .failure(.oversize(9, 0xFFFF, _)) = $0 { true } else { false } })
        #expect(try results.last?.get() == good)
    }

    @Test func truncatedStreamIsReportedAtFinish() {
        var assembler = ScioStreamAssembler()
        _ = assembler.add([1, 0xBA, 2, 10, 0, 1, 2])
        #expect(throws: ScioFrameError.lengthMismatch(sequence: 1, declared: 10, actual: 2)) { try assembler.finish() }
        _ = assembler.add([1, 0xBA])
        #expect(throws: ScioFrameError.shortHeader(length: 2)) { try assembler.finish() }
    }
}
