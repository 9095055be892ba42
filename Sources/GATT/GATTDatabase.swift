import ATT

/// What a characteristic allows (the properties byte of its declaration).
public struct CharacteristicProperties: OptionSet, Sendable, Hashable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let broadcast = Self(rawValue: 0x01)
    public static let read = Self(rawValue: 0x02)
    public static let writeWithoutResponse = Self(rawValue: 0x04)
    public static let write = Self(rawValue: 0x08)
    public static let notify = Self(rawValue: 0x10)
    public static let indicate = Self(rawValue: 0x20)
}

/// A characteristic a simulator serves.
public struct CharacteristicDefinition: Sendable {
    public var uuid: BluetoothUUID
    public var properties: CharacteristicProperties
    /// The value before anyone writes it.
    public var value: [UInt8]
    public init(_ uuid: BluetoothUUID, properties: CharacteristicProperties, value: [UInt8] = []) {
        self.uuid = uuid
        self.properties = properties
        self.value = value
    }
}

/// A primary service a simulator serves.
public struct ServiceDefinition: Sendable {
    public var uuid: BluetoothUUID
    public var characteristics: [CharacteristicDefinition]
    public init(_ uuid: BluetoothUUID, _ characteristics: [CharacteristicDefinition]) {
        self.uuid = uuid
        self.characteristics = characteristics
    }
}

/// One row of an attribute table.
public struct Attribute: Sendable {
    /// What the attribute is, for permission checks.
    public enum Role: Sendable, Equatable {
        case serviceDeclaration(end: UInt16)
        case characteristicDeclaration
        case characteristicValue(CharacteristicProperties)
        case clientConfiguration(valueHandle: UInt16)
    }
    public var handle: UInt16
    public var type: BluetoothUUID
    public var value: [UInt8]
    public var role: Role
}

/// The attribute table built from service definitions: handles from 1 in declaration order.
///
/// Each service gets a declaration; each characteristic a declaration, a value
/// and, when it notifies or indicates, a CCCD.
public struct GATTDatabase: Sendable {
    public private(set) var attributes: [Attribute] = []
    private var valueHandles: [BluetoothUUID: UInt16] = [:]

    public init(_ services: [ServiceDefinition]) {
        var handle: UInt16 = 1
        for service in services {
            let serviceIndex = attributes.count
            attributes.append(Attribute(handle: handle, type: .primaryService, value: service.uuid.littleEndian, role: .serviceDeclaration(end: 0)))
            handle += 1
            for characteristic in service.characteristics {
                let valueHandle = handle + 1
                var declaration = [characteristic.properties.rawValue, UInt8(valueHandle & 0xFF), UInt8(valueHandle >> 8)]
                declaration += characteristic.uuid.littleEndian
                attributes.append(Attribute(handle: handle, type: .characteristic, value: declaration, role: .characteristicDeclaration))
                attributes.append(Attribute(handle: valueHandle, type: characteristic.uuid, value: characteristic.value,
                                            role: .characteristicValue(characteristic.properties)))
                valueHandles[characteristic.uuid] = valueHandle
                handle += 2
                if !characteristic.properties.isDisjoint(with: [.notify, .indicate]) {
                    attributes.append(Attribute(handle: handle, type: .clientCharacteristicConfiguration, value: [0, 0],
                                                role: .clientConfiguration(valueHandle: valueHandle)))
                    handle += 1
                }
            }
            attributes[serviceIndex].role = .serviceDeclaration(end: handle - 1)
        }
    }

    /// The value handle of the characteristic `uuid`.
    public func valueHandle(of uuid: BluetoothUUID) -> UInt16? { valueHandles[uuid] }

    /// The attribute at `handle`.
    public func attribute(_ handle: UInt16) -> Attribute? {
        guard handle >= 1, Int(handle) <= attributes.count else { return nil }
        return attributes[Int(handle) - 1]
    }

    /// Replaces the value at `handle`.
    public mutating func setValue(_ value: [UInt8], at handle: UInt16) {
        guard handle >= 1, Int(handle) <= attributes.count else { return }
        attributes[Int(handle) - 1].value = value
    }

    /// Attributes with handles in `start...end`.
    public func range(_ start: UInt16, _ end: UInt16) -> ArraySlice<Attribute> {
        let lower = max(Int(start), 1) - 1
        let upper = min(Int(end), attributes.count)
        guard lower < upper else { return [] }
        return attributes[lower..<upper]
    }
}
