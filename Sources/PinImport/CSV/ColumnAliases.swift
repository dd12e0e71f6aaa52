import PinModel
/// The header names a CSV column is recognised by, for each pin field it can fill.
extension ColumnRole {
    /// Header names accepted for this role, already trimmed and case-folded.
    /// Matching is exact: `platform` is not latitude, `long_name` is not longitude.
    /// Sources: the names spreadsheet users, Google My Maps (`WKT`), GIS exports (`geom`,
    /// `the_geom`, `x`/`y`, `easting`/`northing`, ArcGIS's `POINT_X`/`POINT_Y`, QGIS's
    /// `xcoord`/`ycoord` from "Add geometry attributes"), Korean public
    /// data (`X좌표`/`Y좌표`, `좌표정보(X)`), Darwin Core (`decimallatitude`) and Korean, Japanese and Chinese
    /// spreadsheets write; plus the common Western European spellings.
    public var aliases: [String] {
        switch self {
        case .title:
            return ["name", "title", "label", "place", "place name", "place_name", "placename",
                    "pin", "pin name", "nom", "nombre", "nome", "이름", "명칭", "장소", "장소명",
                    "시설명", "사업장명", "상호명", "업소명",
                    "제목", "名前", "名称", "名稱", "地名"]
        case .latitude:
            return ["latitude", "lat", "y", "lat_dd", "latitude_dd", "decimallatitude",
                    "decimal latitude", "latitud", "latitudine", "breitengrad", "breite",
                    "위도", "緯度", "纬度",
                    // Projected (with `--crs`): the northing.
                    "northing", "north", "point_y", "ycoord", "y좌표", "y 좌표", "좌표정보(y)", "좌표(y)"]
        case .longitude:
            return ["longitude", "lon", "lng", "long", "x", "lon_dd", "longitude_dd",
                    "decimallongitude", "decimal longitude", "longitud", "longitudine",
                    "längengrad", "laengengrad", "länge", "경도", "経度", "經度", "经度",
                    // Projected (with `--crs`): the easting.
                    "easting", "east", "point_x", "xcoord", "x좌표", "x 좌표", "좌표정보(x)", "좌표(x)"]
        case .geometry:
            return ["wkt", "geometry", "geom", "the_geom", "wkt_geom"]
        case .description:
            return ["description", "desc", "notes", "note", "comment", "comments", "details",
                    "memo", "descripción", "beschreibung", "설명", "메모", "비고", "내용",
                    "説明", "メモ", "描述", "说明", "備註", "备注"]
        case .category:
            return ["category", "categories", "type", "kind", "class", "tag", "group", "folder",
                    "catégorie", "categoría", "kategorie", "분류", "카테고리", "종류",
                    "カテゴリ", "カテゴリー", "分类", "類別", "类别"]
        case .created:
            return ["created_at", "created", "created at", "createdat", "date created",
                    "creation date", "date", "timestamp", "time", "datetime",
                    "날짜", "생성일", "등록일", "작성일", "日付", "作成日", "日期"]
        }
    }
}

extension ColumnRole {
    /// Latitude and longitude names that also name projected coordinates (`x`/`y`,
    /// easting/northing): `--crs` applies to their columns without question.
    static let projectedAliases: Set<String> = [
        "x", "y", "northing", "north", "point_y", "ycoord", "y좌표", "y 좌표", "좌표정보(y)", "좌표(y)",
        "easting", "east", "point_x", "xcoord", "x좌표", "x 좌표", "좌표정보(x)", "좌표(x)",
    ]

    /// Whether `header` names an angle (`lat`, `longitude`, `위도`): a latitude or longitude
    /// alias that is not a projected one.
    static func isDegreeName(_ header: String) -> Bool {
        let folded = normalizeHeader(header)
        return [folded, unqualified(folded)].compactMap { $0 }.contains { h in
            !projectedAliases.contains(h) && (latitude.aliases.contains(h) || longitude.aliases.contains(h))
        }
    }

    /// The first of `folded` (normalized headers) that is one of this role's aliases; else
    /// the first that is one once a qualifier after the name is set aside (`Latitude (WGS84)`,
    /// `위도(WGS84)`, `lat [deg]`, `Lat.`, `Date (UTC)`). An exact name anywhere wins.
    func column(in folded: [String]) -> Int? {
        let aliases = Set(self.aliases)  // a set: a 300,000-column header is one pass, not one per alias
        return folded.firstIndex { aliases.contains($0) }
            ?? folded.firstIndex { Self.unqualified($0).map(aliases.contains) ?? false }
    }

    /// A normalized header without its qualifiers: a trailing parenthesised or bracketed part
    /// (`latitude (wgs84)` → `latitude`) or final period (`lat.` → `lat`), and a leading `@`,
    /// Overpass's mark on an element's own fields (`@lat`, `@lon`, `@id` in overpass turbo's
    /// CSV); nil when it has none, or nothing is left.
    static func unqualified(_ folded: String) -> String? {
        var h = Substring(folded)
        if h.first == "@" { h = h.dropFirst() }
        if let close = h.last, close == ")" || close == "]",
           let open = h.lastIndex(of: close == ")" ? "(" : "[") {
            h = h[..<open]
        } else if h.hasSuffix(".") {
            h = h.dropLast()
        } else if h.count == folded.count {
            return nil
        }
        let name = trimmedText(h)
        return name.isEmpty ? nil : String(name)
    }
}

/// A header trimmed and case-folded for alias matching.
func normalizeHeader(_ header: String) -> String {
    trimmedText(header).lowercased()
}
