import Foundation
import Testing

/// ``offPool(stackSize:_:)``, which the tests use for everything that blocks: its body runs on a
/// thread of its own (not one of the cooperative pool's), in the calling test's task, so that an
/// issue recorded there is the test's, and awaiting in it stays on that thread.
@Suite struct OffPoolTests {
    @TaskLocal static var marker: String?

    @Test func aSynchronousBodyRunsOnAThreadOfItsOwnAndMayBlock() async throws {
        let offPoolThread = await offPool {
            Thread.sleep(forTimeInterval: 0.01)  // refused in an asynchronous context; allowed here
            return isOffPoolThread
        }
        #expect(offPoolThread)
        #expect(!isOffPoolThread)
    }

    @Test func anAsynchronousBodyStaysOnItsThreadAcrossAnAwait() async {
        let seen = await offPool {
            let before = isOffPoolThread
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
            return [before, isOffPoolThread]
        }
        #expect(seen == [true, true])
    }

    @Test func theBodyIsInTheCallingTask() async {
        let seen = await Self.$marker.withValue("the test's") { await offPool { Self.marker } }
        #expect(seen == "the test's")
        // The test that an issue recorded in the body belongs to (`Issue.record` and `#expect` look
        // it up the same way) is this one.
        let test = await offPool { Test.current?.id }
        #expect(test != nil && test == Test.current?.id)
    }

    @Test func errorsComeBackToTheCaller() async {
        await #expect(throws: CancellationError.self) {
            try await offPool { () throws -> Int in throw CancellationError() }
        }
    }
}
