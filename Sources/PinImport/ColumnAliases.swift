import PinModel
/// A pin field a CSV column can fill.
public enum ColumnRole: String, Sendable, CaseIterable, Comparable {
    /// The pin's title; its raw value is the command line's word (`--name`, `columns: name=…`).
    case title = "name"
    case latitude, longitude, geometry, description, category, created

    public static func < (a: ColumnRole, b: ColumnRole) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }

    /// Header names accepted for this role, already trimmed and case-folded.
    /// Matching is exact: `platform` is not latitude, `long_name` is not longitude.
    /// Sources: the names spreadsheet users, Google My Maps (`WKT`), GIS exports (`geom`,
    /// `the_geom`, `x`/`y`, `easting`/`northing`, ArcGIS's `POINT_X`/`POINT_Y`), Korean public
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
                    "northing", "north", "point_y", "y좌표", "y 좌표", "좌표정보(y)", "좌표(y)"]
        case .longitude:
            return ["longitude", "lon", "lng", "long", "x", "lon_dd", "longitude_dd",
                    "decimallongitude", "decimal longitude", "longitud", "longitudine",
                    "längengrad", "laengengrad", "länge", "경도", "経度", "經度", "经度",
                    // Projected (with `--crs`): the easting.
                    "easting", "east", "point_x", "x좌표", "x 좌표", "좌표정보(x)", "좌표(x)"]
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
        "x", "y", "northing", "north", "point_y", "y좌표", "y 좌표", "좌표정보(y)", "좌표(y)",
        "easting", "east", "point_x", "x좌표", "x 좌표", "좌표정보(x)", "좌표(x)",
    ]

    /// Whether `header` names an angle (`lat`, `longitude`, `위도`): a latitude or longitude
    /// alias that is not a projected one.
    static func isDegreeName(_ header: String) -> Bool {
        let h = normalizeHeader(header)
        return !projectedAliases.contains(h) && (latitude.aliases.contains(h) || longitude.aliases.contains(h))
    }
}

/// A header trimmed and case-folded for alias matching.
func normalizeHeader(_ header: String) -> String {
    trimmedText(header).lowercased()
}
