import TouchTraceEngine

/// The result of a check run: every file, every step, what failed and why.
public struct CheckReport: Sendable {
    public var files: [FileReport]
    /// The baseline's path, when one was used.
    public var baseline: String?

    public init(files: [FileReport], baseline: String? = nil) {
        self.files = files
        self.baseline = baseline
    }

    public var steps: [StepReport] { files.flatMap(\.steps) }
    public var failedSteps: Int { steps.filter { $0.outcome == .failed }.count }
    public var passedSteps: Int { steps.filter { $0.outcome == .passed }.count }
    public var findings: [CheckFinding] { steps.flatMap(\.findings) }
    public var errors: Int { findings.filter { $0.status == .counted && $0.severity == .error }.count }
    public var warnings: Int { findings.filter { $0.status == .counted && $0.severity == .warn }.count }
    public var allowed: Int { findings.filter { if case .allowed = $0.status { true } else { false } }.count }
    public var baselined: Int { findings.filter { $0.status == .baselined }.count }
    public var updated: Int { files.filter(\.updatesApplied).flatMap(\.steps).reduce(0) { $0 + $1.updates.count } }
    /// No step failed: exit status 0.
    public var passed: Bool { failedSteps == 0 }
}

/// One expectation file's steps.
public struct FileReport: Sendable {
    /// The file as named on the command line (nil for a request body).
    public var path: String?
    public var name: String?
    /// "iPhone 15, portrait: 393×852 pt", when the document sets a size.
    public var screen: String?
    public var steps: [StepReport]
    /// The document, for locations and `--update`.
    public var document: LocatedDocument?
    /// Whether `--update` rewrote the file with the steps' ``StepReport/updates``.
    public var updatesApplied = false
    /// The scenes imported from design files, with the imports' warnings.
    public var imports: [SceneImport] = []

    public init(path: String?, name: String?, screen: String?, steps: [StepReport], document: LocatedDocument?) {
        self.path = path
        self.name = name
        self.screen = screen
        self.steps = steps
        self.document = document
    }

    /// A name for the suite: the document's name, else the file's, else "check".
    public var title: String { name ?? path ?? "check" }
}

/// One step's outcome.
public struct StepReport: Sendable {
    public enum Outcome: String, Sendable { case passed, failed }

    public var number: Int
    public var title: String
    public var kind: String
    public var pointer: String
    public var location: SourceLocation?
    public var outcome: Outcome
    /// Expectations that did not hold, in the order written.
    public var failures: [Failure]
    /// Audit findings (assertTouchTargets, assertLayout), each with whether it counts.
    public var findings: [CheckFinding]
    /// What passed, said in words (an assertNotHittable's reason), for the text report.
    public var notes: [String]
    /// The traces and reports the step produced (hit test, touches, actions, layout, audit).
    public var evidence: JSONValue
    /// New values `--update` writes (pointer of the expected value → the value seen).
    public var updates: [ValueUpdate]
}

/// An expectation that did not hold.
public struct Failure: Sendable {
    /// What was expected: `hitView`, `responderChain`, `action`, `actions`, `controlEvents`,
    /// `recognizer`, `frame`, `assertNotHittable`.
    public var expectation: String
    public var pointer: String
    public var location: SourceLocation?
    /// One line: what was expected and what happened.
    public var message: String
    /// Why, from the trace and the regions: what was hit instead and why the expected view was not.
    public var explanation: [String]
    public var expected: JSONValue
    public var actual: JSONValue

    /// The expectation of a step that names a view (or recognizer, window) the scene does not
    /// have: the step fails, with the nearest names, and the other steps run.
    public static let unknownView = "unknownView"

    /// The message and its explanation, one per line.
    public var text: String { ([message] + explanation.map { "  " + $0 }).joined(separator: "\n") }
}

/// An audit finding, as a check counts it.
public struct CheckFinding: Sendable {
    public enum Status: Sendable, Hashable {
        /// It counts (an error fails the step; a warning is reported).
        case counted
        /// The allow-list accepts it, for this reason.
        case allowed(String)
        /// The baseline accepts it.
        case baselined
    }

    public var rule: AuditRule
    public var severity: AuditSeverity
    public var view: String
    public var message: String
    /// The finding's JSON (``AuditReport/json``'s form: pointer into the scene, threshold, measured, coveredBy…).
    public var json: JSONValue
    public var status: Status

    /// `error [targetSize] payButton: …`.
    public var text: String {
        switch status {
        case .counted: return "\(severity.rawValue) [\(rule.rawValue)] \(message)"
        case let .allowed(reason): return "allowed [\(rule.rawValue)] \(message) (allowed: \(reason))"
        case .baselined: return "baselined [\(rule.rawValue)] \(message)"
        }
    }
}

/// A value `--update` writes into the expectation file.
public struct ValueUpdate: Sendable {
    public var pointer: String
    public var value: JSONValue
}
