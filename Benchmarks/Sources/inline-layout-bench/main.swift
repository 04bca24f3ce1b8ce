// inline-layout-bench: what `POST /v1/layout` (the scene inline) costs the server for a 1,000-view
// scene with a window resize, stage by stage, and how fast the scene document is read next to
// the other Swift JSON parsers on this machine, all measured in the same run (issue 27).
//
//   inline-layout-bench [--views 1000] [--rounds 30] [--only NAME[,NAME...]] [--scene cards|autoresizing]
//                       [--time-budget SECONDS]  # each request under a fresh time budget, as the
//                                                # server gives it (`WorkBudget` with a clock check)
//   inline-layout-bench --write-bodies DIR   # the two request bodies, DIR/autoresizing.json and
//                                            # DIR/cards.json, for scripts/cpu-per-request.sh
//   inline-layout-bench --write-responses DIR  # the two responses (DIR/NAME.response.json), to
//                                            # compare the bytes two builds answer with `cmp`
//   inline-layout-bench --allocator-defaults   # glibc's malloc thresholds left at their defaults
//                                            # (the bench sets them as `touchtrace serve` does:
//                                            # `ProcessMemory.keepFreedMemory`)
//
// Two scenes, each as the body of an inline layout request with a `resizeWindow` change:
// - `autoresizing`: the LayoutBenchmark's table-like rotation scene (a window, a root view, a
//   header and footer, cells of six views; autoresizing masks only, rule L5), 390×844 → 844×390;
// - `cards`: the solver benchmark's card scene (`CardsSceneGenerator`: stack views and intrinsic
//   sizes, rule L6), 1024 → 768 wide.
// Rows (thread CPU time per request, median and best over the rounds, and the thread's minor page
// faults per request, which that CPU time includes; every row of a round is run once per round,
// round after round, so the load of a shared machine falls on all alike):
// - `request`: the whole inline route as the server runs it (TouchTraceServer's
//   `performAdmitted`, `.inline`): the body through `JSONParser`, the scene decoded at `/scene`
//   (`SceneDecoder`), `PreparedScene` (the initial layout cycle, the Auto Layout system solved),
//   the request decoded (`LayoutRequest.decode`), `TouchTrace.layout`, `ResponseEncoder.bytes`;
// - `request-direct`: the same with the scene read straight from the body's bytes
//   (`InlineSceneRequest`: no `JSONValue` tree of the scene);
// - `request-cached`: the same, with the prepared scene reused from a `PreparedSceneCache` (a
//   content hash of the scene's bytes, compared in full on a hit; kept from its second send);
// - `parse`, `parse+decode`, `prepare` (decode and the initial cycle): stages of `request`;
// - `json-*` (the scene document alone, MB/s from its size): Foundation's `JSONSerialization`,
//   Foundation's `JSONDecoder` into a `Codable` JSON enum, the engine's `JSONParser`, and
//   `SceneDecoder.decode(bytes:)` (bytes to a validated `Scene`).
// Issue 24's rows (`dump-*`, with `--only dump`): `Importer.importDocument` on DumpImportBenchmark's
// generated 1 MB dumps (recursiveDescription, XCUITest, Sentry), and the scene decoder alone on
// the scene the recursiveDescription import makes (the reference that benchmark uses).
import CardsSceneGenerator
import DumpGenerator
import SceneGenerator
import TouchTraceOperations
import Foundation
import TouchTraceEngine
import TouchTraceImport
#if canImport(Glibc)
import Glibc
#endif

var viewCount = 1000
var rounds = 30
var only: Set<String>? = nil
var bodiesDirectory: String? = nil
/// With `--scene NAME`, only that scene's rows run (a profile of one scene).
var sceneFilter: String? = nil
var responsesDirectory: String? = nil
/// With `--time-budget`, each request's limits carry a fresh budget that checks the clock against
/// a deadline (`TouchTraceAPI.requestLimits()`'s; the server's default is 10 s), so the engine's
/// loops pay what they pay under the server; without it, the unlimited budget (the CLI's).
var timeBudget: Duration? = nil
/// With `--allocator-defaults`, glibc's malloc keeps its own thresholds (see `ProcessMemory`).
var allocatorDefaults = false
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--views": viewCount = Int(args.removeFirst()) ?? viewCount
    case "--rounds": rounds = Int(args.removeFirst()) ?? rounds
    case "--only": only = Set(args.removeFirst().split(separator: ",").map(String.init))
    case "--write-bodies": bodiesDirectory = args.removeFirst()
    case "--scene": sceneFilter = args.removeFirst()
    case "--write-responses": responsesDirectory = args.removeFirst()
    case "--allocator-defaults": allocatorDefaults = true
    case "--time-budget": timeBudget = Double(args.removeFirst()).map { .milliseconds(Int64(($0 * 1000).rounded())) }
    default:
        print("unknown argument \(a)")
        exit(2)
    }
}

