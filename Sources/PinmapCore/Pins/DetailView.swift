import Frame
import GeoMap
import PinModel

/// Where the detail page's parts sit inside the card body `body` (below the
/// grabber row). Drawing and clicks share it.
struct DetailLayout {
    var titleRow: Int, coordsRow: Int, datesRow: Int
    /// The wrapped description (left) and the small map with its border (right).
    var description: Rect
    var map: Rect
    var commentsHeaderRow: Int
    var comments: Rect
    /// The footer's first row: the outage and the last outcome on as many rows as
    /// `footerLines`, then the comment input or the deleted pin's notice on the page's last
    /// row (`footerLastRow`); else the keys (or "Saving…").
    var footerRow: Int
    /// The store's outage (`outage`) and the last outcome (`PinDetail.note`) wrapped whole
    /// (`footerNoteLines`); empty when the footer shows only the keys.
    var footerLines: [String] = []
    /// The page's last row holds the comment input or the deleted pin's notice, under `footerLines`.
    var footerLastRow = false
    /// The title did not fit its row whole: the description shows it in full above its text.
    var titleCut = false

    /// Most rows the description and map take, and the map's widest frame.
    static let maxMiddleRows = 10
    static let maxMapWidth = 46

    /// The parts for `detail` (nil: the split without its text) in `body`; `outage`: what the
    /// footer says while the store cannot be reached (the page covers the status line). The description
    /// and map share the rows with the comments (at most `maxMiddleRows` each way); a
    /// description longer than that takes the rows the comments do not need (at 80×24 the
    /// properties were cut above 6 empty rows), and scrolls when it still does not fit.
    init(body b: Rect, detail: PinDetail? = nil, outage: String? = nil, ascii: Bool = false) {
        titleRow = b.y; coordsRow = b.y + 1; datesRow = b.y + 2
        if let detail {
            footerLines = DetailLayout.footerNoteLines(detail, outage: outage, body: b, ascii: ascii)
            footerLastRow = detail.input != nil || detail.pinGone
        }
        footerRow = b.maxY - max(1, footerLines.count + (footerLastRow ? 1 : 0))
        let middleTop = b.y + 4
        let available = max(0, footerRow - middleTop)
        let split = min(DetailLayout.maxMiddleRows, max(0, (available - 1) / 2))
        let mapWidth = b.width >= 60 && split >= 4 ? min(DetailLayout.maxMapWidth, b.width * 2 / 5) : 0
        let textWidth = b.width - 4 - (mapWidth > 0 ? mapWidth + 2 : 0)
        var middle = split
        if let detail { titleCut = DetailTitleRow(detail.pin, width: b.width, ascii: ascii).cut }
        if let detail, split > 0 {
            // The comments keep a gap, their header and a row per comment (one at least).
            let spare = available - 2 - max(1, detail.comments.count)
            let lines = DetailLayout.descriptionLines(detail, width: textWidth, titleCut: titleCut, ascii: ascii).count
            middle = max(split, min(lines, spare))
        }
        map = Rect(x: b.maxX - mapWidth - 1, y: middleTop, width: mapWidth, height: mapWidth > 0 ? split : 0)
        description = Rect(x: b.x + 2, y: middleTop, width: textWidth, height: middle)
        commentsHeaderRow = middleTop + middle + (middle > 0 ? 1 : 0)
        comments = Rect(x: b.x, y: commentsHeaderRow + 1, width: b.width, height: max(0, footerRow - commentsHeaderRow - 1))
    }

    /// The description with the properties, wrapped to `width` cells (none when empty);
    /// after the whole title when the title row had to cut it (`titleCut`).
    static func descriptionLines(_ d: PinDetail, width: Int, titleCut: Bool, ascii: Bool) -> [String] {
        var text = d.descriptionWithProperties
        if titleCut {
            let rest = trimmedText(text).isEmpty ? S.dtNoDescription.text : text
            text = SafeText.sanitize(d.pin.title, ascii: ascii) + "\n\n" + rest
        }
        guard width > 0, !trimmedText(text).isEmpty else { return [] }
        return TextWrap.lines(text, width: width, ascii: ascii)
    }

