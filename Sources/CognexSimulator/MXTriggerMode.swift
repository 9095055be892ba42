/// What `TRIGGER ON` (the SDK's `startScanning()`) does on a simulated MX reader.
public enum MXTriggerMode: String, Sendable, Equatable, CaseIterable {
    /// `TRIGGER ON` starts a scan at once (a software trigger, as DMCC defines it); the physical trigger scans any time.
    case software
    /// The seed's reading of the MX workflow: `TRIGGER ON` only arms the reader; the user's physical trigger then starts
    /// a scan and releasing it ends one that has not read. `TRIGGER OFF` disarms (ending a scan); unarmed, the trigger does nothing.
    case armed
}
