import Synchronization

/// Frames rendered from a simulated `ReaderScene`: symbols placed in the field of view, zoom, light and focus applied.
public struct SceneFrameSource: CameraFrameSource {
    public var scene: ReaderScene
    private let camera: SceneCamera
    /// The last frame rendered, shared by copies: a still scene is rendered once, not 30 times a second of rig time.
    private let lastFrame = LastFrame()

    /// Renders `scene` with the frame synthesizer seeded with `seed`.
    public init(_ scene: ReaderScene, seed: UInt64) {
        self.scene = scene
        camera = SceneCamera(seed: seed)
    }

    /// The same scene whatever the index: a still scene gives the same frame until the settings change.
    public func frame(_ index: Int, _ settings: SceneCamera.Settings) -> CameraFrame? {
        let key = "scene \(scene) \(settings.width)x\(settings.height) zoom \(settings.zoomPercent) "
            + "light \(settings.illumination) fixedFocus \(settings.fixedFocus)"
        if let hit = lastFrame.frame.withLock({ $0 }), hit.key == key { return hit }
        let frame = CameraFrame(image: camera.frame(scene, settings), key: key)
        lastFrame.frame.withLock { $0 = frame }
        return frame
    }
}

/// The memo behind `SceneFrameSource`: rendering is a pure function of the scene, the seed and the settings, so a frame
/// with the key of the last one is that one.
private final class LastFrame: Sendable {
    let frame = Mutex<CameraFrame?>(nil)
}