    /// The outage, then the last outcome, under two cells, each wrapped whole like the add
    /// form's refusal (`TextWrap.hanging`): a failure says what to do after what failed, and a
    /// row cut at the edge lost that. At most a third of the page's rows; a longer one ends with "…".
    static func footerNoteLines(_ d: PinDetail, outage: String?, body b: Rect, ascii: Bool) -> [String] {
        let all = [outage, d.note].compactMap { $0 }.flatMap {
            TextWrap.hanging($0, prefix: "  ", width: b.width - 2, ascii: ascii)
        }
        guard !all.isEmpty else { return [] }
        let most = max(1, b.height / 3)
        guard all.count > most else { return all }
        var kept = Array(all.prefix(most))
        kept[most - 1] = DisplayWidth.truncate(kept[most - 1] + " …", to: b.width - 2, ascii: ascii)
        return kept
    }

    /// The first description line shown for `scroll`: no rows left blank past the last line.
    func firstDescriptionLine(_ scroll: Int, lineCount: Int) -> Int {
        min(max(0, scroll), max(0, lineCount - description.height))
    }
}

/// The detail page's first row: the title and "  ·  category", cut with "…" so that the
/// id label (`#54  Esc closes`) keeps its cells and a gap before it. A category takes at
/// most a third of the row when both do not fit; the title the rest.
struct DetailTitleRow {
    var title: String
    var category: String
    /// The title did not fit whole.
    var cut: Bool

    init(_ pin: Pin, width: Int, ascii: Bool) {
        // Two cells before the title, two between the row's text and the id label.
        let room = max(1, width - 2 - 2 - DisplayWidth.of(S.dtCloses(pin.id)))
        let fullTitle = SafeText.sanitize(pin.title, ascii: ascii)
        let fullCategory = SafeText.sanitize(pin.category, ascii: ascii)
        let categoryCells = fullCategory.isEmpty ? 0 : Self.separator.count + DisplayWidth.of(fullCategory)
        let titleCells = DisplayWidth.of(fullTitle)
        let categoryRoom = titleCells + categoryCells <= room ? categoryCells : min(categoryCells, room / 3)
        let titleRoom = max(1, room - categoryRoom)
        title = DisplayWidth.truncate(fullTitle, to: titleRoom, ascii: ascii)
        cut = titleCells > titleRoom
        let left = room - DisplayWidth.of(title) - Self.separator.count
        category = fullCategory.isEmpty || left < 2 ? "" : DisplayWidth.truncate(fullCategory, to: left, ascii: ascii)
    }

    /// Between the title and the category.
    static let separator = "  ·  "
}

/// Draws the pin detail page: title and category, coordinates in decimal
/// degrees and in degrees-minutes-seconds, created and updated times, the
/// wrapped description beside a small map centred on the pin, the dated
/// comments, and a footer (keys, the comment input, or the last outcome).
/// Every piece of pin text is sanitized before it is measured or drawn.
enum DetailView {
    /// Zoom of the small map: 360° / 64 ≈ 5.6° of longitude across, enough
    /// to show the nearest coastline or border around the pin.
    static let mapZoom = 64.0

