import TouchTraceEngine

/// Sentry's `view-hierarchy.json` read straight from its bytes: the nodes are taken from the
/// document as a pull scanner (`SentryByteScanner`) meets them, in document order — which is the
/// tree reader's depth-first order — and each is made by the same `addNode` as the tree
/// reader's, so no `JSONValue` tree of the document is built or freed (docs/import-dumps.md#benchmark:
/// the parse and the freeing were about 30% of a Sentry import).
///
/// It reads the documents Sentry's SDKs write: each node's `children` after the members read
/// (sentry-cocoa's `SentryViewHierarchyProviderHelper` writes `type`, `identifier`, the frame,
/// `alpha`, `visible`, `view_controller`, then `children`), `rendering_system` before `windows`
/// when it names another platform. Any other document — a member read after `children`, a
/// foreign `rendering_system` after the windows, a repeated or non-ASCII key, a syntax error, a
/// limit reached, a file cut off — it leaves to the tree reader (nil), which reads it, repairs it
/// or refuses it with its message, line, column and pointer: errors come from one place, and a
/// document the byte reader reads gives the tree reader's answer (DumpByteReaderTests mutates
/// our Sentry fixtures byte by byte and compares the two).
extension SentryViewHierarchyParser {
    typealias Bail = SentryByteScanner.Bail

    /// The tree, or nil when the document is left to the tree reader (`self` is then as it was
    /// only if the caller kept a copy: `parse()` does).
    mutating func readBytes() -> DumpTree? {
        let bytes = self.bytes
        let done = bytes.withUnsafeBufferPointer { buffer in
            var scanner = SentryByteScanner(bytes: buffer, maxNesting: limits.maxDepth * 2 + 16)
            do {
                try readDocument(&scanner)
                return true
            } catch {
                return false
            }
        }
        return done ? tree : nil
    }

    /// `{"rendering_system": …, "windows": [node, …], …}` or `[node, …]`.
    mutating func readDocument(_ s: inout SentryByteScanner) throws(Bail) {
        switch try s.peek() {
        case SentryByteScanner.openObject:
            try s.openContainer()
            var keys: [Range<Int>] = []
            var windowsRead = false
            if try !s.closesAtOnce(SentryByteScanner.closeObject) {
                repeat {
                    let key = try s.key()
                    guard keys.count < SentryByteScanner.maxSkippedMembers, !keys.contains(where: { s.sameKey($0, key) }) else { throw Bail() }
                    keys.append(key)
                    if s.key(key, is: Self.windowsName) {
                        guard try s.peek() == SentryByteScanner.openArray else { throw Bail() }
                        checkPlatform(at: "")
                        try readNodes(&s, listPointer: "/windows")
                        windowsRead = true
                    } else if s.key(key, is: Self.renderingSystemName) {
                        let value = try s.value()
                        if case let .string(system) = value {
                            // Said before the nodes' warnings: after them, the tree reader says it.
                            guard !windowsRead || !Self.isForeign(system) else { throw Bail() }
                            renderingSystem = system
                        }
                    } else {
                        try s.skipValue()
                    }
                } while try s.next(closer: SentryByteScanner.closeObject)
            }
            guard windowsRead else { throw Bail() }
        case SentryByteScanner.openArray:
            try readNodes(&s, listPointer: "")
        default:
            throw Bail()
        }
        s.skipSpace()
        guard s.atEnd else { throw Bail() }
        warnUnknownMembers()
    }

    static let windowsName = Array("windows".utf8)
    static let renderingSystemName = Array("rendering_system".utf8)
    /// Each member's name, and its bit in a node's set of members seen.
    static let memberNames: [(name: [UInt8], member: Member, bit: UInt32)] = Member.allCases.enumerated().map { (Array($1.rawValue.utf8), $1, (1 as UInt32) << UInt32(truncatingIfNeeded: $0)) }

    /// A list of nodes being read: the windows, or a node's children.
    struct NodeList {
        /// The node whose children these are (nil: the windows), and the members it had before them.
        var parent: Int?
        var parentMembers: UInt32
        /// The depth of the nodes in the list.
        var depth: Int
        var count = 0
        /// The length of the list's JSON pointer in `path`.
        var pathLength: Int
    }

