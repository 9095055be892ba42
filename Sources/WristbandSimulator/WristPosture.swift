/// How the wearer holds the band at rest, which sets the axis gravity shows on.
///
/// EmpaLink's axes: x points from the band's centre to the USB slot, y to the
/// shorter strap, z to the bottom of the device. Acceleration includes gravity, so
/// at rest the axis pointing at the floor reads +1 g (+64) and the others about 0.
public enum WristPosture: String, Sendable, CaseIterable {
    /// Forearm on a table, dial up: the bottom faces the floor, gravity on +z.
    case dialUp
    /// Palm up, dial facing the floor: gravity on −z.
    case dialDown
    /// The band on its side with the USB slot down: gravity on +x.
    case usbSlotDown
    /// The arm hanging with the shorter strap down: gravity on +y.
    case shortStrapDown

    /// Gravity in g on x, y, z.
    public var gravity: (x: Double, y: Double, z: Double) {
        switch self {
        case .dialUp: (0, 0, 1)
        case .dialDown: (0, 0, -1)
        case .usbSlotDown: (1, 0, 0)
        case .shortStrapDown: (0, 1, 0)
        }
    }
}
