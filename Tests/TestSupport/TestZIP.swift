/// ZIP archives made in the tests (PKWARE APPNOTE 6.3): real ones from parts of the corpus, and
/// hostile ones whose central directory says whatever a test needs (sizes, names, methods,
/// flags). Entries are stored, or carry raw DEFLATE data given by the test.
public struct TestZIP {
    public struct Entry {
        public var name: String
        public var data: [UInt8]
        /// Raw DEFLATE data to write instead of `data` (method 8); `data` is then what it inflates to.
        public var deflated: [UInt8]?
        public var declaredSize: Int?
        public var declaredCompressedSize: Int?
        public var crc: UInt32?
        public var method: Int?
        public var flags = 0

        public init(_ name: String, _ data: [UInt8], deflated: [UInt8]? = nil) {
            self.name = name
            self.data = data
            self.deflated = deflated
        }

        public init(_ name: String, _ text: String) {
            self.init(name, Array(text.utf8))
        }
    }

    public var entries: [Entry]
    /// Central directory entries listed beyond the real ones (an entry count that lies).
    public var declaredCount: Int?

    public init(_ entries: [Entry], declaredCount: Int? = nil) {
        self.entries = entries
        self.declaredCount = declaredCount
    }

    public var bytes: [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: Int, _ into: inout [UInt8]) { for i in 0..<4 { into.append(UInt8((v >> (8 * i)) & 0xFF)) } }
        for e in entries {
            let payload = e.deflated ?? e.data
            let method = e.method ?? (e.deflated == nil ? 0 : 8)
            let crc = Int(e.crc ?? Self.crc32(e.data))
            let size = e.declaredSize ?? e.data.count
            let compressed = e.declaredCompressedSize ?? payload.count
            let name = Array(e.name.utf8)
            let offset = out.count
            u32(0x0403_4B50, &out); u16(20, &out); u16(e.flags, &out); u16(method, &out); u16(0, &out); u16(0, &out)
            u32(crc, &out); u32(compressed, &out); u32(size, &out); u16(name.count, &out); u16(0, &out)
            out += name
            out += payload
            u32(0x0201_4B50, &central); u16(20, &central); u16(20, &central); u16(e.flags, &central); u16(method, &central)
            u16(0, &central); u16(0, &central); u32(crc, &central); u32(compressed, &central); u32(size, &central)
            u16(name.count, &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central); u32(0, &central)
            u32(offset, &central)
            central += name
        }
        let centralOffset = out.count
        out += central
        let count = declaredCount ?? entries.count
        u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out); u16(count, &out); u16(count, &out)
        u32(central.count, &out); u32(centralOffset, &out); u16(0, &out)
        return out
    }

    /// A raw DEFLATE stream (one fixed-Huffman block) that inflates to `count` zero bytes: a
    /// literal 0, then copies of length 258 at distance 1 (about 172:1), then a short copy.
    public static func zeros(_ count: Int) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ value: Int, _ n: Int) { for i in 0..<n { bits.append(value >> i & 1 == 1) } }
        func code(_ value: Int, _ n: Int) { for i in (0..<n).reversed() { bits.append(value >> i & 1 == 1) } }
        put(1, 1)  // final block
        put(1, 2)  // fixed Huffman
        code(0x30, 8)  // literal 0
        var left = count - 1
        while left >= 258 {
            code(0b1100_0101, 8)  // length code 285 (258): 8-bit code 11000101
            code(0, 5)  // distance code 0 (1)
            left -= 258
        }
        while left > 0 {
            code(0x30, 8)
            left -= 1
        }
        code(0, 7)  // end of block (256)
        var out: [UInt8] = []
        var byte: UInt8 = 0
        for (i, bit) in bits.enumerated() {
            if bit { byte |= 1 << UInt8(i % 8) }
            if i % 8 == 7 {
                out.append(byte)
                byte = 0
            }
        }
        if bits.count % 8 != 0 { out.append(byte) }
        return out
    }

    /// CRC-32 (ISO 3309), bit by bit: test data is small.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