/// The server's setting of the allocator, unless `--allocator-defaults`.
let memory = allocatorDefaults ? ProcessMemory.Outcome.unavailable : ProcessMemory.keepFreedMemory(environment: ProcessInfo.processInfo.environment)

/// CPU time of this thread, in seconds.
func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Minor page faults of this thread so far (pages the kernel had to map on first touch).
func threadMinorFaults() -> Int {
    #if canImport(Glibc)
    var usage = rusage()
    let rusageThread = __rusage_who_t(1)  // RUSAGE_THREAD (sys/resource.h, a GNU extension Swift does not import)
    getrusage(rusageThread, &usage)
    return usage.ru_minflt
    #else
    return 0
    #endif
}

struct Case {
    var name: String
    var document: [UInt8]
    var body: [UInt8]
}

@MainActor func makeCases() -> [Case] {
    let auto = JSONWriter().bytes(RotationSceneDocument.document(viewCount: viewCount))
    let autoChanges = #"{"changes":[{"op":"resizeWindow","window":"win","width":844,"height":390}],"scene":"#
    let cards = Array(CardsScene.sceneDocument(CardsScene.makeTree(viewCount), root: .followsWindow).utf8)
    let cardsChanges = #"{"changes":[{"op":"resizeWindow","window":"win","width":768,"height":\#(Int(CardsScene.windowHeight))}],"scene":"#
    return [
        Case(name: "autoresizing", document: auto, body: Array(autoChanges.utf8) + auto + [UInt8(ascii: "}")]),
        Case(name: "cards", document: cards, body: Array(cardsChanges.utf8) + cards + [UInt8(ascii: "}")]),
    ]
}

/// Foundation's JSONDecoder needs a type: any JSON value.
indirect enum AnyJSON: Decodable {
    case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([AnyJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: AnyJSON].self)) }
    }
}

let baseLimits = SceneLimits()
/// The limits of one request: with `--time-budget`, a fresh budget each time it is read.
var limits: SceneLimits {
    guard let timeBudget else { return baseLimits }
    var limits = baseLimits
    let deadline = ContinuousClock.now.advanced(by: timeBudget)
    limits.budget = WorkBudget { ContinuousClock.now >= deadline }
    return limits
}

/// The inline route as TouchTraceServer runs it (`performAdmitted`, `.inline`), through a tree.
@MainActor func viaTree(_ body: [UInt8]) -> [UInt8] {
    let requestLimits = limits
    let json = try! JSONParser(maxNesting: requestLimits.maxJSONNesting).parse(body)
    let scene = try! SceneDecoder(limits: requestLimits).decode(json["scene"]!, at: "/scene")
    let prepared = try! PreparedScene(scene, limits: requestLimits).checked()
    let request = try! LayoutRequest.decode(json, extraFields: ["scene"])
    return ResponseEncoder.bytes(try! TouchTrace.layout(request, in: prepared, limits: requestLimits))
}

/// The same, the scene read straight from the body's bytes; with `cache`, prepared once per content.
@MainActor func direct(_ body: [UInt8], cache: PreparedSceneCache?) -> [UInt8] {
    let requestLimits = limits
    let inline = InlineSceneRequest.read(body, limits: requestLimits)!
    let prepared: PreparedScene
    if let cache {
        prepared = try! cache.prepared(for: inline, limits: requestLimits)!.checked()
    } else {
        prepared = try! PreparedScene(inline.decodeScene(limits: requestLimits)!, limits: requestLimits).checked()
    }
    let request = try! LayoutRequest.decode(inline.request, extraFields: ["scene"])
    return ResponseEncoder.bytes(try! TouchTrace.layout(request, in: prepared, limits: requestLimits))
}

if let dir = responsesDirectory {
    for c in makeCases() {
        let path = dir + "/" + c.name + ".response.json"
        guard FileManager.default.createFile(atPath: path, contents: Data(viaTree(c.body))) else {
            print("cannot write \(path)")
            exit(1)
        }
        print("\(path)")
    }
    exit(0)
}
if let dir = bodiesDirectory {
    for c in makeCases() {
        let path = dir + "/" + c.name + ".json"
        guard FileManager.default.createFile(atPath: path, contents: Data(c.body)) else {
            print("cannot write \(path)")
            exit(1)
        }
        print("\(path): \(c.body.count) bytes")
    }
    exit(0)
}

