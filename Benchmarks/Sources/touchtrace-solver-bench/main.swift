// touchtrace-solver-bench: times TouchTraceSolver on kiwi_reference.py's 'cards' scene.
//
//   touchtrace-solver-bench [--views 100 1000 10000] [--repeats 5] [--repeats-large 3]
//                           [--max-monolithic 10000] [--dump-dir DIR]
//                           [--only MODE[,MODE...]]   (one, one-grouped, one-local, part, wired)
//
// Modes: one (one solver, required-first: kiwi's order), one-grouped (one solver, required-first per
// section subtree), one-local (one solver, x/y in superview coordinates as UIKit frames are, grouped
// order: an equivalent system, not the one kiwi gets), part (one solver per section), wired (the
// same scene as a TouchTrace scene document — stack views and intrinsic sizes, the root stack
// pinned to the window — through AutoLayoutSystem(scene:), AutoLayoutSystem.resize(window:to:)
// and TouchTrace.layout, encoded as bytes and as a JSON value, with a resizeWindow change). Prints one JSON object per line
// (per size and mode) on stdout; with --dump-dir writes the frames ([[x, y, w, h], ...] per view,
// root coordinates) to DIR/swift-MODE-N.json (wired also swift-wired768-N.json, after the resize
// to 768, and swift-layout768-N.json, the layout pass's frames after resizeWindow to 768).
import CardsSceneGenerator
import TouchTraceEngine
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
var modes: Set<String> = ["one", "one-grouped", "one-local", "part", "wired"]
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
    case "--only": modes = Set(args.removeFirst().split(separator: ",").map(String.init))
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

