import TouchTraceEngine

/// One HTTP route of an operation: its method, its path, and where the scene comes from.
public struct OperationRoute: Sendable, Hashable {
    public enum Method: String, Sendable { case GET, POST }
    public enum SceneSource: Sendable, Hashable {
        /// The stored scene named by the path's `{id}`, prepared once per version.
        case stored
        /// The request's `"scene"` member.
        case inline
        /// None.
        case none
    }

    public var method: Method
    /// An OpenAPI-style path, e.g. `/v1/scenes/{id}/hit-test`.
    public var path: String
    public var scene: SceneSource

    public init(_ method: Method, _ path: String, scene: SceneSource) {
        self.method = method
        self.path = path
        self.scene = scene
    }

    /// `POST /v1/scenes/{id}/NAME` and `POST /v1/NAME` for an operation on a scene;
    /// `POST /v1/NAME` for one without.
    public static func defaults<Operation: TouchTraceOperation>(for operation: Operation.Type) -> [OperationRoute] {
        switch Operation.sceneUse {
        case .required:
            return [
                OperationRoute(.POST, "/v1/scenes/{id}/\(Operation.name)", scene: .stored),
                OperationRoute(.POST, "/v1/\(Operation.name)", scene: .inline),
            ]
        case .none:
            return [OperationRoute(.POST, "/v1/\(Operation.name)", scene: .none)]
        }
    }
}

/// What an operation's HTTP body holds.
public enum HTTPBody: Sendable, Hashable {
    /// The JSON request object (an empty body is `{}`); `Content-Type` JSON or absent.
    case json
    /// A raw document of one of these media types (an Interface Builder file, a design file),
    /// passed to the operation's decoder as ``OperationRequest/document``; the request object is made from
    /// the query parameters.
    case document(mediaTypes: [String])
}

/// A query parameter of an operation's routes, read into a member of the request object.
public struct QueryParameter: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case string
        /// A finite number.
        case number
        /// `true` or `false` (`1`/`0` too).
        case bool
        /// `x,y`: a point object; repeated, a list of points.
        case points
    }

    public var name: String
    public var kind: Kind
    /// The request member it becomes (default: its name).
    public var member: String
    public var help: String

    public init(_ name: String, _ kind: Kind, member: String? = nil, help: String) {
        self.name = name
        self.kind = kind
        self.member = member ?? name
        self.help = help
    }

    /// Reads the query's values into request members: unknown names and bad values are
    /// problems (with `?name` as their pointer).
    public static func request(
        from query: [(name: String, value: String)], parameters: [QueryParameter]
    ) -> (members: [(key: String, value: JSONValue)], problems: [String]) {
        var members: [(key: String, value: JSONValue)] = []
        var problems: [String] = []
        var points: [String: [JSONValue]] = [:]
        for (name, value) in query {
            guard let parameter = parameters.first(where: { $0.name == name }) else {
                let known = parameters.map(\.name)
                problems.append(
                    known.isEmpty
                        ? "this route takes no query parameters, not \"\(name)\""
                        : "unknown query parameter \"\(name)\"; this route takes \(known.joined(separator: ", "))")
                continue
            }
            switch parameter.kind {
            case .string:
                members.append((parameter.member, .string(value)))
            case .number:
                if let n = Double(value), n.isFinite {
                    members.append((parameter.member, .number(n)))
                } else {
                    problems.append("\(name) must be a finite number, not \"\(value)\"")
                }
            case .bool:
                switch value.lowercased() {
                case "true", "1", "": members.append((parameter.member, .bool(true)))
                case "false", "0": members.append((parameter.member, .bool(false)))
                default: problems.append("\(name) must be true or false, not \"\(value)\"")
                }
            case .points:
                let parts = value.split(separator: ",", omittingEmptySubsequences: false)
                if parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite {
                    points[parameter.member, default: []].append(.obj(["x": .number(x), "y": .number(y)]))
                } else {
                    problems.append("\(name) takes two finite numbers as x,y, not \"\(value)\"")
                }
            }
        }
        for (member, list) in points.sorted(by: { $0.key < $1.key }) { members.append((member, .array(list))) }
        return (members, problems)
    }
}
