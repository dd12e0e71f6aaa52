import GeoMap

/// Fits the app asks for on its own, without a key: the pins of a store opened without a
/// saved view, of a reopened view that holds none of them, and the sample pins just loaded.
/// On a large store the answer takes seconds (a million pins, while they are indexed); a
/// zoom or pan the user made meanwhile is their choice, and the late answer must not undo
/// it. `F` and Ctrl-F are asked for by the user, and their answers are always shown.
extension AppState {
    /// Asks for the pins' box (`Effect.fitPins`, unannounced), noting where the map is now.
    mutating func fitQuietly(_ fx: inout Effects) {
        loads.quietFitFrom = map.viewport
        fx.add(.fitPins(fitQuery, announce: false))
    }

    /// Whether a quiet fit's answer may move the map: it has not moved since the app last
    /// left it (by a fit, a resize or the saved view), so no key, wheel or drag moved it.
    var quietFitStillWanted: Bool { loads.quietFitFrom.map { $0 == map.viewport } ?? true }

    /// After the app moved the map itself (a quiet fit shown, a resize keeping the scale):
    /// where a quiet fit still on its way may move it from.
    mutating func noteAppMovedMap(from before: Viewport) {
        if loads.quietFitFrom == before { loads.quietFitFrom = map.viewport }
    }
}
