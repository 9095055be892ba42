import ATT

/// The central role: scanning for advertisements and opening ATT bearers to peripherals.
///
/// The simulated radio implements it in memory; BlueZ implements it on a real adapter.
public protocol BLECentral: Sendable {
    /// Listens for `duration` and returns what was advertising, one result per address.
    func scan(for duration: Duration) async throws -> [ScanResult]
    /// Connects to the peripheral at `address`; `name` labels the link in the trace.
    func openBearer(to address: String, name: String) async throws(LinkError) -> any ATTBearer
}

/// One advertisement as a scan reports it.
public struct ScanResult: Sendable, Equatable {
    public init(address: String, rssi: Int, advertisingBytes: [UInt8], data: AdvertisingData) {
        self.address = address
        self.rssi = rssi
        self.advertisingBytes = advertisingBytes
        self.data = data
    }

    public var address: String
    public var rssi: Int
    /// The raw AD structures, as a controller reports them.
    public var advertisingBytes: [UInt8]
    /// The decoded advertising data.
    public var data: AdvertisingData
}

