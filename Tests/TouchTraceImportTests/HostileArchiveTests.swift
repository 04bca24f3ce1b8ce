import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// Hostile `.sketch` and `.penpot` archives, made here: each is refused with a message naming the
/// entry and the limit, from the central directory alone where it can be (before anything is
/// inflated), in well under a second.
@Suite("Hostile ZIP archives")
struct HostileArchiveTests {
    static let page = #"{"_class": "page", "do_objectID": "P", "name": "Page", "layers": []}"#

    /// Imports as Sketch (Penpot's reader shares the archive code) and returns the error.
    static func refusal(_ bytes: [UInt8], limits: ImportLimits = ImportLimits(), format: ImportFormat = .sketch) -> (ImportError?, Duration) {
        let clock = ContinuousClock()
        var error: ImportError?
        let elapsed = clock.measure {
            do {
                _ = try Importer.importDocument(bytes, format: format, options: ImportOptions(limits: limits))
            } catch let e as ImportError {
                error = e
            } catch {}
        }
        return (error, elapsed)
    }

    static func expectRefused(_ zip: TestZIP, _ kind: ImportError.Kind, _ words: String, limits: ImportLimits = ImportLimits(), format: ImportFormat = .sketch) {
        let (error, elapsed) = refusal(zip.bytes, limits: limits, format: format)
        #expect(error?.kind == kind, "expected \(kind), got \(String(describing: error))")
        #expect(error?.message.contains(words) == true, "\(String(describing: error?.message)) should say \(words)")
        #expect(elapsed < .seconds(1), "took \(elapsed)")
        #expect((error?.status ?? 500) >= 400 && (error?.status ?? 500) < 500)
    }

    @Test func tooManyEntriesAreRefusedFromTheEndRecord() {
        // The end record claims 60,000 entries (the limit is 10,000): refused before reading them.
        Self.expectRefused(TestZIP([TestZIP.Entry("document.json", "{}")], declaredCount: 60_000), .limitExceeded, "60000 entries")
        // A real archive over a lower limit.
        let many = TestZIP((0..<50).map { TestZIP.Entry("images/\($0).png", [1, 2, 3]) })
        Self.expectRefused(many, .limitExceeded, "50 entries", limits: ImportLimits(archive: ArchiveLimits(maxEntries: 20)))
    }

    @Test func anEntryTooLargeOrAllTogetherTooLargeIsRefusedBeforeInflating() {
        var big = TestZIP.Entry("pages/P.json", Array(Self.page.utf8), deflated: TestZIP.zeros(1_000))
        big.declaredSize = 100 << 20
        Self.expectRefused(TestZIP([big]), .limitExceeded, "pages/P.json")
        // Five honest entries of 300 KB of zeros (172:1) against a total of 1 MB.
        let parts = (0..<5).map { i in TestZIP.Entry("pages/\(i).json", Array(repeating: 0, count: 300_000), deflated: TestZIP.zeros(300_000)) }
        Self.expectRefused(TestZIP(parts), .limitExceeded, "inflate to more than", limits: ImportLimits(archive: ArchiveLimits(maxTotalBytes: 1 << 20)))
    }

    @Test func aCompressionRatioOverTheLimitIsRefused() {
        var bomb = TestZIP.Entry("pages/P.json", [], deflated: Array(repeating: 0, count: 100))
        bomb.declaredSize = 10 << 20
        Self.expectRefused(TestZIP([bomb]), .limitExceeded, "250:1")
    }

    @Test func anEntryThatInflatesPastItsDeclaredSizeStopsThere() {
        // 20 MB of zeros declared as 1 KB: inflating stops at 1 KB.
        var liar = TestZIP.Entry("document.json", Array(repeating: 0, count: 1_000), deflated: TestZIP.zeros(20_000_000))
        liar.declaredSize = 1_000
        let (error, elapsed) = Self.refusal(TestZIP([liar]).bytes)
        #expect(error?.kind == .unsupportedDocument)
        #expect(error?.message.contains("more than 1000 bytes") == true, "\(String(describing: error))")
        #expect(elapsed < .seconds(1))
    }

    @Test(arguments: ["../escape.json", "pages/../../x.json", "/etc/passwd", "C:/pages/P.json", "pages\\P.json", "pages/\u{1}.json"])
    func namesThatEscapeOrConfuseAreRefused(_ name: String) {
        Self.expectRefused(TestZIP([TestZIP.Entry("document.json", "{}"), TestZIP.Entry(name, "{}")]), .unsupportedDocument, "entry")
    }

