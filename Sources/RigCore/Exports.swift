// RigCore hands out the one safe writer with its error, so every target that writes files uses the same one.
@_exported import RigSystem
