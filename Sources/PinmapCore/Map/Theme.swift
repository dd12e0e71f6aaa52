import Frame
import GeoMap

/// Every style the UI uses, in one place. Without colour (NO_COLOR, an
/// 8-colour-less terminal) the attributes alone keep things apart.
public struct Theme: Sendable {
    var color: Bool
    /// Category → palette slot (`AppState.categorySlots`).
    var categorySlots: [String: Int] = [:]

    /// The styles with colours or without, with each category's palette slot.
    public init(color: Bool, categorySlots: [String: Int] = [:]) {
        self.color = color; self.categorySlots = categorySlots
    }

    private func c(_ fg: Color, bold: Bool = false, dim: Bool = false, reverse: Bool = false, bg: Color = .default) -> Style {
        color ? Style(fg: fg, bg: bg, bold: bold, dim: dim, reverse: reverse)
              : Style(bold: bold, dim: dim, reverse: reverse)
    }

    var text: Style { .plain }
    var muted: Style { c(.brightBlack, dim: !color) }
    var title: Style { c(.default, bold: true) }
    /// The default foreground (bold), not white: white vanishes on a light terminal's background.
    var grabber: Style { c(.default, bold: true) }
    var sheet: Style { .plain }
    var sheetBorder: Style { c(.brightBlack) }
    var selectedRow: Style { Style(fg: .default, bg: .default, bold: true, reverse: true) }
    var category: Style { c(.cyan) }
    /// A category's own colour, the one its pins have on the map (`MapTheme`).
    public func category(_ name: String) -> Style {
        color ? Style(fg: MapTheme.categoryColor(categorySlots[name] ?? MapTheme.categorySlot(name))) : .plain
    }
    var date: Style { c(.brightBlack) }
    /// A forced background always comes with a forced foreground: the default one is black
    /// on a light terminal, and black on black hides the tabs.
    var tabBar: Style { c(.white, bg: color ? .black : .default) }
    /// Black on white as the status line, apart from the white-on-black bar on dark and light
    /// terminals alike (a reversed default would be white on black on a light terminal).
    var tabActive: Style { c(.black, bold: true, reverse: !color, bg: color ? .white : .default) }
    var status: Style { c(.black, reverse: !color, bg: color ? .white : .default) }
    var statusMessage: Style { c(.black, bold: true, reverse: !color, bg: color ? .yellow : .default) }
    var focusMark: Style { c(.yellow, bold: true) }
    var hint: Style { c(.yellow) }
    var key: Style { c(.yellow, bold: true) }
    /// A routine success (Toast.swift).
    var toast: Style { c(.green, bold: true, reverse: true) }
    /// A success with a catch (an import that rejected rows).
    var toastWarning: Style { c(.yellow, bold: true, reverse: true) }
    var error: Style { c(.red, bold: true) }
    var checked: Style { c(.green, bold: true) }
}
