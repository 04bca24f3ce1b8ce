#if canImport(Glibc)
import Glibc
#endif
import Testing
import TouchTraceOperations

/// `touchtrace serve` keeps the memory its requests free (issue 27: the solver's cell store made
/// and freed by every new Auto Layout document was faulted in from the kernel again each time).
@Suite struct ProcessMemoryTests {
    @Test func anOperatorsGlibcTunablesWin() {
        #expect(ProcessMemory.keepFreedMemory(environment: ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1048576"]) == .leftToTheOperator)
        #expect(ProcessMemory.keepFreedMemory(environment: ["GLIBC_TUNABLES": "glibc.malloc.perturb=0"]) == .leftToTheOperator)
        #expect(ProcessMemory.keepFreedMemory(environment: ["GLIBC_TUNABLES": "glibc.rtld.nns=4"]) != .leftToTheOperator)
    }

    #if canImport(Glibc)
    /// With the thresholds set, a block of a few megabytes freed and allocated again is the same
    /// memory, already mapped: touching it again costs (almost) no page faults, where glibc's
    /// defaults unmap it on `free` (it is over the default 128 KiB mmap threshold) and the next
    /// touch faults every page in (2,048 for 8 MiB).
    @Test func aLargeBlockFreedAndAllocatedAgainIsNotFaultedInAgain() {
        let rusageThread = __rusage_who_t(1)  // RUSAGE_THREAD (sys/resource.h, a GNU extension Swift does not import)
        #expect(ProcessMemory.keepFreedMemory(environment: [:]) == .set)
        let size = 8 << 20, pages = size / 4096
        func touch() -> Int {
            var before = rusage(), after = rusage()
            getrusage(rusageThread, &before)
            let p = malloc(size)!.bindMemory(to: UInt8.self, capacity: size)
            for i in stride(from: 0, to: size, by: 4096) { p[i] = 1 }
            free(p)
            getrusage(rusageThread, &after)
            return after.ru_minflt - before.ru_minflt
        }
        _ = touch()  // the first time maps the pages (or finds them mapped)
        let again = touch()
        #expect(again < pages / 4, "touching a freed 8 MiB block again faulted \(again) of its \(pages) pages in")
    }
    #endif
}
