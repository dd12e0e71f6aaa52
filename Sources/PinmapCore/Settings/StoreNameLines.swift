import Frame

/// The Settings tab's lines naming the store (`path     /home/me/pins.sqlite`, `server   postgresql://…`),
/// never a password (`StoreInfo.path` holds none).
enum StoreNameLines {
    /// The lines naming `info`'s store in `width` cells. A file's path is one line that gives
    /// way in the middle, so its start and its file name stay readable. A server's URI too
    /// wide for one line is broken before its query's `?` and each `&`, the pieces packed
    /// under the value column (`&user=postgres` on a second line at 80 columns): the server,
    /// database and user all stay readable, and the lines read back as the URI given to
    /// `--db`. A piece too wide alone gives way in the middle.
    static func lines(_ info: StoreInfo, width: Int, ascii: Bool) -> [String] {
        let label: (String) -> String = info.isServer ? { S.stServer($0) } : { S.stPath($0) }
        let room = max(3, width - DisplayWidth.of(label("")))
        guard info.isServer, DisplayWidth.of(info.path) > room else {
            return [label(TextWrap.middle(info.path, to: room, ascii: ascii))]
        }
        let under = String(repeating: " ", count: DisplayWidth.of(label("")))
        return packed(uriPieces(info.path), room: room, ascii: ascii).enumerated().map { i, l in i == 0 ? label(l) : under + l }
    }

    /// `postgresql:///pins`, `?host=/tmp/pg/socket`, `&port=5432`, …: the URI cut before its
    /// first `?` and each `&` after it (a value holds neither: `PGLocation` percent-encodes them).
    static func uriPieces(_ uri: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var inQuery = false
        for ch in uri {
            if (ch == "?" && !inQuery) || (ch == "&" && inQuery), !current.isEmpty {
                pieces.append(current)
                current = ""
            }
            if ch == "?" { inQuery = true }
            current.append(ch)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// `pieces` packed in order onto lines of at most `room` cells.
    private static func packed(_ pieces: [String], room: Int, ascii: Bool) -> [String] {
        var lines: [String] = []
        for piece in pieces.map({ TextWrap.middle($0, to: room, ascii: ascii) }) {
            if let last = lines.last, DisplayWidth.of(last) + DisplayWidth.of(piece) <= room {
                lines[lines.count - 1] = last + piece
            } else {
                lines.append(piece)
            }
        }
        return lines
    }
}
