import TouchTraceEngine

/// A structure-aware mutator for the harnesses whose input is JSON (scenes, requests, Figma
/// files): libFuzzer's byte mutations rarely keep a document valid, so most inputs stop at the
/// parser. This one parses the input and changes the tree the way hostile inputs do — numbers
/// at the edges of `Int` and `Double`, a list item repeated many times, a subtree nested inside
/// itself, a member deleted or duplicated, a string swapped for another of the document — and
/// writes it back; anything it cannot parse goes to libFuzzer's own mutator. A harness opts in
/// with one line (see docs/fuzzing.md):
///
/// ```swift
/// @_cdecl("LLVMFuzzerCustomMutator")
/// public func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
///     StructureMutator.mutate(data, size, maxSize, seed)
/// }
/// ```
public enum StructureMutator {
    static let edgeNumbers: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, 100, 1e6, 1e9, -1e9, 2_147_483_647, 2_147_483_648, 4_294_967_296, 9_007_199_254_740_993,
        9_223_372_036_854_775_807, 9_223_372_036_854_775_808, 18_446_744_073_709_551_616, 1e19, 1e100, 1e300, 1.7976931348623157e308,
        -1.7976931348623157e308, 1e-300, 5e-324, 1e-9, 0.01, 0.009, 44,
    ]
    static let knobs = [
        "steps", "count", "duration", "index", "at", "numberOfSegments", "numberOfPages", "selectedSegmentIndex", "stepValue",
        "numberOfTapsRequired", "minimumPressDuration", "spacing", "multiplier", "constant", "priority", "width", "height", "x", "y",
        "rotation", "scaleX", "a", "d", "tx", "level", "zPosition", "font", "cornerRadius", "t", "touch",
    ]

    public static func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
        guard let data else { return 0 }
        var rng = SplitMix(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        guard rng.next() % 8 != 0, var value = try? JSONParser(maxNesting: 256).parse(bytes) else {
            return LLVMFuzzerMutate(data, size, maxSize)
        }
        for _ in 0..<(1 + Int(rng.next() % 3)) { value = mutate(value, &rng, strings: strings(in: value)) }
        let out = JSONWriter().bytes(value)
        guard out.count <= maxSize else { return LLVMFuzzerMutate(data, size, maxSize) }
        out.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: out.count) }
        return out.count
    }

    /// One mutation at a node chosen uniformly-ish along a random path.
    static func mutate(_ value: JSONValue, _ rng: inout SplitMix, strings: [String]) -> JSONValue {
        // Descend with probability 3/4 while there are children.
        switch value {
        case let .array(items) where !items.isEmpty && rng.next() % 4 != 0:
            var items = items
            let i = Int(rng.next() % UInt64(items.count))
            items[i] = mutate(items[i], &rng, strings: strings)
            return .array(items)
        case let .object(members) where !members.isEmpty && rng.next() % 4 != 0:
            var members = members
            let i = Int(rng.next() % UInt64(members.count))
            members[i].value = mutate(members[i].value, &rng, strings: strings)
            return .object(members)
        default:
            return mutateHere(value, &rng, strings: strings)
        }
    }

    static func mutateHere(_ value: JSONValue, _ rng: inout SplitMix, strings: [String]) -> JSONValue {
        let edge = edgeNumbers[Int(rng.next() % UInt64(edgeNumbers.count))]
        switch (value, rng.next() % 6) {
        case (.number, _), (_, 0):
            return .number(rng.next() % 5 == 0 ? -edge : edge)
        case let (.array(items), 1) where !items.isEmpty:
            // A repeated item: wide lists (siblings, constraints, steps, points).
            let item = items[Int(rng.next() % UInt64(items.count))]
            let n = [2, 10, 100, 1000][Int(rng.next() % 4)]
            return .array(items + Array(repeating: item, count: n))
        case let (.object(members), 2) where !members.isEmpty:
            // A subtree nested inside itself under one of its lists (long chains).
            guard let k = members.firstIndex(where: { if case .array = $0.value { true } else { false } }) else { break }
            var chain = value
            for _ in 0..<[5, 50, 300][Int(rng.next() % 3)] {
                var outer = members
                outer[k].value = .array([chain])
                chain = .object(outer)
            }
            return chain
        case let (.object(members), 3) where !members.isEmpty:
            // A member deleted, or one of the knobs that size work planted with an edge value.
            var members = members
            if rng.next() % 2 == 0 {
                members.remove(at: Int(rng.next() % UInt64(members.count)))
            } else {
                members.append((knobs[Int(rng.next() % UInt64(knobs.count))], .number(edge)))
            }
            return .object(members)
        case (.string, 4) where !strings.isEmpty:
            return .string(strings[Int(rng.next() % UInt64(strings.count))])
        default:
            break
        }
        return [JSONValue.null, .bool(true), .string(""), .array([]), .object([]), .number(edge)][Int(rng.next() % 6)]
    }

    static func strings(in value: JSONValue) -> [String] {
        var out: [String] = []
        var stack = [value]
        while let v = stack.popLast(), out.count < 256 {
            switch v {
            case let .string(s): out.append(s)
            case let .array(items): stack += items
            case let .object(members): stack += members.map(\.value)
            default: break
            }
        }
        return out
    }

    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

/// libFuzzer's own mutator, for inputs that are not JSON.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int
