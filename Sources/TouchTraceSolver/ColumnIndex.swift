/// Per symbol, the slots of the rows that may contain it (the tableau's column index): entries in
/// the order they were added, stale entries and repeats allowed (readers check the row).
///
/// One pool of entries for every symbol, each column a linked list through it, instead of an
/// array per symbol: a 1,000-view Auto Layout scene has some 15,000 symbols, and an array each
/// was an allocation per symbol to make, a retain per symbol whenever a kept solver is copied
/// (copy-on-write, once per request that continues it) and a release per symbol to free it
/// (issue 27). Entries of a cleared column go to a free list and are reused.
struct ColumnIndex: Sendable {
    /// Per symbol: its first and last entry, or −1.
    private(set) var head: [Int32] = []
    private var tail: [Int32] = []
    /// Per entry: the row slot, and the next entry of the same column (or −1). The two arrays are
    /// grown ``entryChunk`` entries at a time and may hold more than ``entryCount`` entries (those
    /// past it are unused): a new entry is written in place instead of appended to both, each
    /// append checking its array's uniqueness and capacity (issue 27, branch perf30).
    private(set) var slot: [Int32] = []
    private(set) var next: [Int32] = []
    /// Entries made so far (in use or free).
    private(set) var entryCount = 0
    /// Unused entries added at a time when the arrays are full.
    static let entryChunk = 256
    /// The first free entry (linked through `next`), or −1.
    private var free: Int32 = -1

    /// Makes room for `symbols` columns and `entries` entries in all without growing.
    mutating func reserveCapacity(symbols: Int, entries: Int) {
        head.reserveCapacity(symbols)
        tail.reserveCapacity(symbols)
        slot.reserveCapacity(entries)
        next.reserveCapacity(entries)
    }

    /// Adds `k` empty columns (for symbols to come).
    mutating func appendSymbols(_ k: Int) {
        head.append(contentsOf: repeatElement(-1, count: k))
        tail.append(contentsOf: repeatElement(-1, count: k))
    }

    /// Adds `rowSlot` at the end of `s`'s column.
    @inline(__always)
    mutating func append(_ s: Int32, _ rowSlot: Int32) {
        let e = newEntry(rowSlot)
        let t = tail[Int(s)]
        if t >= 0 { next[Int(t)] = e } else { head[Int(s)] = e }
        tail[Int(s)] = e
    }

    /// Adds `rowSlot` at the end of the column of each of `symbols` (`k` of them), in order: the
    /// same entries, in the same columns, as ``append(_:_:)`` for each symbol in turn, with the
    /// arrays' uniqueness checked once for the whole row instead of four times per cell (issue 27:
    /// a row's cells are indexed when it is stored, and a substitution's new cells).
    @inline(__always)
    mutating func append<S: Sequence<Int32>>(_ symbols: S, count k: Int, slot rowSlot: Int32) {
        guard k > 0 else { return }
        // The first `reuse` symbols take entries of the free list, in its order; the rest take new
        // entries past `entryCount`, made room for first.
        var reuse = 0
        var f = free
        while f >= 0 && reuse < k {
            reuse += 1
            f = next[Int(f)]
        }
        var fresh = Int32(entryCount)
        if reuse < k { makeRoom(for: k - reuse) }
        var freeHead = free
        slot.withUnsafeMutableBufferPointer { sl in
            next.withUnsafeMutableBufferPointer { nx in
                head.withUnsafeMutableBufferPointer { hd in
                    tail.withUnsafeMutableBufferPointer { tl in
                        for s in symbols {
                            let e: Int32
                            if freeHead >= 0 {
                                e = freeHead
                                freeHead = nx[Int(e)]
                                sl[Int(e)] = rowSlot
                                nx[Int(e)] = -1
                            } else {
                                e = fresh
                                fresh += 1
                                sl[Int(e)] = rowSlot
                                nx[Int(e)] = -1
                            }
                            let t = tl[Int(s)]
                            if t >= 0 { nx[Int(t)] = e } else { hd[Int(s)] = e }
                            tl[Int(s)] = e
                        }
                    }
                }
            }
        }
        free = freeHead
        entryCount = Int(fresh)
    }

    @inline(__always)
    private mutating func newEntry(_ rowSlot: Int32) -> Int32 {
        if free >= 0 {
            let e = free
            free = next[Int(e)]
            slot[Int(e)] = rowSlot
            next[Int(e)] = -1
            return e
        }
        makeRoom(for: 1)
        let e = Int32(entryCount)
        entryCount += 1
        slot[Int(e)] = rowSlot
        next[Int(e)] = -1
        return e
    }

    /// Makes sure the arrays hold `n` entries past ``entryCount`` (the caller writes them and
    /// counts them).
    @inline(__always)
    private mutating func makeRoom(for n: Int) {
        let needed = entryCount + n - slot.count
        if needed > 0 {
            let k = max(needed, Self.entryChunk)
            slot.append(contentsOf: repeatElement(-1, count: k))
            next.append(contentsOf: repeatElement(-1, count: k))
        }
    }

    /// Empties `s`'s column.
    mutating func clear(_ s: Int32) {
        let h = detach(s)
        release(h)
    }

    /// Takes `s`'s column out (the column is empty afterwards) and returns its first entry; walk
    /// it with ``slot`` and ``next``, and give every entry back with ``release(_:)`` or
    /// ``releaseEntry(_:)``.
    @inline(__always)
    mutating func detach(_ s: Int32) -> Int32 {
        let h = head[Int(s)]
        head[Int(s)] = -1
        tail[Int(s)] = -1
        return h
    }

    /// Gives back a detached chain of entries, from `first` to its end.
    mutating func release(_ first: Int32) {
        var e = first
        while e >= 0 {
            let n = next[Int(e)]
            next[Int(e)] = free
            free = e
            e = n
        }
    }

    /// Gives back one detached entry (its `next` must have been read already).
    @inline(__always)
    mutating func releaseEntry(_ e: Int32) {
        next[Int(e)] = free
        free = e
    }

    /// Puts the detached chain `first`…`last` (linked through ``next``, `last`'s next −1) in front
    /// of whatever `s`'s column holds now.
    mutating func prepend(_ s: Int32, first: Int32, last: Int32) {
        guard first >= 0 else { return }
        let h = head[Int(s)]
        next[Int(last)] = h
        if h < 0 { tail[Int(s)] = last }
        head[Int(s)] = first
    }

    /// Links entry `e` after `last` in a chain being built (`last` −1: `e` starts it); `e`'s next
    /// becomes −1.
    @inline(__always)
    mutating func link(_ e: Int32, after last: Int32) {
        next[Int(e)] = -1
        if last >= 0 { next[Int(last)] = e }
    }

    /// The slots of `s`'s column, in order (a copy, for loops that change the tableau).
    func slots(of s: Int32) -> [Int32] {
        var out: [Int32] = []
        var e = head[Int(s)]
        while e >= 0 {
            out.append(slot[Int(e)])
            e = next[Int(e)]
        }
        return out
    }

    /// Whether some slot of `s`'s column satisfies `predicate`.
    @inline(__always)
    func contains(_ s: Int32, where predicate: (Int32) -> Bool) -> Bool {
        var e = head[Int(s)]
        while e >= 0 {
            if predicate(slot[Int(e)]) { return true }
            e = next[Int(e)]
        }
        return false
    }

    /// Calls `body` with every slot of `s`'s column, in order.
    @inline(__always)
    func forEach(_ s: Int32, _ body: (Int32) -> Void) {
        var e = head[Int(s)]
        while e >= 0 {
            body(slot[Int(e)])
            e = next[Int(e)]
        }
    }
}
