import Foundation
import Hummingbird
import Testing
import TouchTraceServer

/// openapi.yaml describes exactly the routes the server registers, and the binary serves the
/// current file.
@Suite struct OpenAPITests {
    static let yaml = try! String(contentsOf: packageRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)

    /// `path → methods` from the `paths:` section (two-space path keys, four-space methods).
    static var documentedRoutes: [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        var inPaths = false
        var current: String?
        for line in yaml.components(separatedBy: "\n") {
            if line.hasPrefix("paths:") { inPaths = true; continue }
            if inPaths, !line.hasPrefix(" "), !line.isEmpty { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                current = String(line.dropFirst(2).dropLast())
                result[current!] = []
            } else if let path = current, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                let key = line.trimmingCharacters(in: .whitespaces).dropLast()
                if ["get", "put", "post", "delete", "patch", "options", "head"].contains(String(key)) {
                    result[path]!.insert(key.uppercased())
                }
            }
        }
        return result
    }

    @Test func specPathsAndMethodsMatchTheRouter() {
        var registered: [String: Set<String>] = [:]
        for route in TouchTraceAPI.routes { registered[route.path] = Set(route.methods.map(\.rawValue)) }
        #expect(Self.documentedRoutes == registered)
    }

    @Test func servedDocumentIsTheFile() async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.body.text == Self.yaml,
                    "openapi.yaml is embedded at build time (Plugins/EmbedFiles): is the build stale?")
            }
        }
    }
}
