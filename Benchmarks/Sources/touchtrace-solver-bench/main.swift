// touchtrace-solver-bench: times TouchTraceSolver on kiwi_reference.py's 'cards' scene.
//
//   touchtrace-solver-bench [--views 100 1000 10000] [--repeats 5] [--repeats-large 3]
//                           [--max-monolithic 10000] [--dump-dir DIR] [--only one|one-grouped|one-local|part]
//
// Modes: one (one solver, required-first: kiwi's order), one-grouped (one solver, required-first per
// section subtree), one-local (one solver, x/y in superview coordinates as UIKit frames are, grouped
// order: an equivalent system, not the one kiwi gets), part (one solver per section). Prints one JSON object per line (per size and
// mode) on stdout; with --dump-dir writes the frames ([[x, y, w, h], ...] per view, root
// coordinates) to DIR/swift-MODE-N.json.
import TouchTraceSolver
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var views = [100, 1000, 10000]
var repeats = 5
var repeatsLarge = 3
var maxMonolithic = 10000
var dumpDir: String? = nil
var modes: Set<String> = ["one", "one-grouped", "one-local", "part"]
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--views":
        views = []
        while let f = args.first, let n = Int(f) { views.append(n); args.removeFirst() }
    case "--repeats": repeats = Int(args.removeFirst()) ?? repeats
    case "--repeats-large": repeatsLarge = Int(args.removeFirst()) ?? repeatsLarge
    case "--max-monolithic": maxMonolithic = Int(args.removeFirst()) ?? maxMonolithic
    case "--dump-dir": dumpDir = args.removeFirst()
    case "--only": modes = [args.removeFirst()]
    default:
        print("unknown argument \(a)")
        exit(2)
    }
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func writeFrames(_ frames: [[Double]], to path: String) {
    var s = "["
    for (i, f) in frames.enumerated() {
        if i > 0 { s += "," }
        s += "[\(f[0]),\(f[1]),\(f[2]),\(f[3])]"
    }
    s += "]\n"
    guard let fp = fopen(path, "w") else { return }
    _ = s.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, fp) }
    fclose(fp)
}

func emit(_ fields: [(String, String)]) {
    print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
}

let clock = ContinuousClock()

/// CPU time of this thread (less sensitive than wall time to other processes on a busy machine).
func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// One solver for the whole scene, edit variable first; insertion required-first (kiwi's best
/// order) or, with `grouped`, required-first per section subtree. With `local`, x/y variables are in
/// superview coordinates and frames are converted to root coordinates for the comparison.
func runOneSolver(_ n: Int, runs: Int, grouped: Bool, local: Bool = false) -> [[Double]] {
    let nodes = CardsScene.makeTree(n)
    var builds: [Double] = [], solves: [Double] = [], resizes: [Double] = [], cpus: [Double] = []
    var frames: [[Double]] = []
    var rows = 0, cells = 0, ambiguous = 0, ncons = 0
    for _ in 0..<runs {
        let t0 = clock.now
        var groups: [Int] = []
        let all = CardsScene.constraints(nodes, groups: &groups, local: local)
        let order = grouped ? ConstraintPartition.requiredFirstOrder(all, groups: groups)
                            : ConstraintPartition.requiredFirstOrder(all)
        let cons = order.map { all[$0] }
        let c1 = threadCPU()
        let t1 = clock.now
        var solver = Solver()
        try! solver.addEditVariable(CardsScene.w(0), priority: CardsScene.editPriority)
        try! solver.suggestValue(CardsScene.w(0), CardsScene.rootWidth)
        for c in cons { try! solver.addConstraint(c) }
        frames = nodes.map { s in
            [solver.value(of: CardsScene.x(s.idx)), solver.value(of: CardsScene.y(s.idx)),
             solver.value(of: CardsScene.w(s.idx)), solver.value(of: CardsScene.h(s.idx))]
        }
        if local {  // superview coordinates -> root coordinates (parents come first)
            for s in nodes where s.parent >= 0 {
                frames[s.idx][0] += frames[s.parent][0]
                frames[s.idx][1] += frames[s.parent][1]
            }
        }
        let t2 = clock.now
        cpus.append(threadCPU() - c1)
        builds.append(seconds(t1 - t0))
        solves.append(seconds(t2 - t1))
        var rs: [Double] = []
        var sink = 0.0
        for width in CardsScene.resizeWidths {
            let t3 = clock.now
            try! solver.suggestValue(CardsScene.w(0), width)
            for s in nodes { sink += solver.value(of: CardsScene.w(s.idx)) + solver.value(of: CardsScene.x(s.idx)) }
            rs.append(seconds(clock.now - t3))
        }
        precondition(sink.isFinite && abs(solver.value(of: CardsScene.w(0)) - 1024) < 1e-6)
        resizes.append(rs.sorted()[rs.count / 2])
        rows = solver.statistics.rows
        cells = solver.statistics.cells
        ncons = cons.count
        ambiguous = nodes.filter { s in
            [CardsScene.x(s.idx), CardsScene.y(s.idx), CardsScene.w(s.idx), CardsScene.h(s.idx)]
                .contains { solver.isAmbiguous($0) }
        }.count
    }
    emit([("mode", local ? "\"one-local\"" : grouped ? "\"one-grouped\"" : "\"one\""), ("views", "\(n)"), ("constraints", "\(ncons)"), ("rows", "\(rows)"), ("cells", "\(cells)"),
          ("build_s", "\(builds.min()!)"), ("solve_s", "\(solves.min()!)"),
          ("solve_median_s", "\(solves.sorted()[solves.count / 2])"),
          ("solve_cpu_s", "\(cpus.min()!)"),
          ("resize_s", "\(resizes.min()!)"), ("ambiguous_views", "\(ambiguous)"),
          ("root_h", "\(frames[0][3])")])
    return frames
}

