import Foundation
import Testing
import TouchTraceEngine
import TestSupport

/// Runs every fixture file under Tests/Fixtures/<area>/: a scene, a request (the body the API
/// takes) and the expected response, named after the UIKit rule it pins (docs/uikit-rules.md).
///
/// A fixture is `{"rule", "description", "scene", "cases": [{"name", "request", "expected"}]}`,
/// where `expected` is the exact response JSON (an error response is the problem document).
/// Set `TOUCHTRACE_RECORD_FIXTURES=1` to write the current output into `expected`; review the
/// diff before committing it.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func files(in area: String) -> [URL] {
        let folder = root.appendingPathComponent(area)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD_FIXTURES"] == "1" }

    /// Runs one fixture file of `area`: every case's `request` goes through `respond` with the
    /// fixture's scene, and the response must equal `expected` exactly. In record mode the
    /// responses are written into `expected` instead (review the diff before committing).
    static func run(area: String, name: String, respond: (_ scene: JSONValue, _ request: JSONValue) -> JSONValue) throws {
        let url = root.appendingPathComponent(area).appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard case var .object(members) = document, let scene = document["scene"],
            case var .array(cases)? = document["cases"]
        else {
            Issue.record("\(name): a fixture needs \"scene\" and \"cases\"")
            return
        }
        let ruleMatches = document["rule"].map { if case let .string(r) = $0 { name.hasPrefix(r + "-") } else { false } } ?? false
        #expect(ruleMatches, "\(name): the file name must start with its \"rule\"")
        #expect(!cases.isEmpty, "\(name): no cases")
        var changed = false
        for (i, testCase) in cases.enumerated() {
            guard let request = testCase["request"] else {
                Issue.record("\(name) case \(i): no request")
                continue
            }
            let actual = respond(scene, request)
            let caseName = testCase["name"].map { JSONWriter().string($0) } ?? "#\(i)"
            if recording {
                guard case var .object(fields) = testCase else { continue }
                fields.removeAll { $0.key == "expected" }
                fields.append((key: "expected", value: actual))
                cases[i] = .object(fields)
                changed = true
            } else if let expected = testCase["expected"] {
                #expect(
                    actual == expected,
                    "\(name) \(caseName): the response differs.\nexpected: \(JSONWriter().string(expected))\nactual:   \(JSONWriter().string(actual))")
            } else {
                Issue.record("\(name) \(caseName): no \"expected\"; run with TOUCHTRACE_RECORD_FIXTURES=1 and review")
            }
        }
        if changed {
            members.removeAll { $0.key == "cases" }
            members.append((key: "cases", value: .array(cases)))
            try Data(JSONWriter(pretty: true).bytes(.object(members))).write(to: url)
        }
    }
}

/// The response the API gives for a hit-test body against a scene document.
func hitTestResponse(scene: JSONValue, request: JSONValue) -> JSONValue {
    do {
        let decoded = try SceneDecoder().decode(scene)
        let parsed = try HitTestRequest.decode(request)
        return try TouchTrace.hitTest(parsed, in: decoded)
    } catch {
        return error.problemDocument.json
    }
}

@Suite struct HitTestingFixtures {
    static let files = Fixtures.files(in: "hit-testing")

    @Test func fixturesExistForEveryHitTestingAndResponderRule() throws {
        let names = Self.files.map(\.lastPathComponent)
        for rule in ["H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "H10", "R1"] {
            #expect(names.contains { $0.hasPrefix(rule + "-") }, "no fixture for rule \(rule)")
        }
    }

    @Test(arguments: files.map(\.lastPathComponent))
    func fixture(_ name: String) throws {
        try Fixtures.run(area: "hit-testing", name: name, respond: hitTestResponse)
    }
}