/// The wired pipeline on the cards scene as a TouchTrace scene (root stack pinned to the window):
/// `AutoLayoutSystem(scene:)` (building the generated constraints, partitioning, solving) and
/// reading every frame; `resize(window:to:)` + every frame again, median over the resize widths;
/// `ResponseEncoder.bytes(TouchTrace.layout(…))` (what the HTTP layout routes return) and its JSON value with a
/// `resizeWindow` change, `Scene.applying` alone (the layout cycles without the response), and
/// the bytes on a `PreparedScene` (what the stored-scene route does: no initial solve).
/// The scene document is decoded once, outside the timings (decode time reported apart).
func runWired(_ n: Int, runs: Int, layoutRuns: Int, dumpDir: String?) {
    let nodes = CardsScene.makeTree(n)
    let document = Array(CardsScene.sceneDocument(nodes, root: .followsWindow).utf8)
    var decodes: [Double] = []
    var scene: Scene! = nil
    for _ in 0..<runs {
        let t0 = clock.now
        scene = try! SceneDecoder().decode(bytes: document)
        decodes.append(seconds(clock.now - t0))
    }
    let index = nodes.map { scene.viewIndex("v\($0.idx)")! }
    let window = scene.viewIndex("win")!
    let height = CardsScene.windowHeight
    /// Frames in root coordinates (the root is at the window's origin), as kiwi's are.
    func rootFrames(_ frame: (Int) -> Rect) -> [[Double]] {
        var out: [[Double]] = []
        out.reserveCapacity(nodes.count)
        for s in nodes {
            let f = frame(index[s.idx])
            var x = f.minX, y = f.minY
            if s.parent >= 0 {
                x += out[s.parent][0]
                y += out[s.parent][1]
            }
            out.append([x, y, f.size.width, f.size.height])
        }
        return out
    }

    var solves: [Double] = [], cpus: [Double] = [], resizes: [Double] = [], resizeOnly: [Double] = []
    var firstResizes: [Double] = []  // the first resize of a freshly built system (768 wide)
    var frames: [[Double]] = [], frames768: [[Double]] = [], framesBack: [[Double]] = []
    var constraintCount = 0, conflicts = 0
    var ambiguousNodes: [Int] = []  // tree indices of the views AutoLayoutSystem reports ambiguous
    for run in 0..<runs {
        let c1 = threadCPU()
        let t1 = clock.now
        var system = AutoLayoutSystem(scene: scene)
        var sink = 0.0
        for v in index {
            let f = system.frame(of: v)
            sink += f.minX + f.size.width
        }
        let t2 = clock.now
        cpus.append(threadCPU() - c1)
        solves.append(seconds(t2 - t1))
        if run == 0 {
            frames = rootFrames { system.frame(of: $0) }
            constraintCount = system.constraints.count
            conflicts = system.conflicts.count
            let ambiguous = Set(system.ambiguousViews)
            ambiguousNodes = nodes.indices.filter { ambiguous.contains(index[$0]) }
        }
        var rs: [Double] = [], ro: [Double] = []
        for width in CardsScene.resizeWidths {
            // Like kiwi's updateVariables(): every frame is read back after the re-solve.
            let t3 = clock.now
            system.resize(window: window, to: Size(width: width, height: height))
            let t4 = clock.now
            for v in index {
                let f = system.frame(of: v)
                sink += f.minX + f.size.width
            }
            rs.append(seconds(clock.now - t3))
            ro.append(seconds(t4 - t3))
            if run == 0 && width == 768 { frames768 = rootFrames { system.frame(of: $0) } }
        }
        precondition(sink.isFinite && abs(system.frame(of: index[0]).size.width - 1024) < 1e-6)
        if run == 0 { framesBack = rootFrames { system.frame(of: $0) } }
        resizes.append(rs.sorted()[rs.count / 2])
        resizeOnly.append(ro.sorted()[ro.count / 2])
        firstResizes.append(rs[0])
    }

    // The user-visible path: a layout request with a resizeWindow change (a rotation-like resize
    // to 768 wide), as the HTTP layout routes answer it.
    let request = LayoutRequest(changes: [LayoutChange(.resizeWindow(window: "win", size: Size(width: 768, height: height)), pointer: "/changes/0")])
    var bytesTimes: [Double] = [], jsonTimes: [Double] = [], applyingTimes: [Double] = [], preparedTimes: [Double] = []
    // A stored scene as the server keeps it: laid out once, its initial Auto Layout system kept.
    let limits = SceneLimits()
    let prepared = PreparedScene(scene, limits: limits)
    var responseBytes = 0
    var layoutFrames: [[Double]] = []
    for run in 0..<layoutRuns {
        var t = clock.now
        // An inline request: the scene is prepared (solved) for this request alone.
        let bytes = ResponseEncoder.bytes(try! TouchTrace.layout(request, in: PreparedScene(scene, limits: limits), limits: limits))
        bytesTimes.append(seconds(clock.now - t))
        responseBytes = bytes.count
        t = clock.now
        let json = ResponseEncoder.json(try! TouchTrace.layout(request, in: PreparedScene(scene, limits: limits), limits: limits))
        jsonTimes.append(seconds(clock.now - t))
        precondition(json["frames"] != nil)
        t = clock.now
        let (result, _) = try! scene.applying(request.changes, limits: limits)
        applyingTimes.append(seconds(clock.now - t))
        t = clock.now
        let preparedBytes = ResponseEncoder.bytes(try! TouchTrace.layout(request, in: prepared, limits: limits))
        preparedTimes.append(seconds(clock.now - t))
        precondition(preparedBytes == bytes, "a prepared scene answered differently")
        if run == 0 { layoutFrames = rootFrames { result.views[$0].frame } }
    }
    if let d = dumpDir {
        writeFrames(frames, to: "\(d)/swift-wired-\(n).json")
        writeFrames(frames768, to: "\(d)/swift-wired768-\(n).json")
        writeFrames(framesBack, to: "\(d)/swift-wiredback-\(n).json")
        writeFrames(layoutFrames, to: "\(d)/swift-layout768-\(n).json")
    }
    emit([("mode", "\"wired\""), ("views", "\(n)"), ("scene_views", "\(scene.views.count)"),
          ("constraints", "\(constraintCount)"), ("conflicts", "\(conflicts)"),
          ("ambiguous_views", "\(ambiguousNodes.count)"), ("ambiguous_nodes", "\(ambiguousNodes)"),
          ("decode_s", "\(decodes.min()!)"), ("solve_s", "\(solves.min()!)"),
          ("solve_median_s", "\(solves.sorted()[solves.count / 2])"), ("solve_cpu_s", "\(cpus.min()!)"),
          ("resize_s", "\(resizes.min()!)"), ("resize_only_s", "\(resizeOnly.min()!)"),
          ("first_resize_s", "\(firstResizes.min()!)"),
          ("layout_bytes_s", "\(bytesTimes.min()!)"), ("layout_json_s", "\(jsonTimes.min()!)"),
          ("applying_s", "\(applyingTimes.min()!)"), ("layout_prepared_s", "\(preparedTimes.min()!)"),
          ("layout_runs", "\(layoutRuns)"),
          ("response_bytes", "\(responseBytes)"), ("root_h", "\(frames[0][3])")])
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
    if modes.contains("part") {
        let f = runPartitioned(n, runs: repeats)
        if let d = dumpDir { writeFrames(f, to: "\(d)/swift-part-\(n).json") }
    }
    if modes.contains("wired") { runWired(n, runs: repeats, layoutRuns: runs, dumpDir: dumpDir) }
}
