/// One Heart Rate Measurement notification (0x2A37): flags, the rate, sensor contact, energy expended, RR-intervals.
///
/// Flags: bit 0 the rate is 16-bit (else 8-bit); bits 1–2 sensor contact (bit 2 "supported", bit 1 "detected");
/// bit 3 Energy Expended present (UInt16, kJ); bit 4 RR-intervals present (UInt16 each, in 1/1024 s). Little endian.
public struct HeartRateMeasurement: Sendable, Equatable {
    /// Beats per minute.
    public var beatsPerMinute: UInt16
    /// Nil when the strap does not support contact detection; else whether the skin contact is good.
    public var sensorContact: Bool?
    /// Energy expended since the last reset, in kilojoules (saturates at 65535).
    public var energyExpended: UInt16?
    /// RR-intervals in 1/1024 s, oldest first.
    public var rrIntervals: [UInt16]

    public init(beatsPerMinute: UInt16, sensorContact: Bool? = nil, energyExpended: UInt16? = nil, rrIntervals: [UInt16] = []) {
        self.beatsPerMinute = beatsPerMinute
        self.sensorContact = sensorContact
        self.energyExpended = energyExpended
        self.rrIntervals = rrIntervals
    }

    /// RR-intervals in seconds.
    public var rrSeconds: [Double] { rrIntervals.map { Double($0) / 1024 } }

    /// The notification's bytes: an 8-bit rate when it fits, as straps send it.
    public func encode() -> [UInt8] {
        var flags: UInt8 = 0
        let wide = beatsPerMinute > 255
        if wide { flags |= 0x01 }
        if let sensorContact { flags |= 0x04 | (sensorContact ? 0x02 : 0) }
        if energyExpended != nil { flags |= 0x08 }
        if !rrIntervals.isEmpty { flags |= 0x10 }
        var out = [flags]
        if wide { out += Self.littleEndian(beatsPerMinute) } else { out.append(UInt8(beatsPerMinute)) }
        if let energyExpended { out += Self.littleEndian(energyExpended) }
        for rr in rrIntervals { out += Self.littleEndian(rr) }
        return out
    }

    /// Decodes a notification; throws on a truncated or inconsistent value.
    public static func decode(_ bytes: [UInt8]) throws(HeartRateMeasurementError) -> HeartRateMeasurement {
        guard let flags = bytes.first else { throw .truncated(bytes: bytes, needed: "the flags byte") }
        var index = 1
        func uint16(_ what: String) throws(HeartRateMeasurementError) -> UInt16 {
            guard index + 1 < bytes.count else { throw .truncated(bytes: bytes, needed: what) }
            defer { index += 2 }
            return UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
        }
        let rate: UInt16
        if flags & 0x01 != 0 {
            rate = try uint16("a 16-bit heart rate")
        } else {
            guard index < bytes.count else { throw .truncated(bytes: bytes, needed: "an 8-bit heart rate") }
            rate = UInt16(bytes[index])
            index += 1
        }
        let contact: Bool? = flags & 0x04 != 0 ? flags & 0x02 != 0 : nil
        let energy: UInt16? = flags & 0x08 != 0 ? try uint16("energy expended") : nil
        var rr: [UInt16] = []
        if flags & 0x10 != 0 {
            guard (bytes.count - index) % 2 == 0, bytes.count > index else { throw .truncated(bytes: bytes, needed: "whole RR-intervals") }
            while index < bytes.count { rr.append(try uint16("an RR-interval")) }
        } else if index != bytes.count {
            throw .trailingBytes(bytes: bytes, count: bytes.count - index)
        }
        return HeartRateMeasurement(beatsPerMinute: rate, sensorContact: contact, energyExpended: energy, rrIntervals: rr)
    }

    private static func littleEndian(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
}

/// A Heart Rate Measurement value that does not decode.
public enum HeartRateMeasurementError: Error, Equatable, CustomStringConvertible {
    case truncated(bytes: [UInt8], needed: String)
    case trailingBytes(bytes: [UInt8], count: Int)

    public var description: String {
        switch self {
        case .truncated(let bytes, let needed): "heart rate measurement of \(bytes.count) bytes ends before \(needed)"
        case .trailingBytes(let bytes, let count): "heart rate measurement of \(bytes.count) bytes has \(count) bytes its flags do not announce"
        }
    }
}