    @Test func duplicateNamesNestedArchivesAndUnreadableEntriesAreRefused() {
        Self.expectRefused(TestZIP([TestZIP.Entry("document.json", "{}"), TestZIP.Entry("document.json", "{}")]), .unsupportedDocument, "two entries are named \"document.json\"")
        Self.expectRefused(TestZIP([TestZIP.Entry("document.json", "{}"), TestZIP.Entry("inner.zip", "PK")]), .unsupportedDocument, "nested archives")
        let inner = TestZIP([TestZIP.Entry("a", "b")]).bytes
        Self.expectRefused(TestZIP([TestZIP.Entry("document.json", inner)]), .unsupportedDocument, "itself a ZIP archive")
        var encrypted = TestZIP.Entry("document.json", "{}")
        encrypted.flags = 1
        Self.expectRefused(TestZIP([encrypted]), .unsupportedDocument, "encrypted")
        var bzip = TestZIP.Entry("document.json", "{}")
        bzip.method = 12
        Self.expectRefused(TestZIP([bzip]), .unsupportedDocument, "method 12")
        var corrupt = TestZIP.Entry("document.json", "{}")
        corrupt.crc = 1
        Self.expectRefused(TestZIP([corrupt]), .unsupportedDocument, "CRC-32")
    }

    @Test func truncatedAndZIP64ArchivesAreRefused() {
        let whole = TestZIP([TestZIP.Entry("document.json", "{}")]).bytes
        let (cut, _) = Self.refusal(Array(whole.dropLast(10)))
        #expect(cut?.kind == .unsupportedDocument)
        #expect(cut?.message.contains("end-of-central-directory") == true)
        Self.expectRefused(TestZIP([TestZIP.Entry("document.json", "{}")], declaredCount: 0xFFFF), .unsupportedDocument, "ZIP64")
        // Random bytes after a local header signature.
        let (garbage, _) = Self.refusal([0x50, 0x4B, 3, 4] + Array(repeating: 0x41, count: 200))
        #expect(garbage?.kind == .unsupportedDocument)
    }

    @Test func archivesOfTheWrongKindSayWhatTheyHold() {
        Self.expectRefused(TestZIP([TestZIP.Entry("readme.txt", "hi")]), .unsupportedDocument, "\"readme.txt\"")
        Self.expectRefused(TestZIP([TestZIP.Entry("readme.txt", "hi")]), .unsupportedDocument, "manifest.json", format: .penpot)
        #expect(ImportFormat.sniff(TestZIP([TestZIP.Entry("readme.txt", "hi")]).bytes) == nil)
        #expect(ImportFormat.describe(TestZIP([TestZIP.Entry("readme.txt", "hi")]).bytes).contains("readme.txt"))
    }

    @Test func penpotsOlderBinaryExportIsRefusedWithHowToExport() {
        let magic: UInt64 = 800_099_563_638_710_213
        let header: [UInt8] = [1] + (0..<8).map { UInt8(truncatingIfNeeded: magic >> (8 * (7 - UInt64($0)))) } + [0, 0, 0, 0, 0, 0, 0, 1, 0x28, 0xB5]
        #expect(ImportFormat.sniff(header) == .penpot)
        let (error, _) = Self.refusal(header, format: .penpot)
        #expect(error?.kind == .unsupportedDocument)
        #expect(error?.message.contains("Export") == true)
    }

    /// The inflater against streams of every block type: stored, fixed and (by a real archive
    /// of the corpus, in DesignCorpusImportTests) dynamic Huffman.
    @Test func storedAndFixedBlocksInflate() throws {
        let zeros = try Inflate.inflate(TestZIP.zeros(100_000)[...], limit: 100_000, expected: 100_000)
        #expect(zeros.count == 100_000 && zeros.allSatisfy { $0 == 0 })
        // A stored block: header bits 1 (final) 00 (stored), aligned, LEN, NLEN, bytes.
        let stored: [UInt8] = [0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63]
        #expect(try Inflate.inflate(stored[...], limit: 10, expected: 3) == Array("abc".utf8))
        #expect(throws: Inflate.Failure.self) { try Inflate.inflate(stored[...], limit: 2, expected: 3) }
        #expect(throws: Inflate.Failure.self) { try Inflate.inflate([0x07][...], limit: 10, expected: 0) }
    }
}
