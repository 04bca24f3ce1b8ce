import Foundation
import Testing
import TouchTraceEngine
import TouchTraceStore

/// The contract every `SceneStore` keeps, checked on the file store and the memory store alike.
@Suite struct SceneStoreContractTests {
    enum Kind: String, CaseIterable { case file, memory }

    static func make(_ kind: Kind) throws -> any SceneStore {
        switch kind {
        case .file:
            let path = NSTemporaryDirectory() + "store-\(UUID().uuidString)"
            return try FileSceneStore(directory: path)
        case .memory:
            return MemorySceneStore()
        }
    }

    static let document = Array(#"{"window": {"id": "w"}}"#.utf8)

    @Test(arguments: Kind.allCases)
    func versionsIncreaseOnEveryWriteAndSurviveDeletes(_ kind: Kind) async throws {
        let store = try Self.make(kind)
        let (first, created) = try await store.put(id: "a", document: Self.document, name: "A", viewCount: 1, condition: .none)
        #expect(created)
        #expect(first.version == 1)
        #expect(first.etag == "\"v1\"")
        let (second, createdAgain) = try await store.put(id: "a", document: Self.document, name: "A2", viewCount: 1, condition: .version(1))
        #expect(!createdAgain)
        #expect(second.version == 2)
        try await store.delete(id: "a", condition: .none)
        await #expect(throws: StoreError.notFound("a")) { try await store.get(id: "a") }
        let (third, _) = try await store.put(id: "a", document: Self.document, name: nil, viewCount: 1, condition: .absent)
        #expect(third.version == 4)
        #expect(try await store.get(id: "a").document == Self.document)
    }

    @Test(arguments: Kind.allCases)
    func conditionsAreChecked(_ kind: Kind) async throws {
        let store = try Self.make(kind)
        await #expect(throws: StoreError.preconditionFailed(current: nil)) {
            try await store.put(id: "b", document: Self.document, name: nil, viewCount: 1, condition: .exists)
        }
        await #expect(throws: StoreError.preconditionFailed(current: nil)) {
            try await store.put(id: "b", document: Self.document, name: nil, viewCount: 1, condition: .version(1))
        }
        _ = try await store.put(id: "b", document: Self.document, name: nil, viewCount: 1, condition: .absent)
        await #expect(throws: StoreError.preconditionFailed(current: 1)) {
            try await store.put(id: "b", document: Self.document, name: nil, viewCount: 1, condition: .absent)
        }
        await #expect(throws: StoreError.preconditionFailed(current: 1)) { try await store.delete(id: "b", condition: .version(5)) }
        await #expect(throws: StoreError.notFound("zzz")) { try await store.delete(id: "zzz", condition: .none) }
    }

    @Test(arguments: Kind.allCases)
    func idsThatCouldEscapeAreRejected(_ kind: Kind) async throws {
        let store = try Self.make(kind)
        for id in ["../../etc/passwd", "..", ".", ".hidden", "a/b", "", "a\u{0}b", String(repeating: "x", count: 129), "ünï"] {
            await #expect(throws: StoreError.invalidID(id)) {
                try await store.put(id: id, document: Self.document, name: nil, viewCount: 1, condition: .none)
            }
            await #expect(throws: StoreError.invalidID(id)) { try await store.get(id: id) }
        }
    }

    @Test(arguments: Kind.allCases)
    func listPagesInIdOrderWithACursor(_ kind: Kind) async throws {
        let store = try Self.make(kind)
        for id in ["c", "a", "e", "b", "d"] {
            _ = try await store.put(id: id, document: Self.document, name: id.uppercased(), viewCount: 1, condition: .none)
        }
        try await store.delete(id: "d", condition: .none)
        var ids: [String] = []
        var cursor: String?
        repeat {
            let page = try await store.list(limit: 2, after: cursor)
            #expect(page.scenes.count <= 2)
            ids += page.scenes.map(\.id)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(ids == ["a", "b", "c", "e"])
        #expect(await store.count() == 4)
    }

    @Test func fileStoreCountsScenesOnStartWithoutReadingThem() async throws {
        let path = NSTemporaryDirectory() + "store-\(UUID().uuidString)"
        let store = try FileSceneStore(directory: path)
        _ = try await store.put(id: "x", document: Self.document, name: nil, viewCount: 1, condition: .none)
        _ = try await store.put(id: "y", document: Self.document, name: nil, viewCount: 1, condition: .none)
        try await store.delete(id: "y", condition: .none)
        // A leftover temporary file from a crash is not a scene.
        #expect(FileManager.default.createFile(atPath: path + "/.z.123.tmp", contents: Data("garbage".utf8)))
        let reopened = try FileSceneStore(directory: path)
        #expect(await reopened.count() == 1)
        #expect(try await reopened.list(limit: 10, after: nil).scenes.map(\.id) == ["x"])
        #expect(try await reopened.get(id: "x").version == 1)
    }
}
