import Testing
import TouchTraceEngine

/// The one decision (``UnknownGeometry``): a scene's geometry is unknown exactly when its
/// `origin.format` is a dump format that prints no frames and no view has a frame — not for a
/// zero frame a dump printed, nor a scene without an origin, nor once a frame is given.
@Suite struct UnknownGeometryTests {
    static func scene(format: String?, buttonFrame: String) throws -> Scene {
        let origin = format.map { #","origin":{"format":"\#($0)"}"# } ?? ""
        let json = #"{"window":{"id":"w","frame":{"x":0,"y":0,"width":0,"height":0},"subviews":[{"id":"b","class":"UIButton","frame":\#(buttonFrame)}]}\#(origin)}"#
        return try SceneDecoder().decode(bytes: Array(json.utf8))
    }

    static let zero = #"{"x":0,"y":0,"width":0,"height":0}"#
    static let given = #"{"x":10,"y":10,"width":44,"height":44}"#

    @Test(arguments: [
        ("autolayout-trace", zero, true), ("print-hierarchy", zero, true),
        ("autolayout-trace", given, false), ("print-hierarchy", given, false),
        ("recursive-description", zero, false), ("xcuitest", zero, false), ("sentry-view-hierarchy", zero, false), ("figma", zero, false),
    ])
    func decidedByTheOriginFormatAndTheFrames(_ format: String, _ frame: String, _ unknown: Bool) throws {
        let geometry = UnknownGeometry(try Self.scene(format: format, buttonFrame: frame))
        #expect((geometry != nil) == unknown)
        #expect(geometry?.format == (unknown ? format : nil))
    }

    @Test func aSceneWithoutAnOriginIsKnown() throws {
        #expect(UnknownGeometry(try Self.scene(format: nil, buttonFrame: Self.zero)) == nil)
    }

    @Test func theRefusalNamesThePointerAndTheReason() throws {
        let geometry = try #require(UnknownGeometry(try Self.scene(format: "autolayout-trace", buttonFrame: Self.zero)))
        guard case let .invalidRequest(problems) = geometry.refusal(at: "/point", "what a tap there hits") else {
            Issue.record("not an invalid request")
            return
        }
        #expect(problems.map(\.pointer) == ["/point"])
        #expect(problems.first?.message.contains("autolayout-trace format (origin.format), which prints no frames") == true)
        #expect(geometry.warning(at: "/scene/origin/format", "the frames are zero").json["kind"] == "geometryUnknown")
    }
}
