import BarcodeDecoder

/// Where the camera reader's frames come from: a simulated scene, or recorded photos replayed through the cmbSDK workflow.
///
/// The reader asks for frame 0, 1, 2 … as its camera takes them while decoding, with the
/// camera's settings (size, zoom, illumination, focus). A source may ignore settings it cannot
/// apply (a photo is what the camera saw). Equal keys promise equal images, so the reader decodes
/// an unchanged frame once.
public protocol CameraFrameSource: Sendable {
    /// The frame numbered `index` under `settings`, or nil when the source has none (the camera sees nothing usable).
    func frame(_ index: Int, _ settings: SceneCamera.Settings) -> CameraFrame?
}

/// One camera frame and the key that identifies its content.
public struct CameraFrame: Sendable {
    public var image: GrayImage
    /// Equal for frames with equal pixels.
    public var key: String

    public init(image: GrayImage, key: String) {
        self.image = image
        self.key = key
    }
}
