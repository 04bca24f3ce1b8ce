import Testing
@testable import TouchTraceServer

/// A `Content-Type`'s media type as the body readers compare it (RFC 9110 §8.3.1: parameters
/// after `;`, optional whitespace around, case-insensitive), read from the bytes.
@Suite struct MediaTypeTests {
    @Test(arguments: [
        ("application/json", "application/json"),
        ("application/json; charset=utf-8", "application/json"),
        ("  Application/JSON\t;charset=UTF-8", "application/json"),
        ("application/vnd.touchtrace+json", "application/vnd.touchtrace+json"),
        ("TEXT/Plain ; charset=utf-8", "text/plain"),
        (";", ""),
        ("", ""),
        ("application/jsön", "application/jsön"),  // not ASCII: kept as it is, so it never matches
    ])
    func mediaTypeIsTheLowerCaseTypeWithoutParameters(field: String, expected: String) {
        #expect(TouchTraceAPI.mediaType(field) == expected)
    }
}
