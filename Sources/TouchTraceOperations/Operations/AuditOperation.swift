import ArgumentParser
import TouchTraceEngine

/// `audit`: the touch-target and layout audit of a whole scene (docs/audit.md): every control and
/// gesture view measured by its effective hit region against a profile, unsatisfiable and
/// ambiguous constraints, controls off screen or unreachable. `touchtrace audit SCENE`,
/// `POST /v1/scenes/{id}/audit`, `POST /v1/audit` (the options as the body).
public enum AuditOperation: TouchTraceOperation {
    public static let name = "audit"
    public static let abstract = "Audit a scene's touch targets (by their effective hit regions) and layout."
    public static let discussion = """
        The request is the audit options: {"profile": "apple-44" | "material-48" | "wcag-2.5.8" | \
        "wcag-2.5.5" | {"width", "height"}, "severity": {"targetSize": "error", "emptyHitRegion": …, \
        "offScreen": …, "unsatisfiableConstraints": …, "ambiguousLayout": "warn" | "off"}, "allow": \
        [{"view", "rules", "reason"}]}; every member is optional. The answer lists each finding with \
        the view's pointer, what was measured and what blocks it, every target's outcome, and a \
        summary. The CLI exits with 1 when a finding of severity error is left, 2 for bad input. \
        Example: touchtrace audit Examples/ci/checkout.json --profile wcag-2.5.8. See docs/audit.md. \
        A scene imported from a dump that prints no frames (print-hierarchy, autolayout-trace) with no \
        frame given is refused at its "/origin/format" (exit 2).
        """
    public static let rules: [RuleID] = [.H1, .H2, .H3, .H4, .H5, .H6, .H7, .H8, .H9, .R3, .G1, .L6]
    public static let sceneUse = SceneUse.required
    public static var inputErrorExitCode: Int32 { 2 }

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        @Option(help: ArgumentHelp("A JSON file of audit options: the body of POST /v1/scenes/{id}/audit.", valueName: "options"))
        public var options: String?

        @Option(help: "The profile: apple-44, material-48, wcag-2.5.8 or wcag-2.5.5 (over the options file's).")
        public var profile: String?

        @Option(help: "text (one line per finding) or json (default).")
        public var format: ReportFormat = .json

        public init() {}

        public var sceneFile: String? { scene.path }

        public func input(_ cli: CLIContext) throws -> Input {
            var json = try options.map { try RequestFile.parse($0, cli) } ?? .object([])
            if let profile { json = json.setting("profile", to: .string(profile)) }
            var input = try AuditOperation.decode(OperationRequest(json))
            input.format = format
            return input
        }
    }

    /// The audit options, and the form of the answer.
    public struct Input: Sendable {
        public var options: AuditOptions
        /// JSON (the API's answer), or one line per finding and a summary (the CLI's `--format text`).
        public var format: ReportFormat

        public init(options: AuditOptions, format: ReportFormat = .json) {
            self.options = options
            self.format = format
        }
    }

    /// The formats of the audit's CLI output.
    public enum ReportFormat: String, ExpressibleByArgument, Sendable, CaseIterable {
        case json, text
    }

    /// The request is the audit options (the inline route's `scene` aside).
    public static func decode(_ request: OperationRequest) throws(OperationError) -> Input {
        var json = request.json
        for field in request.transportFields { json = json.removing(field).0 }
        return Input(options: try answering { () throws(InputError) in try AuditOptions.decode(json) })
    }

    public static func run(_ input: Input, in context: OperationContext) throws(OperationError) -> OperationResult {
        let report = try answering { () throws(InputError) in
            try TouchTrace.audit(context.requiredScene, options: input.options, pointerBase: context.scenePointer)
        }
        let exit: Int32 = report.passed ? 0 : 1
        switch input.format {
        case .text:
            var text = report.text
            text += (text.isEmpty ? "" : "\n") + "audit (\(input.options.profile.name)): \(report.errorCount) errors, \(report.warningCount) warnings, "
                + "\(report.allowed.count) allowed, \(report.targets.count) targets"
            return OperationResult(.document(Array(text.utf8), contentType: "text/plain; charset=utf-8"), exitCode: exit)
        case .json:
            return OperationResult(.json(ResponseEncoder.json(report)), exitCode: exit)
        }
    }
}
