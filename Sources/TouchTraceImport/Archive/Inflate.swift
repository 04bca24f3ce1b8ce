/// DEFLATE (RFC 1951) decompression, for the entries of a ZIP archive (`.sketch`, `.penpot`):
/// stored, fixed-Huffman and dynamic-Huffman blocks, table-driven. Bounded: it never writes more
/// than `limit` bytes (an archive's declared size can lie, so the caller passes the size it
/// checked against its limits), and every malformed stream is an error, never a trap.
enum Inflate {
    struct Failure: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The decompressed bytes of a raw DEFLATE stream; more than `limit` bytes is a failure.
    static func inflate(_ input: ArraySlice<UInt8>, limit: Int, expected: Int) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(min(max(expected, 0), limit))
        try input.withUnsafeBufferPointer { (buffer) throws(Failure) in
            var state = State(input: buffer, limit: limit)
            try state.run(into: &output)
        }
        return output
    }

    /// A canonical Huffman code as one lookup table indexed by the next `bits` input bits
    /// (least significant first, as DEFLATE packs them): entry = symbol << 4 | code length;
    /// 0 where no code matches (an incomplete code).
    struct Table {
        var entries: [UInt32]
        var bits: Int

        /// The code for these code lengths (0 = symbol unused), or a failure for an
        /// over-subscribed code.
        init(lengths: [UInt8]) throws(Failure) {
            var counts = [Int](repeating: 0, count: 16)
            for l in lengths { counts[Int(truncatingIfNeeded: l)] += 1 }
            counts[0] = 0
            var maxBits = 0
            for l in 1...15 where counts[l] > 0 { maxBits = l }
            var left = 1
            for l in 1...15 {
                left <<= 1
                left -= counts[l]
                if left < 0 { throw Failure("over-subscribed Huffman code") }
            }
            bits = max(maxBits, 1)
            entries = [UInt32](repeating: 0, count: 1 << bits)
            // RFC 1951 3.2.2: the first code of each length.
            var next = [Int](repeating: 0, count: 16)
            var code = 0
            for l in 1...15 {
                code = (code + counts[l - 1]) << 1
                next[l] = code
            }
            let size = 1 << bits
            for (symbol, l8) in lengths.enumerated() where l8 > 0 {
                let l = Int(truncatingIfNeeded: l8)
                let c = next[l]
                next[l] += 1
                var reversed = 0
                for i in 0..<l where c & (1 << i) != 0 { reversed |= 1 << (l - 1 - i) }
                let entry = UInt32(truncatingIfNeeded: symbol) << 4 | UInt32(truncatingIfNeeded: l)
                var index = reversed
                while index < size {
                    entries[index] = entry
                    index += 1 << l
                }
            }
        }
    }

    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
        12289, 16385, 24577,
    ]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order in which a dynamic block sends the code lengths of the code-length code.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static let fixedTables: (Table, Table)? = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        guard let literals = try? Table(lengths: lengths), let distances = try? Table(lengths: [UInt8](repeating: 5, count: 30)) else {
            return nil
        }
        return (literals, distances)
    }()

    struct State {
        let input: UnsafeBufferPointer<UInt8>
        let limit: Int
        var position = 0
        var bitBuffer: UInt64 = 0
        var bitCount = 0

        init(input: UnsafeBufferPointer<UInt8>, limit: Int) {
            self.input = input
            self.limit = limit
        }

        /// Tops the bit buffer up to at least 56 bits while input remains (past the end, zeros:
        /// `need` reports reading beyond it).
        @inline(__always)
        mutating func refill() {
            while bitCount <= 56 {
                guard position < input.count else { return }
                bitBuffer |= UInt64(truncatingIfNeeded: input[position]) << UInt64(truncatingIfNeeded: bitCount)
                position += 1
                bitCount += 8
            }
        }

        @inline(__always)
        mutating func bits(_ n: Int) throws(Failure) -> Int {
            if bitCount < n {
                refill()
                if bitCount < n { throw Failure("the compressed data ends early") }
            }
            let value = Int(truncatingIfNeeded: bitBuffer & ((1 << UInt64(truncatingIfNeeded: n)) - 1))
            bitBuffer >>= UInt64(truncatingIfNeeded: n)
            bitCount -= n
            return value
        }

        @inline(__always)
        mutating func decode(_ table: Table) throws(Failure) -> Int {
            if bitCount < table.bits { refill() }
            let entry = table.entries[Int(truncatingIfNeeded: bitBuffer & UInt64(truncatingIfNeeded: (1 << table.bits) - 1))]
            let length = Int(truncatingIfNeeded: entry & 15)
            guard length > 0, length <= bitCount else {
                throw Failure(length == 0 ? "an invalid Huffman code" : "the compressed data ends early")
            }
            bitBuffer >>= UInt64(truncatingIfNeeded: length)
            bitCount -= length
            return Int(truncatingIfNeeded: entry >> 4)
        }

        mutating func run(into output: inout [UInt8]) throws(Failure) {
            var last = false
            while !last {
                last = try bits(1) == 1
                switch try bits(2) {
                case 0: try stored(into: &output)
                case 1:
                    guard let (literals, distances) = Inflate.fixedTables else { throw Failure("internal: fixed tables") }
                    try codes(literals, distances, into: &output)
                case 2:
                    let (literals, distances) = try dynamicTables()
                    try codes(literals, distances, into: &output)
                default: throw Failure("a block of the reserved type 3")
                }
            }
        }

        mutating func stored(into output: inout [UInt8]) throws(Failure) {
            // Drop to a byte boundary, then LEN and NLEN.
            let skip = bitCount % 8
            bitBuffer >>= UInt64(truncatingIfNeeded: skip)
            bitCount -= skip
            let length = try bits(16)
            let complement = try bits(16)
            guard length == ~complement & 0xFFFF else { throw Failure("a stored block's length does not match its complement") }
            // Whole bytes still in the bit buffer come first.
            var remaining = length
            while remaining > 0, bitCount >= 8 {
                try append(UInt8(truncatingIfNeeded: try bits(8)), to: &output)
                remaining -= 1
            }
            guard remaining <= input.count - position else { throw Failure("the compressed data ends early") }
            guard output.count + remaining <= limit else { throw Failure("the entry inflates to more than \(limit) bytes") }
            output.append(contentsOf: input[position..<(position + remaining)])
            position += remaining
        }

        @inline(__always)
        mutating func append(_ byte: UInt8, to output: inout [UInt8]) throws(Failure) {
            guard output.count < limit else { throw Failure("the entry inflates to more than \(limit) bytes") }
            output.append(byte)
        }

        mutating func dynamicTables() throws(Failure) -> (Table, Table) {
            let literalCount = try bits(5) + 257
            let distanceCount = try bits(5) + 1
            let codeLengthCount = try bits(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else { throw Failure("a dynamic block declares too many codes") }
            var codeLengthLengths = [UInt8](repeating: 0, count: 19)
            for i in 0..<codeLengthCount { codeLengthLengths[Inflate.codeLengthOrder[i]] = UInt8(truncatingIfNeeded: try bits(3)) }
            let codeLengths = try Table(lengths: codeLengthLengths)
            var lengths: [UInt8] = []
            lengths.reserveCapacity(literalCount + distanceCount)
            while lengths.count < literalCount + distanceCount {
                let symbol = try decode(codeLengths)
                switch symbol {
                case 0...15: lengths.append(UInt8(truncatingIfNeeded: symbol))
                case 16:
                    guard let previous = lengths.last else { throw Failure("a repeat with no previous code length") }
                    lengths.append(contentsOf: repeatElement(previous, count: 3 + (try bits(2))))
                case 17: lengths.append(contentsOf: repeatElement(0, count: 3 + (try bits(3))))
                default: lengths.append(contentsOf: repeatElement(0, count: 11 + (try bits(7))))
                }
            }
            guard lengths.count == literalCount + distanceCount else { throw Failure("code lengths run past their count") }
            guard lengths[256] != 0 else { throw Failure("a dynamic block without an end-of-block code") }
            let literals = try Table(lengths: Array(lengths[0..<literalCount]))
            let distances = try Table(lengths: Array(lengths[literalCount...]))
            return (literals, distances)
        }

        mutating func codes(_ literals: Table, _ distances: Table, into output: inout [UInt8]) throws(Failure) {
            while true {
                let symbol = try decode(literals)
                if symbol < 256 {
                    try append(UInt8(truncatingIfNeeded: symbol), to: &output)
                    continue
                }
                if symbol == 256 { return }
                let index = symbol - 257
                guard index < 29 else { throw Failure("an invalid length code") }
                let length = Inflate.lengthBase[index] + (try bits(Inflate.lengthExtra[index]))
                let d = try decode(distances)
                guard d < 30 else { throw Failure("an invalid distance code") }
                let distance = Inflate.distanceBase[d] + (try bits(Inflate.distanceExtra[d]))
                guard distance <= output.count else { throw Failure("a distance reaches before the start of the data") }
                guard output.count + length <= limit else { throw Failure("the entry inflates to more than \(limit) bytes") }
                var from = output.count - distance
                for _ in 0..<length {
                    output.append(output[from])
                    from += 1
                }
            }
        }
    }
}

/// CRC-32 (ISO 3309, the ZIP checksum) of some bytes.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(truncatingIfNeeded: n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            table.withUnsafeBufferPointer { t in
                for b in buffer { crc = t[Int(truncatingIfNeeded: (crc ^ UInt32(truncatingIfNeeded: b)) & 0xFF)] ^ (crc >> 8) }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
