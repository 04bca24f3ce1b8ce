import Foundation
import Testing

/// deploy/kubernetes/ against the Kubernetes schemas (kubernetes-validate from PyPI, which
/// .ci/run installs), strictly (no unknown fields), for the newest Kubernetes it knows and an
/// older one still common in clusters; and the properties docs/deploy.md promises.
@Suite struct DeploymentManifestTests {
    static let validator = findTool("kubernetes-validate")
    static let folder = packageRoot.appendingPathComponent("deploy/kubernetes")
    static var manifests: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") && $0 != "kustomization.yaml" }.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test(.enabled(if: validator != nil, "kubernetes-validate is not installed (pip install kubernetes-validate; .ci/run does)"),
          arguments: ["1.30.0", nil as String?])
    func manifestsMatchTheKubernetesSchemas(version: String?) async throws {
        try await offPool {
            #expect(Self.manifests.count == 5)
            let arguments = ["--strict"] + (version.map { ["-k", $0] } ?? []) + Self.manifests
            let result = try runProgram(Self.validator!, arguments)
            #expect(result.status == 0, "\(result.output)")
        }
    }

    /// The validator does catch a mistake (so the test above means something).
    @Test(.enabled(if: validator != nil, "kubernetes-validate is not installed"))
    func aMisspeltFieldFailsValidation() async throws {
        try await offPool {
            let deployment = try String(contentsOf: Self.folder.appendingPathComponent("deployment.yaml"), encoding: .utf8)
            let broken = temporaryDirectory("k8s") + "/deployment.yaml"
            try deployment.replacingOccurrences(of: "readinessProbe:", with: "readynessProbe:").write(toFile: broken, atomically: true, encoding: .utf8)
            #expect(try runProgram(Self.validator!, ["--strict", broken]).status != 0)
        }
    }

    @Test func deploymentIsHardenedAndProbed() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("deployment.yaml"), encoding: .utf8)
        for needle in ["replicas: 3", "readOnlyRootFilesystem: true", "runAsNonRoot: true", "allowPrivilegeEscalation: false",
                       "readinessProbe:", "livenessProbe:", "path: /health", "claimName: touchtrace-data", "TOUCHTRACE_AUTH_TOKEN_FILE"] {
            #expect(text.contains(needle), "deployment.yaml lacks \(needle)")
        }
        let claim = try String(contentsOf: Self.folder.appendingPathComponent("pvc.yaml"), encoding: .utf8)
        #expect(claim.contains("ReadWriteMany"))
    }
}
