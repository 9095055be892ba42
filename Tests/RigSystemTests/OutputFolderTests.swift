import Foundation
import RigSystem
import Testing

@Suite struct OutputFolderTests {
    let parent: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("output-folder-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    func make(_ name: String, file: String, text: String) -> String {
        let path = parent + "/" + name
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path + "/" + file, contents: Data(text.utf8))
        return path
    }

    func entries() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).sorted() }

    @Test func moveIntoPlaceReplacesTheOldFolderAndLeavesNoTrash() throws {
        let target = make("bundle", file: "old.txt", text: "old")
        try OutputFolder.moveIntoPlace(make(".staging", file: "new.txt", text: "new"), at: target)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["new.txt"])
        #expect(entries() == ["bundle"])
        try OutputFolder.moveIntoPlace(make(".staging2", file: "first.txt", text: "x"), at: parent + "/fresh")
        #expect(entries() == ["bundle", "fresh"])
    }

    @Test func removeLeavesNothingAndTrashOfDeadProcessesIsSwept() {
        let target = make("run", file: "a.txt", text: "a")
        _ = make(".run.999999999.abc.removing", file: "half.txt", text: "torn")
        OutputFolder.remove(target)
        #expect(entries().isEmpty)
        OutputFolder.remove(parent + "/absent")   // nothing there: nothing happens
        #expect(entries().isEmpty)
    }
}
