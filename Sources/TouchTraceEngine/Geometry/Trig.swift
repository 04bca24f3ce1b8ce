#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's math functions, named in one place (the engine imports no Foundation).
enum Trig {
    static func sin(_ x: Double) -> Double { libcSin(x) }
    static func cos(_ x: Double) -> Double { libcCos(x) }
}

private func libcSin(_ x: Double) -> Double { sin(x) }
private func libcCos(_ x: Double) -> Double { cos(x) }
