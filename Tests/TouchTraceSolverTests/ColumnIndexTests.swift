import Testing
@testable import TouchTraceSolver

/// The solver's column index (issue 27: one pool of entries instead of an array per symbol)
/// keeps each column's slots in the order they were added, whatever the other columns do, and
/// reuses the entries of cleared columns; checked against an array per symbol, as it was.
@Suite struct ColumnIndexTests {
    @Test func behavesAsAnArrayPerSymbol() {
        var index = ColumnIndex()
        var arrays: [[Int32]] = []
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<8 {
            index.appendSymbols(1)
            arrays.append([])
        }
        for step in 0..<5_000 {
            let s = Int32(next(arrays.count))
            switch next(10) {
            case 0:
                index.clear(s)
                arrays[Int(s)] = []
            case 1:
                // Taken out, walked, some entries kept in front of what is added meanwhile (the
                // shape of `forEachRow(containing:)`).
                var e = index.detach(s)
                var first: Int32 = -1, last: Int32 = -1
                var kept: [Int32] = []
                while e >= 0 {
                    let entry = e
                    e = index.next[Int(entry)]
                    let slot = index.slot[Int(entry)]
                    if slot % 3 == 0 {
                        index.releaseEntry(entry)
                        continue
                    }
                    index.link(entry, after: last)
                    if first < 0 { first = entry }
                    last = entry
                    kept.append(slot)
                }
                let added = Int32(step)
                index.append(s, added)
                index.prepend(s, first: first, last: last)
                arrays[Int(s)] = kept + [added]
            case 2:
                index.appendSymbols(1)
                arrays.append([])
            default:
                let slot = Int32(next(100))
                index.append(s, slot)
                arrays[Int(s)].append(slot)
            }
            if step % 97 == 0 {
                for k in arrays.indices { #expect(index.slots(of: Int32(k)) == arrays[k], "symbol \(k) after step \(step)") }
            }
        }
        for k in arrays.indices {
            #expect(index.slots(of: Int32(k)) == arrays[k])
            var walked: [Int32] = []
            index.forEach(Int32(k)) { walked.append($0) }
            #expect(walked == arrays[k])
            #expect(index.contains(Int32(k)) { $0 == 42 } == arrays[k].contains(42))
        }
        // Entries of cleared columns are reused: as many entries again, added after every
        // column was cleared, take no new ones.
        let pool = index.entryCount
        for k in arrays.indices { index.clear(Int32(k)) }
        for k in 0..<pool { index.append(Int32(k % arrays.count), Int32(k)) }
        #expect(index.entryCount == pool)
        #expect(index.slots(of: 0) == Array(stride(from: Int32(0), to: Int32(pool), by: arrays.count)))
    }
}
