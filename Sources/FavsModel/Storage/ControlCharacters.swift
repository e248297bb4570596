/// The control characters, defined once: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
///
/// These are Unicode's general category Cc. A terminal acts on them instead of showing them (ESC and the C1
/// CSI U+009B start escape sequences, CR lets later text overwrite earlier text), so everything that puts
/// text from a file on a screen, or in a file someone may `cat`, escapes or replaces exactly these.
extension Unicode.Scalar {
    /// Whether this is a control character: C0, DEL or C1.
    @inlinable public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// The control character that UTF-8 `bytes` hold at `index`, and its length: 1 byte for C0 and DEL,
    /// 2 for C1 (`C2 80`–`C2 9F`); nil when the bytes there hold anything else.
    ///
    /// For loops over the bytes of large texts (a million rows' fields), which cannot afford decoding scalars.
    @inlinable public static func controlCharacter(inUTF8 bytes: UnsafeBufferPointer<UInt8>,
                                                   at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let byte = bytes[index]
        if byte < 0x80 {
            let scalar = Unicode.Scalar(byte)
            return scalar.isControlCharacter ? (scalar, 1) : nil
        }
        // `C2 xx` is U+00xx for xx from 80 to BF: a control when that scalar is one.
        guard byte == 0xC2, index + 1 < bytes.count else { return nil }
        let scalar = Unicode.Scalar(bytes[index + 1])
        return scalar.isControlCharacter ? (scalar, 2) : nil
    }

    /// Whether a UTF-8 byte may start a control character: it is one (C0 or DEL), or it is 0xC2, which leads
    /// every C1 control (and the other scalars up to U+00BF: look at the next byte to know).
    ///
    /// Lets a scan over bytes skip text that holds no control character without decoding it.
    @inlinable public static func mayStartControlCharacter(utf8 byte: UInt8) -> Bool {
        byte < 0x80 ? Unicode.Scalar(byte).isControlCharacter : byte == 0xC2
    }
}