    static func draw(_ d: PinDetail, in body: Rect, state: AppState, into screen: inout Screen, theme: Theme) {
        guard body.height > 0 else { return }
        let ascii = state.presentation.ascii
        let l = DetailLayout(body: body, detail: d, outage: state.detailOutage, ascii: ascii)
        let pin = d.pin
        let heading = DetailTitleRow(pin, width: body.width, ascii: ascii)
        var x = screen.put("  " + heading.title, col: body.x, row: l.titleRow, style: theme.title)
        if !heading.category.isEmpty {
            x = screen.put(DetailTitleRow.separator, col: x, row: l.titleRow, style: theme.muted)
            screen.put(heading.category, col: x, row: l.titleRow, style: theme.category(pin.category))
        }
        let idLabel = S.dtCloses(pin.id)
        screen.put(idLabel, col: body.maxX - DisplayWidth.of(idLabel), row: l.titleRow, style: theme.muted)
        let decimal = "\(CoordinateText.decimal(pin.latitude)), \(CoordinateText.decimal(pin.longitude))"
        let dms = CoordinateText.dms(latitude: pin.latitude, longitude: pin.longitude)
        let place = SafeText.sanitize(pin.placeText(state.placeNaming), ascii: ascii)
        screen.put("  \(decimal)  ·  \(dms)  ·  \(place)", col: body.x, row: l.coordsRow, maxWidth: body.width)
        // One format, in the pin's own offset (DateText.swift).
        let offset = DateText.offset(of: pin.createdAt)
        screen.put(S.dtCreated(SafeText.sanitize(DateText.text(pin.createdAt, in: offset), ascii: ascii),
                               SafeText.sanitize(DateText.text(pin.updatedAt, in: offset), ascii: ascii)),
                   col: body.x, row: l.datesRow, style: theme.date)
        drawDescription(d, layout: l, into: &screen, ascii: ascii, theme: theme)
        drawMap(pin, in: l.map, state: state, into: &screen, theme: theme)
        drawComments(d, layout: l, into: &screen, ascii: ascii, theme: theme)
        drawFooter(d, layout: l, width: body.width, saving: state.savingText, into: &screen, ascii: ascii, theme: theme)
        if let nested = d.confirm { drawNested(nested, into: &screen, state: state, theme: theme) }
    }

    /// The description from the scrolled line (`PinDetail.descriptionScroll`); a cut last
    /// row ends with "… PgDn".
    private static func drawDescription(_ d: PinDetail, layout l: DetailLayout, into screen: inout Screen, ascii: Bool, theme: Theme) {
        let r = l.description
        guard r.height > 0, r.width > 0 else { return }
        let lines = DetailLayout.descriptionLines(d, width: r.width, titleCut: l.titleCut, ascii: ascii)
        if lines.isEmpty {
            screen.put(S.dtNoDescription.text, col: r.x, row: r.y, style: theme.muted)
            return
        }
        let first = l.firstDescriptionLine(d.descriptionScroll, lineCount: lines.count)
        for (i, line) in lines.dropFirst(first).prefix(r.height).enumerated() {
            let cut = i == r.height - 1 && lines.count > first + r.height
            let shown = cut ? DisplayWidth.truncate(line + " " + S.dtMoreBelow.text, to: r.width, ascii: ascii) : line
            screen.put(shown, col: r.x, row: r.y + i, maxWidth: r.width)
        }
    }

    private static func drawMap(_ pin: Pin, in frame: Rect, state: AppState, into screen: inout Screen, theme: Theme) {
        guard frame.width >= 6, frame.height >= 4 else { return }
        HelpView.drawBorder(frame, into: &screen, ascii: state.presentation.ascii, theme: theme)
        let inner = frame.inset(dx: 1, dy: 1)
        let viewport = Viewport(center: GeoPoint(latitude: pin.latitude, longitude: pin.longitude), zoom: mapZoom)
        let index = state.map.categorySlot(pin.category)
        let marker = MapMarker(id: pin.id, latitude: pin.latitude, longitude: pin.longitude, count: 1,
                               categoryIndex: index, title: "", selected: true)
        MapRenderer.draw(into: &screen, pane: inner, viewport: viewport, markers: [marker],
                         options: MapOptions(ascii: state.presentation.ascii, color: state.presentation.color, graticule: false,
                                             placeNames: state.presentation.placeLanguage))
        let span = S.dtAcross(CoordinateText.decimal(360 / mapZoom, decimals: 1))
        screen.put(span, col: frame.x + 2, row: frame.y, style: theme.muted, maxWidth: frame.width - 4)
    }

