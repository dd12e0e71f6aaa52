/// Plain decimal numbers as coordinates are written: `37.5665`, ` +126.978 `, `1.27E1`, `-.5`,
/// and with a single decimal comma `37,5665` (European spreadsheets). Nothing else: no `NaN`,
/// `inf`, hexadecimal, thousands separators, inner spaces or a second separator.
///
/// Works on UTF-8 bytes without making a `String`: values with at most 19 significant digits
/// and a power of ten within ±22 are exact by Clinger's fast path (W. D. Clinger, "How to read
/// floating point numbers accurately", PLDI 1990); longer ones go through `Double(String)`,
/// which rounds correctly.
public enum DecimalNumber {
    /// Exact powers of ten as `Double` (10^0 … 10^22 are all representable).
    private static let powersOfTen: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return p
    }

    /// The value of `text`, or nil when it is not a plain decimal (or overflows to infinity).
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var lo = 0, hi = text.count
        while lo < hi && (text[lo] == 0x20 || text[lo] == 0x09) { lo += 1 }
        while hi > lo && (text[hi - 1] == 0x20 || text[hi - 1] == 0x09) { hi -= 1 }
        guard lo < hi else { return nil }
        var i = lo
        var negative = false
        if text[i] == 0x2B || text[i] == 0x2D { negative = text[i] == 0x2D; i += 1 }
        var mantissa: UInt64 = 0
        var significant = 0, exp10 = 0
        var sawDigit = false, sawSeparator = false, inexact = false
        while i < hi {
            let c = text[i]
            if c >= 0x30 && c <= 0x39 {
                sawDigit = true
                let d = UInt64(c - 0x30)
                if mantissa == 0 && d == 0 {
                    if sawSeparator { exp10 -= 1 }
                } else if significant < 19 {
                    mantissa = mantissa * 10 + d
                    significant += 1
                    if sawSeparator { exp10 -= 1 }
                } else {
                    inexact = true
                    if !sawSeparator { exp10 += 1 }
                }
            } else if (c == 0x2E || c == 0x2C) && !sawSeparator {
                sawSeparator = true
            } else {
                break
            }
            i += 1
        }
        guard sawDigit else { return nil }
        if i < hi && (text[i] == 0x65 || text[i] == 0x45) {
            i += 1
            var expNegative = false
            if i < hi && (text[i] == 0x2B || text[i] == 0x2D) { expNegative = text[i] == 0x2D; i += 1 }
            var e = 0, expDigits = 0
            while i < hi, text[i] >= 0x30, text[i] <= 0x39 {
                if e < 100_000 { e = e * 10 + Int(text[i] - 0x30) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exp10 += expNegative ? -e : e
        }
        guard i == hi else { return nil }
        let value: Double
        if !inexact && mantissa <= (1 << 53) && exp10 >= -22 && exp10 <= 22 {
            let m = Double(mantissa)
            value = exp10 < 0 ? m / powersOfTen[-exp10] : m * powersOfTen[exp10]
        } else {
            // Validated above, so Double(String) sees only digits, one '.', and an exponent.
            let ascii = text[lo..<hi].map { $0 == 0x2C ? 0x2E : $0 }
            guard let slow = Double(String(decoding: ascii, as: UTF8.self)) else { return nil }
            return slow.isFinite ? slow : nil
        }
        return negative ? -value : value
    }

    /// `parse` for a `String`.
    public static func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }
}
