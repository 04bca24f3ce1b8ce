extension Scene {
    /// `" (did you mean \"locateButton\"?)"` for an id the scene does not have but has one close
    /// to (case and up to two edits apart), or "" — so "unknown view id \"locatebutton\"" says
    /// what was meant. `kinds` narrows the candidates (views only, say).
    public func didYouMean(_ id: String, among kinds: (ObjectRef) -> Bool = { _ in true }) -> String {
        var candidates: [String] = []
        for (key, value) in ids where kinds(value) {
            candidates.append(key)
            if candidates.count > IDSuggestion.maxCandidates { return "" }
        }
        return IDSuggestion.didYouMean(id, in: candidates)
    }
}

extension Scene {
    /// Whether an id names a window.
    public func isWindow(_ ref: ObjectRef) -> Bool {
        if case let .view(v) = ref { return views[v].isWindow }
        return false
    }
}

/// Suggestions for mistyped ids, shared by the scene decoder and the request stages. Ids are
/// compared case-insensitively by edit distance (at most 2); among equals the smallest id wins,
/// so the answer does not depend on dictionary order.
package enum IDSuggestion {
    /// The most candidates compared for one suggestion: beyond this (a huge scene) no suggestion
    /// is made, so a request full of unknown ids cannot cost ids × requests comparisons.
    public static let maxCandidates = 20_000

    public static func didYouMean(_ id: String, in candidates: some Sequence<String>) -> String {
        var list: [String] = []
        for candidate in candidates {
            list.append(candidate)
            if list.count > maxCandidates { return "" }
        }
        list.sort()
        if let exact = list.first(where: { $0.lowercased() == id.lowercased() }) { return " (did you mean \"\(exact)\"?)" }
        guard let close = DecodeContext.closest(to: id, in: list) else { return "" }
        return " (did you mean \"\(close)\"?)"
    }

    /// Whether an object is a view.
    public static func isView(_ ref: ObjectRef) -> Bool {
        if case .view = ref { return true }
        return false
    }
}