/// One solver per section (width from the root as an edit variable), root column by running sum.
func runPartitioned(_ n: Int, runs: Int) -> [[Double]] {
    let nodes = CardsScene.makeTree(n)
    let sections = nodes[0].children.map { CardsScene.cloneSubtree(nodes, root: $0) }
    var builds: [Double] = [], solves: [Double] = [], resizes: [Double] = [], cpus: [Double] = []
    var frames: [[Double]] = []
    var ncons = 0
    for _ in 0..<runs {
        let t0 = clock.now
        let built = sections.map { ConstraintPartition.requiredFirst(CardsScene.constraints($0.0)) }
        let c1 = threadCPU()
        let t1 = clock.now
        var solvers: [Solver] = []
        solvers.reserveCapacity(built.count)
        for cons in built {
            var sv = Solver()
            try! sv.addEditVariable(CardsScene.w(0), priority: CardsScene.editPriority)
            try! sv.suggestValue(CardsScene.w(0), CardsScene.rootWidth - 2 * CardsScene.pad)
            for c in cons { try! sv.addConstraint(c) }
            solvers.append(sv)
        }
        // Root column: running sum of section heights; frames into root coordinates.
        frames = [[Double]](repeating: [0, 0, 0, 0], count: n)
        var y = CardsScene.pad
        for (k, sv) in solvers.enumerated() {
            let (local, origin) = sections[k]
            for s in local {
                frames[origin[s.idx]] = [CardsScene.pad + sv.value(of: CardsScene.x(s.idx)),
                                         y + sv.value(of: CardsScene.y(s.idx)),
                                         sv.value(of: CardsScene.w(s.idx)), sv.value(of: CardsScene.h(s.idx))]
            }
            y += sv.value(of: CardsScene.h(0)) + CardsScene.spacing
        }
        frames[0] = [0, 0, CardsScene.rootWidth, solvers.isEmpty ? 2 * CardsScene.pad : y - CardsScene.spacing + CardsScene.pad]
        let t2 = clock.now
        cpus.append(threadCPU() - c1)
        builds.append(seconds(t1 - t0))
        solves.append(seconds(t2 - t1))
        var rs: [Double] = []
        var sink = 0.0
        for width in CardsScene.resizeWidths {
            // Like kiwi's updateVariables(): every value is read back after the suggestion.
            let t3 = clock.now
            var y = CardsScene.pad
            for k in solvers.indices {
                try! solvers[k].suggestValue(CardsScene.w(0), width - 2 * CardsScene.pad)
                for s in sections[k].0 { sink += solvers[k].value(of: CardsScene.w(s.idx)) + solvers[k].value(of: CardsScene.x(s.idx)) }
                y += solvers[k].value(of: CardsScene.h(0)) + CardsScene.spacing
            }
            precondition(y.isFinite && sink.isFinite)
            rs.append(seconds(clock.now - t3))
        }
        resizes.append(rs.sorted()[rs.count / 2])
        ncons = built.reduce(0) { $0 + $1.count } + 2 * built.count + 2
    }
    emit([("mode", "\"part\""), ("views", "\(n)"), ("sections", "\(sections.count)"), ("constraints", "\(ncons)"),
          ("build_s", "\(builds.min()!)"), ("solve_s", "\(solves.min()!)"),
          ("solve_median_s", "\(solves.sorted()[solves.count / 2])"),
          ("solve_cpu_s", "\(cpus.min()!)"),
          ("resize_s", "\(resizes.min()!)"), ("root_h", "\(frames[0][3])")])
    return frames
}

for n in views {
    let runs = n >= 5000 ? repeatsLarge : repeats
    for grouped in [false, true] where n <= maxMonolithic && modes.contains(grouped ? "one-grouped" : "one") {
        let f = runOneSolver(n, runs: runs, grouped: grouped)
        if let d = dumpDir { writeFrames(f, to: "\(d)/swift-\(grouped ? "one-grouped" : "one")-\(n).json") }
    }
    if modes.contains("one-local") && n <= maxMonolithic {
        let f = runOneSolver(n, runs: runs, grouped: true, local: true)
        if let d = dumpDir { writeFrames(f, to: "\(d)/swift-one-local-\(n).json") }
    }
    guard modes.contains("part") else { continue }
    let f = runPartitioned(n, runs: repeats)
    if let d = dumpDir { writeFrames(f, to: "\(d)/swift-part-\(n).json") }
}
