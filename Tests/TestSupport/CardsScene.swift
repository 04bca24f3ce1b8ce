/// The 'cards' scene of `kiwi_reference.py` (/work/shared/bench): its node tree and
/// kiwisolver's frames for 60 nodes, shared by the solver tests (the benchmark's direct system)
/// and the engine tests (the same scene built as UIStackViews). The generator is a port of
/// `_make_cards(n)`: a root column of sections, a section a row of 4 cards, a card a column of
/// image, title, subtitle and a row of 2 buttons; leaves get intrinsic sizes from their index.
public struct CardsTree: Sendable {
    public struct Node: Sendable {
        public var parent: Int
        public var children: [Int] = []
        public var depth: Int
        public var iw: Double
        public var ih: Double
    }

    public private(set) var nodes: [Node] = []

    public init(_ n: Int) {
        var nodes: [Node] = []
        func new(_ parent: Int) -> Int? {
            guard nodes.count < n else { return nil }
            let i = nodes.count
            nodes.append(Node(parent: parent, depth: parent < 0 ? 0 : nodes[parent].depth + 1,
                              iw: 20 + Double((i * 7) % 40), ih: 16 + Double((i * 5) % 16)))
            if parent >= 0 { nodes[parent].children.append(i) }
            return i
        }
        _ = new(-1)
        while nodes.count < n {
            let section = new(0)!
            cards: for _ in 0..<4 {
                guard let card = new(section) else { break }
                for _ in 0..<3 where new(card) == nil { break cards }
                guard let buttons = new(card) else { break }
                for _ in 0..<2 where new(buttons) == nil { break }
            }
        }
        self.nodes = nodes
    }
}

/// kiwisolver's frames (`[x, y, width, height]` in root coordinates, margins and spacing 8) for
/// `CardsTree(60)`, measured with kiwi_reference.py's direct system.
public enum KiwiCardsFrames {
    /// kiwisolver's frames for `CardsTree(60)` at root width 1024 (one solver, required-first).
    public static let kiwiFrames60: [[Double]] = [
        [0, 0, 1024, 410], [8, 8, 1008, 180], [16, 16, 242, 164], [24, 24, 226, 39], [24, 71, 226, 20], [24, 99, 226, 25],
        [24, 132, 226, 40], [32, 140, 101, 24], [141, 140, 101, 24], [266, 16, 242, 164], [274, 24, 226, 30], [274, 62, 226, 23],
        [274, 93, 226, 28], [274, 129, 226, 43], [282, 137, 101, 27], [391, 137, 101, 27], [516, 16, 242, 164], [524, 24, 226, 21],
        [524, 53, 226, 26], [524, 87, 226, 31], [524, 126, 226, 46], [532, 134, 101, 30], [641, 134, 101, 30], [766, 16, 242, 164],
        [774, 24, 226, 33], [774, 65, 226, 29], [774, 102, 226, 18], [774, 128, 226, 44], [782, 136, 101, 28], [891, 136, 101, 28],
        [8, 196, 1008, 175], [16, 204, 242, 159], [24, 212, 226, 31], [24, 251, 226, 21], [24, 280, 226, 26], [24, 314, 226, 41],
        [32, 322, 101, 25], [141, 322, 101, 25], [266, 204, 242, 159], [274, 212, 226, 22], [274, 242, 226, 24], [274, 274, 226, 29],
        [274, 311, 226, 44], [282, 319, 101, 28], [391, 319, 101, 28], [516, 204, 242, 159], [524, 212, 226, 29], [524, 249, 226, 27],
        [524, 284, 226, 16], [524, 308, 226, 47], [532, 316, 101, 31], [641, 316, 101, 31], [766, 204, 242, 159], [774, 212, 226, 25],
        [774, 245, 226, 30], [774, 283, 226, 19], [774, 310, 226, 45], [782, 318, 101, 29], [891, 318, 101, 29], [8, 379, 1008, 23],
    ]

    /// kiwisolver's frames after `suggestValue(root width, 768)` on that solver.
    public static let kiwiFrames60At768: [[Double]] = [
        [0, 0, 768, 410], [8, 8, 752, 180], [16, 16, 178, 164], [24, 24, 162, 39], [24, 71, 162, 20], [24, 99, 162, 25],
        [24, 132, 162, 40], [32, 140, 69, 24], [109, 140, 69, 24], [202, 16, 178, 164], [210, 24, 162, 30], [210, 62, 162, 23],
        [210, 93, 162, 28], [210, 129, 162, 43], [218, 137, 69, 27], [295, 137, 69, 27], [388, 16, 178, 164], [396, 24, 162, 21],
        [396, 53, 162, 26], [396, 87, 162, 31], [396, 126, 162, 46], [404, 134, 69, 30], [481, 134, 69, 30], [574, 16, 178, 164],
        [582, 24, 162, 33], [582, 65, 162, 29], [582, 102, 162, 18], [582, 128, 162, 44], [590, 136, 69, 28], [667, 136, 69, 28],
        [8, 196, 752, 175], [16, 204, 178, 159], [24, 212, 162, 31], [24, 251, 162, 21], [24, 280, 162, 26], [24, 314, 162, 41],
        [32, 322, 69, 25], [109, 322, 69, 25], [202, 204, 178, 159], [210, 212, 162, 22], [210, 242, 162, 24], [210, 274, 162, 29],
        [210, 311, 162, 44], [218, 319, 69, 28], [295, 319, 69, 28], [388, 204, 178, 159], [396, 212, 162, 29], [396, 249, 162, 27],
        [396, 284, 162, 16], [396, 308, 162, 47], [404, 316, 69, 31], [481, 316, 69, 31], [574, 204, 178, 159], [582, 212, 162, 25],
        [582, 245, 162, 30], [582, 283, 162, 19], [582, 310, 162, 45], [590, 318, 69, 29], [667, 318, 69, 29], [8, 379, 752, 23],
    ]
}
