import Frame
@testable import Terminal

/// Feeds `s` to a new decoder, scalar by scalar, and flushes what is pending unless told not to.
func decode(_ s: String, flush: Bool = true) -> [InputEvent] {
    var d = InputDecoder()
    var out: [InputEvent] = []
    for u in s.unicodeScalars { out += d.feed(char: u.value) }
    if flush { out += d.flush() }
    return out
}
