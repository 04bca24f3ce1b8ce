import Foundation
import Testing
import TouchTraceEngine

/// The Figma and Penpot plugins (integrations/) in a real browser: headless Chromium driven by
/// Selenium through Tests/Browser/plugins.py, against a fresh `touchtrace serve --cors-origin
/// 'null,*'`. The editors cannot run here, so the script plays their side: it runs each
/// plugin's code.js against a stand-in `figma` / `penpot` global (a recorded export of our own,
/// a board described as Penpot's plugin API describes shapes), passes the export to the UI as
/// the editor would, and checks the picture, the findings, a hit test and the starter-file
/// button (which writes the file from POST /v1/check/init); it also validates the manifests against integrations/schemas/. This test then checks
/// that every call a plugin made is a route of openapi.yaml. Skipped without Chromium,
/// chromedriver or Selenium (`.ci/run` installs them and sets TOUCHTRACE_REQUIRE_BROWSER=1).
@Suite struct PluginBrowserTests {
    // The script's own waits (20-30 s a step) detect a page that hangs; this limit only bounds the
    // whole run. Chromium runs at nice 19: in the whole suite at load 9-10 (two builds beside it)
    // the playground's script passed every step but took more than 3 minutes.
    @Test(.enabled("Chromium, chromedriver or Selenium is not installed (.ci/run installs them)") { await PlaygroundBrowserTests.missing == nil || PlaygroundBrowserTests.required },
          .timeLimit(.minutes(10)))
    func figmaAndPenpotPluginsImportDrawAndHitTest() async throws {
        if let missing = await PlaygroundBrowserTests.missing {
            Issue.record("TOUCHTRACE_REQUIRE_BROWSER=1 but \(missing) is missing")
            return
        }
        let directory = temporaryDirectory("plugins")
        let server = try await offPool { try ServerProcess(dataDirectory: directory + "/data", extraArguments: ["--cors-origin", "null,*"]) }
        defer { server.stop() }
        let screenshots = ProcessInfo.processInfo.environment["TOUCHTRACE_SCREENSHOT_DIR"] ?? directory
        let (status, output) = try await PlaygroundBrowserTests.runOffThePool([
            "nice", "-n", "19", "python3", "Tests/Browser/plugins.py", "--url", "http://127.0.0.1:\(server.port)", "--screenshots", screenshots,
            "--chromium", PlaygroundBrowserTests.chromium, "--chromedriver", PlaygroundBrowserTests.chromedriver,
        ])
        print(output)
        #expect(status == 0, "the plugin script failed:\n\(output)")
        #expect(output.contains("ok - hit view: Button-Primary"))
        #expect(output.contains("ok - hit view: Buy-button"))
        #expect(output.contains("ok - figma/manifest.json validates"))
        #expect(output.contains("ok - penpot/manifest.json validates"))
        #expect(output.contains("ok - the Figma plugin's starter file"))
        #expect(output.contains("ok - the Penpot plugin's starter file"))
        let calls = output.components(separatedBy: "\n").filter { $0.hasPrefix("call: ") }.map { String($0.dropFirst(6)) }
        #expect(calls.contains { $0.hasPrefix("POST /v1/import") })
        #expect(calls.contains { $0.hasPrefix("POST /v1/scenes/") && $0.hasSuffix("/hit-test") })
        #expect(calls.contains("POST /v1/check/init"))
        for call in calls {
            #expect(PlaygroundTests.isDocumented(call), "a plugin called \(call), which openapi.yaml does not document")
        }
    }
}