    /// The nodes of the array at the scanner (the windows, at `listPointer`) and all below them.
    mutating func readNodes(_ s: inout SentryByteScanner, listPointer: String) throws(Bail) {
        var path = Array(listPointer.utf8)
        try s.openContainer()
        var lists = [NodeList(parent: nil, parentMembers: 0, depth: 0, pathLength: path.count)]
        while let list = lists.last {
            let more = list.count == 0 ? try !s.closesAtOnce(SentryByteScanner.closeArray) : try s.next(closer: SentryByteScanner.closeArray)
            if !more {
                lists.removeLast()
                if list.parent != nil { try finishNode(&s, members: list.parentMembers) }
                continue
            }
            lists[lists.count - 1].count += 1
            path.removeSubrange(list.pathLength...)
            path.append(UInt8(ascii: "/"))
            Self.appendDecimal(list.count, to: &path)
            let pointer = String(decoding: path, as: UTF8.self)
            guard try s.peek() == SentryByteScanner.openObject else {
                let value = try s.value()
                warnings.add(
                    ImportWarning(.invalidValue, "a node of the hierarchy is \(value.typeName), not an object: skipped", lost: "that node", pointer: pointer))
                continue
            }
            // The node's members up to its `children` array, or all of them.
            try s.openContainer()
            var fields = Fields()
            var unknown: [String] = []
            var unknownKeys: [Range<Int>] = []
            var members: UInt32 = 0
            var childrenFollow = false
            if try !s.closesAtOnce(SentryByteScanner.closeObject) {
                repeat {
                    let key = try s.key()
                    guard let (member, bit) = Self.member(key, in: s) else {
                        guard unknownKeys.count < SentryByteScanner.maxSkippedMembers, !unknownKeys.contains(where: { s.sameKey($0, key) }) else { throw Bail() }
                        unknownKeys.append(key)
                        unknown.append(s.keyText(key))
                        try s.skipValue()
                        continue
                    }
                    guard members & bit == 0 else { throw Bail() }
                    members |= bit
                    if member.isIgnored {
                        try s.skipValue()
                    } else if member == .children, try s.peek() == SentryByteScanner.openArray {
                        fields.children = .array([])
                        childrenFollow = true
                        break
                    } else {
                        fields.set(member, try s.value())
                    }
                } while try s.next(closer: SentryByteScanner.closeObject)
            }
            let added: (index: Int, readChildren: Bool)?
            do {
                added = try addNode(fields, unknown: unknown, pointer: pointer, parent: list.parent, depth: list.depth)
            } catch {
                throw Bail()
            }
            guard childrenFollow else { continue }
            guard let (index, _) = added else {
                // Sentry's truncation marker: nothing below it is read.
                try s.skipValue()
                try finishNode(&s, members: members)
                continue
            }
            try s.openContainer()
            path.append(contentsOf: Self.childrenSegment)
            lists.append(NodeList(parent: index, parentMembers: members, depth: list.depth + 1, pathLength: path.count))
        }
    }

    static let childrenSegment = Array("/children".utf8)

    /// A node's members after its `children`, and its end: only members knowingly ignored (one
    /// the tree reader reads would have changed the node, or the order of the warnings).
    func finishNode(_ s: inout SentryByteScanner, members: UInt32) throws(Bail) {
        var members = members
        while try s.next(closer: SentryByteScanner.closeObject) {
            let key = try s.key()
            guard let (member, bit) = Self.member(key, in: s), member.isIgnored else { throw Bail() }
            guard members & bit == 0 else { throw Bail() }
            members |= bit
            try s.skipValue()
        }
    }

    /// The member a key names, and its bit; nil for a key not read nor knowingly ignored.
    static func member(_ key: Range<Int>, in s: SentryByteScanner) -> (Member, UInt32)? {
        for (name, member, bit) in memberNames where s.key(key, is: name) { return (member, bit) }
        return nil
    }

    /// `n`'s decimal digits appended, as `"\(n)"` writes them.
    static func appendDecimal(_ n: Int, to bytes: inout [UInt8]) {
        guard n >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n))
            return
        }
        appendDecimal(n / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10))
    }
}
