// `import RigKitBlueZ` gives the BlueZ backend (central, peripheral, broadcasts) next to its plug-in.
@_exported import BlueZ
