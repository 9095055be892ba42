import BarcodeDecoder
import CognexCore
import Foundation
import ImageIO

/// Camera frames from image files (PNG, JPEG, PGM), so recorded photos replay through the camera reader's workflow.
///
/// Frame `i` is photo `i mod count`: the camera "sees" the photos one per frame, in order, looping,
/// and a scan continues from where the last one stopped. The camera's settings do not change a
/// photo (zoom, light, focus and orientation are what they were when it was taken).
public struct PhotoFrameSource: CameraFrameSource {
    /// The photos' paths, in replay order.
    public let paths: [String]
    private let images: [GrayImage]

    /// Loads the photos at `paths`, in that order; fails naming the first that cannot be read.
    public init(paths: [String]) throws(ImageFileError) {
        guard !paths.isEmpty else { throw .unreadable(path: "(no photos)", reason: "a photo source needs at least one image file") }
        var images: [GrayImage] = []
        for path in paths { images.append(try ImageFile.load(path: path)) }
        self.paths = paths
        self.images = images
    }

    /// Loads every `.png`, `.jpg`, `.jpeg` and `.pgm` file in `folder`, sorted by name.
    public init(folder: String) throws(ImageFileError) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .unreadable(path: folder, reason: "cannot list the folder: \(error.localizedDescription)")
        }
        let photos = names.filter { name in [".png", ".jpg", ".jpeg", ".pgm"].contains { name.lowercased().hasSuffix($0) } }.sorted()
        guard !photos.isEmpty else { throw .unreadable(path: folder, reason: "no .png, .jpg, .jpeg or .pgm file in the folder") }
        try self.init(paths: photos.map { URL(fileURLWithPath: folder).appendingPathComponent($0).path })
    }

    public func frame(_ index: Int, _ settings: SceneCamera.Settings) -> CameraFrame? {
        let i = index % images.count
        return CameraFrame(image: images[i], key: "photo \(paths[i])")
    }
}
