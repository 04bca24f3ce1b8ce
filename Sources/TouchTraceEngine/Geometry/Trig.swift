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
    /// The natural logarithm (scroll deceleration, S5).
    static func log(_ x: Double) -> Double { libcLog(x) }
    /// `x` to the power `y` (scroll deceleration, S5).
    static func pow(_ x: Double, _ y: Double) -> Double { libcPow(x, y) }
}

private func libcSin(_ x: Double) -> Double { sin(x) }
private func libcCos(_ x: Double) -> Double { cos(x) }
private func libcLog(_ x: Double) -> Double { log(x) }
private func libcPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
