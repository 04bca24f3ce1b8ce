import TouchTraceEngine

extension SceneDocument {
    /// The document as JSON, checked by the scene decoder. Constraints the decoder refuses (UIKit
    /// would raise on them: a location with no second item, a left paired with a leading, items
    /// with no common ancestor) are left out with a `constraintDropped` warning each, and the
    /// document is checked again. Any other problem is an importer bug, reported as an error
    /// rather than handing out a scene that does not load.
    public mutating func validated(warnings: inout ImportWarnings, limits: SceneLimits = SceneLimits()) throws(ImportError) -> JSONValue {
        var decoded: Scene?
        return try validated(warnings: &warnings, limits: limits, decoded: &decoded)
    }

    /// The same, handing back the decoded scene too (for an importer that goes on to lay it out,
    /// without decoding it a second time).
    mutating func validated(warnings: inout ImportWarnings, limits: SceneLimits = SceneLimits(), decoded: inout Scene?) throws(ImportError) -> JSONValue {
        for _ in 0..<8 {
            let json = self.json
            let problems: [SceneProblem]
            do {
                decoded = try SceneDecoder(limits: limits).decode(json)
                return json
            } catch {
                problems = error.problems
            }
            let pointers = self.pointers
            var byPointer: [String: Int] = [:]
            for (view, pointer) in pointers { byPointer[pointer] = view }
            var dropped: [(view: Int, index: Int, message: String)] = []
            var other: [SceneProblem] = []
            for problem in problems {
                guard let range = problem.pointer.range(of: "/constraints/"), let view = byPointer[String(problem.pointer[..<range.lowerBound])],
                    let index = Int(problem.pointer[range.upperBound...].prefix { $0.isNumber }), index < views[view].constraints.count
                else {
                    other.append(problem)
                    continue
                }
                dropped.append((view, index, problem.message))
            }
            if !other.isEmpty || dropped.isEmpty {
                let list = (other.isEmpty ? problems : other).prefix(5).map(\.description).joined(separator: "; ")
                throw ImportError(.unsupportedDocument, "the imported scene does not load (an importer bug, please report it): \(list)")
            }
            var seen: Set<[Int]> = []
            for d in dropped.sorted(by: { ($0.view, $0.index) > ($1.view, $1.index) }) where seen.insert([d.view, d.index]).inserted {
                let c = views[d.view].constraints.remove(at: d.index)
                warnings.add(
                    ImportWarning(
                        .constraintDropped, "UIKit refuses this constraint: \(d.message)", line: c.position?.line,
                        column: c.position?.column, sourceID: c.sourceID, lost: "this constraint"))
            }
        }
        throw ImportError(.unsupportedDocument, "the imported scene does not load after dropping the constraints UIKit refuses (an importer bug)")
    }
}