    private static func drawComments(_ d: PinDetail, layout l: DetailLayout, into screen: inout Screen, ascii: Bool, theme: Theme) {
        guard l.commentsHeaderRow < l.footerRow else { return }
        let count = d.commentsLoaded ? "\(d.comments.count)" : "…"
        let x = screen.put(S.dtComments(count), col: l.comments.x, row: l.commentsHeaderRow, style: theme.title)
        if !d.pinGone { screen.put(S.dtCommentKeys.text, col: x, row: l.commentsHeaderRow, style: theme.muted) }
        let r = l.comments
        guard r.height > 0 else { return }
        if d.commentsLoaded && d.comments.isEmpty {
            screen.put(S.dtNoComments.text, col: r.x, row: r.y, style: theme.muted)
            return
        }
        var dayWidth = 0
        for (i, line) in CommentRows(d, width: r.width, height: r.height, ascii: ascii).rows.enumerated() {
            let row = r.y + i
            let selected = line.index == d.cursor
            let base: Style = selected ? theme.selectedRow : .plain
            if selected { screen.fill(Rect(x: r.x, y: row, width: r.width, height: 1), with: Cell(" ", base)) }
            let lead = line.day == nil ? "    " : selected ? (ascii ? "  > " : "  ▸ ") : "    "
            var x = screen.put(lead, col: r.x, row: row, style: base)
            if let day = line.day {
                dayWidth = DisplayWidth.of(day)
                x = screen.put(day, col: x, row: row, style: selected ? base : theme.date)
            } else {
                x += dayWidth  // a wrapped comment's next rows start under its first row's text
            }
            screen.put(String(repeating: " ", count: CommentRows.gap) + line.text, col: x, row: row, style: base)
        }
    }

    /// The outage and the last outcome, then the comment input or the deleted pin's notice;
    /// without either of the first, "Saving…" (`saving`: the page covers the status line) or the keys.
    private static func drawFooter(_ d: PinDetail, layout l: DetailLayout, width: Int, saving: String?, into screen: inout Screen,
                                   ascii: Bool, theme: Theme) {
        for (i, line) in l.footerLines.enumerated() { screen.put(line, col: 0, row: l.footerRow + i, style: theme.hint) }
        let row = l.footerRow + l.footerLines.count
        if d.pinGone {
            screen.put(S.dtPinGoneKeys.text, col: 0, row: row, style: theme.hint)
        } else if let field = d.input {
            let x = screen.put(S.dtNewComment.text, col: 0, row: row, style: theme.title)
            let hint = S.dtNewCommentHint.text
            let box = Rect(x: x, y: row, width: max(8, width - x - DisplayWidth.of(hint) - 1), height: 1)
            TextFieldView.draw(field, in: box, ascii: ascii, into: &screen)
            screen.put(hint, col: box.maxX, row: row, style: theme.muted)
        } else if !l.footerLines.isEmpty {
            return
        } else if let saving {
            screen.put("  " + saving, col: 0, row: row, style: theme.hint)
        } else {
            screen.put(S.dtKeys.text, col: 0, row: row, style: theme.muted)
        }
    }

    /// The pop-up raised from the page: the page dims behind it.
    private static func drawNested(_ nested: PinDetail.NestedConfirm, into screen: inout Screen, state: AppState, theme: Theme) {
        guard let body = ModalView.drawCard(nested.presentation, now: state.clock, into: &screen,
                                            ascii: state.presentation.ascii, theme: theme) else { return }
        ConfirmView.draw(nested.popup, in: body, into: &screen, ascii: state.presentation.ascii, theme: theme)
    }
}

extension String {
    /// Line breaks (LF, CR, CRLF) as single spaces, for one-line views.
    var replacingNewlines: String {
        String(map { $0.isNewline ? " " : $0 })
    }
}
