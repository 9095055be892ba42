/// Frames rendered from a simulated `ReaderScene`: symbols placed in the field of view, zoom, light and focus applied.
public struct SceneFrameSource: CameraFrameSource {
    public var scene: ReaderScene
    private let camera: SceneCamera

    /// Renders `scene` with the frame synthesizer seeded with `seed`.
    public init(_ scene: ReaderScene, seed: UInt64) {
        self.scene = scene
        camera = SceneCamera(seed: seed)
    }

    /// The same scene whatever the index: a still scene gives the same frame until the settings change.
    public func frame(_ index: Int, _ settings: SceneCamera.Settings) -> CameraFrame? {
        CameraFrame(image: camera.frame(scene, settings), key: "scene \(scene) \(settings.width)x\(settings.height) zoom \(settings.zoomPercent) "
                    + "light \(settings.illumination) fixedFocus \(settings.fixedFocus)")
    }
}
