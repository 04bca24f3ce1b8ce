import Foundation
import Testing
import TestSupport
import TouchTraceEngine

/// Traversals must not overflow the stack at the depth limit, even on a thread with a small
/// stack (Swift concurrency and NIO threads are not the main thread).
@Suite struct DeepSceneTests {
    /// A chain of `depth` full-size views below a window: hit testing descends through all of them.
    static func chainScene(depth: Int) -> [UInt8] {
        let frame = "\"frame\": {\"x\": 0, \"y\": 0, \"width\": 100, \"height\": 100}"
        var text = "{\"window\": {\"id\": \"w\", \(frame), \"subviews\": ["
        for i in 0..<depth { text += "{\"id\": \"v\(i)\", \(frame), \"subviews\": [" }
        text += String(repeating: "]}", count: depth) + "]}}"
        return Array(text.utf8)
    }

    /// Runs `body` on a thread with a 512 KiB stack and waits for it, off the cooperative pool
    /// (``offPool(stackSize:_:)``).
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) async {
        await offPool(stackSize: 512 * 1024) { body() }
    }

    @Test func hitTestAndResponderChainAtTheDepthLimit() async {
        let bytes = Self.chainScene(depth: 1000)
        let outcome = Mutex<(String?, Int, Int)?>(nil)
        await Self.onSmallStack {
            guard let scene = try? SceneDecoder().decode(bytes: bytes) else { return }
            let result = HitTester(scene: scene).hitTest(Point(x: 50, y: 50))
            let trace = ResponseEncoder.bytes(result, in: scene)
            outcome.withLock { $0 = (result.hitView.map { scene.views[$0].id }, result.steps.count, trace.count) }
        }
        let (hit, steps, length) = outcome.withLock { $0 } ?? (nil, 0, 0)
        #expect(hit == "v999")
        #expect(steps == 1001)
        #expect(length > 0)
    }

    @Test func maximalJSONNestingParsesAndFreesOnASmallStack() async {
        let limits = SceneLimits()
        let depth = limits.maxJSONNesting
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let parsed = Mutex(false)
        await Self.onSmallStack {
            let value = try? JSONParser(maxNesting: depth).parse(text)
            parsed.withLock { $0 = value != nil }
        }
        #expect(parsed.withLock { $0 })
    }
}

/// A minimal lock for collecting results from another thread.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
