// `import RigKitRoomScan` gives the room-scan SDK's types next to the family.
@_exported import RoomScan
