import Foundation
import Glibc
import RigSystem
import Testing

@Suite struct OutputFileTests {
    let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("safe-output-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    func read(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }
    func leftovers() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }) ?? [] }

    @Test func writesAndReplacesWholeFiles() throws {
        let path = folder + "/report.xml"
        try OutputFile.write(Array("first".utf8), to: path)
        try OutputFile.write(Array("second".utf8), to: path)
        #expect(read(path) == "second")
        #expect(leftovers().isEmpty)
    }

    @Test func aFailedWriteThrowsNamesTheFileAndKeepsTheOldOne() throws {
        let path = folder + "/trace.jsonl"
        try OutputFile.write(Array("complete earlier trace\n".utf8), to: path)
        // A file-size limit makes write(2) fail with EFBIG, as a full disk makes it fail with ENOSPC.
        var old = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &old)
        signal(SIGXFSZ, SIG_IGN)
        var small = old
        small.rlim_cur = 4096
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small)
        defer { setrlimit(Int32(RLIMIT_FSIZE.rawValue), &old) }
        let file = try OutputFile(path: path)
        for _ in 0..<100 { file.write(Array(repeating: UInt8(ascii: "x"), count: 100)) }
        #expect(file.failure != nil)
        do {
            try file.commit()
            Issue.record("commit succeeded after a failed write")
        } catch {
            #expect(error.path == path)
            #expect(error.reason.lowercased().contains("large") || error.reason.lowercased().contains("space"), "\(error.reason)")
        }
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &old)
        #expect(read(path) == "complete earlier trace\n")
        #expect(leftovers().isEmpty)
    }

    @Test func aDeviceIsWrittenInPlaceNotReplaced() throws {
        try OutputFile.write(Array("to nowhere".utf8), to: "/dev/null")
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aFIFOIsWrittenInPlace() async throws {
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Task.detached { () -> String in
            let handle = FileHandle(forReadingAtPath: fifo)!
            return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        }
        try OutputFile.write(Array("through the pipe".utf8), to: fifo)
        #expect(await reader.value == "through the pipe")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aSymlinkIsFollowedAndKept() throws {
        let real = folder + "/real.xml", link = folder + "/link.xml"
        try OutputFile.write(Array("old".utf8), to: real)
        #expect(symlink(real, link) == 0)
        try OutputFile.write(Array("new".utf8), to: link)
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(read(real) == "new")
    }

    @Test func aDirectoryOrSocketIsRefused() throws {
        #expect(throws: FileWriteError(path: folder, reason: "it is a directory")) { try OutputFile.write([1], to: self.folder) }
        #expect(throws: FileWriteError.self) { try OutputFile.write([1], to: self.folder + "/") }
    }

    @Test func aPlantedSymlinkAtAPredictableTemporaryNameIsNeverFollowed() throws {
        let victim = folder + "/victim"
        try OutputFile.write(Array("precious".utf8), to: victim)
        // The old writer used `.<name>.<pid>.tmp`; plant links at that name and a few guesses.
        for name in [".out.json.\(getpid()).tmp", ".out.json.tmp", ".out.json.partial"] { symlink(victim, folder + "/" + name) }
        try OutputFile.write(Array("output".utf8), to: folder + "/out.json")
        #expect(read(victim) == "precious")
        #expect(read(folder + "/out.json") == "output")
    }

    @Test func anAbandonedOutputLeavesNothing() throws {
        let path = folder + "/never.json"
        let file = try OutputFile(path: path)
        file.write(Array("half".utf8))
        file.abandon()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(leftovers().isEmpty)
    }

    @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
        let stale = folder + "/.trace.jsonl.999999999.abc123.tmp"
        FileManager.default.createFile(atPath: stale, contents: Data("torn".utf8))
        try OutputFile.write(Array("ok".utf8), to: folder + "/trace.jsonl")
        #expect(!FileManager.default.fileExists(atPath: stale))
    }

    @Test func aFolderIsListedOnceAndEachNamesStaleTemporariesGoWhenThatNameIsWritten() throws {
        let staleReport = folder + "/.report.html.999999999.ff.tmp"
        let staleDotted = folder + "/.run.1.jsonl.999999998.1a2b.tmp"
        let live = folder + "/.report.html.\(getpid()).ee.tmp"   // this process runs: not stale
        for path in [staleReport, staleDotted, live] { FileManager.default.createFile(atPath: path, contents: Data("torn".utf8)) }
        try OutputFile.write(Array("a".utf8), to: folder + "/first.json")
        #expect(FileManager.default.fileExists(atPath: staleReport), "only the written name's temporaries go")
        try OutputFile.write(Array("b".utf8), to: folder + "/report.html")
        #expect(!FileManager.default.fileExists(atPath: staleReport))
        #expect(FileManager.default.fileExists(atPath: live))
        try OutputFile.write(Array("c".utf8), to: folder + "/run.1.jsonl")
        #expect(!FileManager.default.fileExists(atPath: staleDotted), "names with dots")
        // Left after the folder was listed: the next process removes it, this one no longer looks.
        let later = folder + "/.late.json.999999997.cd.tmp"
        FileManager.default.createFile(atPath: later, contents: Data("torn".utf8))
        try OutputFile.write(Array("d".utf8), to: folder + "/late.json")
        #expect(FileManager.default.fileExists(atPath: later))
    }

    @Test func sameFileSeesThroughLinksAndRelativeSpellings() throws {
        let real = folder + "/a.json"
        try OutputFile.write([1], to: real)
        symlink(real, folder + "/b.json")
        #expect(OutputFile.sameFile(real, folder + "/b.json"))
        #expect(OutputFile.sameFile(real, folder + "/./a.json"))
        #expect(!OutputFile.sameFile(real, folder + "/c.json"))
    }
}
