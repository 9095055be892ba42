import BarcodeDecoder

/// Encodes Data Matrix ECC 200 symbols.
public enum DataMatrixEncoder {
    public static func encode(_ text: String) throws(EncoderError) -> BitMatrix { throw .unsupported(.dataMatrix) }
}