var rows: [(String, @MainActor (Case) -> Int)] = []
@MainActor func row(_ name: String, _ body: @escaping @MainActor (Case) -> Int) {
    if let only, !only.contains(where: { name.hasPrefix($0) }) { return }
    rows.append((name, body))
}
var caches: [String: PreparedSceneCache] = [:]
row("request") { viaTree($0.body).count }
row("request-direct") { direct($0.body, cache: nil).count }
row("request-cached") { c in direct(c.body, cache: caches[c.name]!).count }
row("parse") { try! JSONParser().parse($0.body)["scene"] == nil ? 0 : 1 }
row("parse+decode") { c in
    let json = try! JSONParser().parse(c.body)
    return try! SceneDecoder(limits: limits).decode(json["scene"]!, at: "/scene").views.count
}
row("prepare") { c in PreparedScene(try! SceneDecoder().decode(bytes: c.document), limits: limits).laidOut.views.count }
row("json-JSONSerialization") { c in (try! JSONSerialization.jsonObject(with: Data(c.document)) as? [String: Any])?.count ?? 0 }
row("json-JSONDecoder") { c in if case let .object(o) = try! JSONDecoder().decode(AnyJSON.self, from: Data(c.document)) { return o.count }; return 0 }
row("json-JSONParser") { c in if case let .object(o) = try! JSONParser().parse(c.document) { return o.count }; return 0 }
row("json-SceneDecoder") { c in try! SceneDecoder().decode(bytes: c.document).views.count }

/// Issue 24: the 1 MB dumps, imported (bytes to the scene document, warnings and ids).
var dumpRows: [(String, @MainActor () -> Int)] = []
if only == nil || only!.contains(where: { "dump".hasPrefix($0) || $0.hasPrefix("dump") }) {
    let megabyte = 1_000_000
    var reference: JSONValue = .null
    for (name, format, bytes) in [
        ("recursive-description", ImportFormat.recursiveDescription, GeneratedDumps.recursiveDescription(minimumBytes: megabyte)),
        ("xcuitest", .xcuitest, GeneratedDumps.xcuitest(minimumBytes: megabyte)),
        ("sentry", .sentryViewHierarchy, GeneratedDumps.sentry(minimumBytes: megabyte)),
    ] {
        let check = try! Importer.importDocument(bytes, format: format)
        if format == .recursiveDescription { reference = check.scene! }
        print("# dump \(name): \(bytes.count) bytes, \(try! SceneDecoder().decode(check.scene!).views.count) views")
        if let only, !only.contains(where: { "dump-\(name)".hasPrefix($0) }) { continue }
        dumpRows.append(("dump-\(name)", { (try! Importer.importDocument(bytes, format: format)).warnings.count }))
    }
    let scene = reference
    if only == nil || only!.contains(where: { "dump-reference".hasPrefix($0) }) {
        dumpRows.append(("dump-reference-scene-decoder", { try! SceneDecoder().decode(scene).views.count }))
    }
}

let cases = only.map { o in o.allSatisfy { $0.hasPrefix("dump") } } == true ? [] : makeCases().filter { sceneFilter == nil || $0.name == sceneFilter }
for c in cases {
    caches[c.name] = PreparedSceneCache(capacity: 4)
    // The paths answer alike. The cache keeps a document the second time it is prepared (its
    // doorkeeper), so the third call is the first answered from it, as every `request-cached` is.
    let a = viaTree(c.body), b = direct(c.body, cache: nil)
    let d = direct(c.body, cache: caches[c.name]!), e = direct(c.body, cache: caches[c.name]!), f = direct(c.body, cache: caches[c.name]!)
    precondition(caches[c.name]!.counts == (hits: 1, misses: 2), "\(c.name): the cache did not keep the document")
    precondition(a == b && a == d && a == e && a == f, "\(c.name): the inline paths answered differently")
    print("# \(c.name): \(viewCount) views, document \(c.document.count) bytes, body \(c.body.count) bytes, response \(a.count) bytes")
}
var times: [String: [Double]] = [:]
var faults: [String: Int] = [:]
var sink = 0
for _ in 0..<rounds {
    for (name, body) in dumpRows {
        let t0 = threadCPU()
        sink &+= body()
        times[name, default: []].append(threadCPU() - t0)
    }
    for c in cases {
        for (name, body) in rows {
            let f0 = threadMinorFaults()
            let t0 = threadCPU()
            sink &+= body(c)
            times[c.name + " " + name, default: []].append(threadCPU() - t0)
            faults[c.name + " " + name, default: 0] += threadMinorFaults() - f0
        }
    }
}
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
print("# thread CPU ms per call: median (best), minor page faults per call; \(rounds) rounds; load average \(load) at the end; \(memory.label)")
for c in cases {
    for (name, _) in rows {
        let t = times[c.name + " " + name]!.sorted()
        let median = t[t.count / 2], best = t[0]
        var line = String(format: "%-14@ %-24@ %8.3f (%.3f)", c.name as NSString, name as NSString, median * 1e3, best * 1e3)
        if name.hasPrefix("json-") { line += String(format: "  %6.1f MB/s", Double(c.document.count) / median / 1e6) }
        line += String(format: "  %.0f faults", Double(faults[c.name + " " + name]!) / Double(rounds))
        print(line)
    }
}
for (name, _) in dumpRows {
    let t = times[name]!.sorted()
    print(String(format: "%-39@ %8.3f (%.3f)", name as NSString, t[t.count / 2] * 1e3, t[0] * 1e3))
}
if sink == 42 { print("") }
