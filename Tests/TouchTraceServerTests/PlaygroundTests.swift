import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceServer

/// The playground's files (Playground/) are what the binary serves at GET / and beside it, the
/// page loads nothing from elsewhere, and every API route its script calls is in openapi.yaml.
@Suite struct PlaygroundTests {
    static let files = [("/", "index.html", "text/html"), ("/playground.css", "playground.css", "text/css"), ("/playground.js", "playground.js", "text/javascript")]

    static func file(_ name: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Playground/" + name), encoding: .utf8)
    }

    @Test func servedFilesAreTheRepositoryFiles() async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            for (path, name, type) in Self.files {
                let file = try Self.file(name)
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.body.text == file, "Playground/\(name) is embedded at build time (Plugins/EmbedFiles): is the build stale?")
                    #expect(response.headers[.contentType]?.hasPrefix(type) == true)
                    #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'self'") == true)
                }
            }
            // Other methods are 405 with Allow, as on every route.
            try await client.execute(uri: "/", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET")
            }
        }
    }

    /// The page needs no bearer token: only /v1 routes do.
    @Test func pageIsServedWithoutTheTokenWhileTheAPINeedsIt() async throws {
        try await makeApp(makeAPI(authToken: "secret")).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/v1/scenes", method: .get) { #expect($0.status == .unauthorized) }
        }
    }

    /// No CDN, no build step: every `src` and `href` of the page is a path on this server, the
    /// style sheet fetches nothing, and the script calls only relative paths.
    @Test func pageLoadsNothingFromElsewhere() throws {
        let html = try Self.file("index.html")
        for attribute in ["src=\"", "href=\""] {
            var rest = Substring(html)
            while let range = rest.range(of: attribute) {
                let value = rest[range.upperBound...].prefix { $0 != "\"" }
                #expect(value.hasPrefix("/"), "\(attribute)\(value)\" is not a path on this server")
                rest = rest[range.upperBound...]
            }
        }
        #expect(!(try Self.file("playground.css")).contains("url("), "the style sheet fetches nothing")
        let script = try Self.file("playground.js")
        for absolute in ["fetch(\"http", "fetch('http", "import(", "XMLHttpRequest", "<script"] {
            #expect(!script.contains(absolute), "the script does not use \(absolute)")
        }
    }

    /// "It uses only the public API": the routes the script's header says it calls are routes
    /// of openapi.yaml, with those methods (the browser test checks every call the page really
    /// makes the same way).
    @Test func scriptDeclaresOnlyDocumentedRoutes() throws {
        let header = try Self.file("playground.js").components(separatedBy: "\n").prefix { $0.hasPrefix("//") }
        var declared: [(method: String, path: String)] = []
        for line in header {
            let words = line.dropFirst(2).split(separator: " ").map(String.init)
            guard words.count >= 2, ["GET", "POST"].contains(words[0]) else { continue }
            for path in words[1].split(separator: ",").map(String.init) + words.dropFirst(2).filter({ $0.hasPrefix("/v1/") }) {
                declared.append((words[0], path.trimmingCharacters(in: CharacterSet(charactersIn: ","))))
            }
        }
        #expect(declared.count >= 8, "the script's header lists the routes it calls")
        for (method, path) in declared {
            #expect(OpenAPITests.documentedRoutes[path]?.contains(method) == true, "\(method) \(path) is not in openapi.yaml")
        }
    }

    /// A request the page made (`METHOD /path?query`) matches a documented route: `{id}` is one
    /// path segment.
    static func isDocumented(_ call: String) -> Bool {
        let parts = call.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return false }
        let path = parts[1].prefix { $0 != "?" }.split(separator: "/", omittingEmptySubsequences: false)
        return OpenAPITests.documentedRoutes.contains { template, methods in
            let segments = template.split(separator: "/", omittingEmptySubsequences: false)
            return methods.contains(parts[0]) && segments.count == path.count
                && zip(segments, path).allSatisfy { $0 == $1 || ($0.hasPrefix("{") && !$1.isEmpty) }
        }
    }
}
