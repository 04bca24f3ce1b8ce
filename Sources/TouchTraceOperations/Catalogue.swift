import TouchTraceEngine

/// Every operation of TouchTrace. The HTTP server registers routes for each and the CLI makes a
/// subcommand of each; adding an operation is one declaration (a type conforming to
/// ``TouchTraceOperation``) plus its engine code, and one line here.
public enum Catalogue {
    public static let operations: [any TouchTraceOperation.Type] = [
        HitTestOperation.self, TouchesOperation.self, ActionsOperation.self, LayoutOperation.self,
        ValidateOperation.self, ImportOperation.self,
        AuditOperation.self,
        CheckOperation.self, CheckInitOperation.self,
        RenderOperation.self,
        WhyNotOperation.self,
    ]

    /// The operation with this name.
    public static func operation(named name: String) -> (any TouchTraceOperation.Type)? {
        operations.first { $0.name == name }
    }
}
