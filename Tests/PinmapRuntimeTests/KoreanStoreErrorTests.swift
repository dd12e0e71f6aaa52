import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// A store's failure in the UI is said in the UI's language, by its kind (`S.storeError`):
/// the server, the database and the server's or libpq's own reason stay as they were.
/// Whole frames at 80×24 in Korean (the kinds the PostgreSQL store raises are tested on a
/// server in `StoreErrorKindPostgresTests`).
final class KoreanStoreErrorTests: XCTestCase {
    /// What the PostgreSQL store raises for a server that is down (`PGConnection`).
    static let serverDown = StoreError(
        "cannot connect to the PostgreSQL server localhost:54999 (database pins): connection to server at \"localhost\" (127.0.0.1), port 54999 failed: Connection refused",
        code: 1_001,
        kind: .unreachable(server: "localhost:54999", database: "pins",
                           reason: "connection to server at \"localhost\" (127.0.0.1), port 54999 failed: Connection refused"))

    /// What it raises for a delete by a role that may only read.
    static let readOnlyRole = StoreError(
        "this PostgreSQL role may not make this write (permission denied for table pins); ask the server's owner for the rights it needs",
        code: 1_002, kind: .mayNotWrite(reason: "permission denied for table pins"))

    private func korean(_ store: InMemoryPinRepository) throws -> AppRunner {
        try UIFixtures.runner(over: store, cols: 80, rows: 24, environment: AppEnvironment(language: .korean))
    }

    func testAnEditSavedWithTheServerDownSaysSoInKorean() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = try korean(store)
        r.selectListed("Garosu-gil coffee")
        r.char("e")
        r.key(.ctrl("u")); r.type("가로수길 커피")
        store.failingWrites = Self.serverDown
        r.key(.ctrl("s"))
        XCTAssertEqual(r.text, Self.editNotSaved)
    }

    func testADeleteByARoleThatMayOnlyReadSaysSoInKorean() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = try korean(store)
        r.selectListed("Busan Tower")
        store.failingWrites = Self.readOnlyRole
        r.char("d"); r.char("y")
        XCTAssertEqual(r.text, Self.notDeleted)
    }

    /// An import whose store cannot be reached (the lane's connection failed): the Import
    /// tab says so in Korean.
    func testAnImportWithTheServerDownSaysSoInKorean() throws {
        let r = try korean(InMemoryPinRepository(pins: UIFixtures.seoulPins))
        r.char("3")
        r.handle(EffectPerformer.failure(of: .runImport(path: "/data/seoul.csv"), Self.serverDown), now: 0)
        XCTAssertEqual(r.text, Self.importFailed)
    }

    /// Every kind in Korean, and a failure without a kind kept as it was written.
    func testEveryKindInKorean() {
        let said = Strings.speaking(.korean) { Self.kinds.map { S.storeError(StoreError("English", kind: $0)) } }
        XCTAssertEqual(said, Self.koreanKinds)
        XCTAssertEqual(Strings.speaking(.korean) { S.storeError(StoreError("an error without a kind")) }, "an error without a kind")
    }

    /// In English the UI says what the command line says.
    func testEveryKindInEnglishIsTheStoresSentence() {
        XCTAssertEqual(Strings.speaking(.english) { S.storeError(Self.serverDown) }, Self.serverDown.message)
        XCTAssertEqual(Strings.speaking(.english) { S.storeError(Self.readOnlyRole) }, Self.readOnlyRole.message)
        XCTAssertEqual(Strings.speaking(.english) { S.storeError(StoreError.changed(id: 4, expected: 2, actual: 3)) },
                       StoreError.changed(id: 4, expected: 2, actual: 3).message)
        XCTAssertEqual(Strings.speaking(.english) { S.storeError(StoreError.changed(id: 4, expected: 5, actual: 3)) },
                       StoreError.changed(id: 4, expected: 5, actual: 3).message)
    }

    static let kinds: [StoreError.Kind] = [
        .unreachable(server: "db.example:5432", database: "pins", reason: "timeout expired"),
        .unreachable(server: "service corp", database: "", reason: "definition of service \"corp\" not found"),
        .connectionLost, .notAnswering(seconds: 2), .stoppedAnswering, .mayNotWrite(reason: "permission denied for table pins"),
        .mayNotRead(reason: "permission denied for table pins"), .readOnlyServer(reason: "cannot execute UPDATE in a read-only transaction"),
        .changedElsewhere(id: 4, expected: 2, actual: 3), .wrongVersion(id: 4, expected: 5, actual: 3), .pinGone(id: 9),
        .textNotKept(field: "description"), .busy(holder: nil, pid: nil, seconds: 5),
        .busy(holder: "pinmap import", pid: 4242, seconds: 5), .diskFull(path: "/data/pins.sqlite"),
        .readOnlyStore(path: "/data/pins.sqlite"), .readOnlyFolder(folder: "/data"),
    ]

    static let koreanKinds: [String] = [
        "PostgreSQL 서버 db.example:5432에 연결할 수 없습니다 (데이터베이스 pins): timeout expired",
        "PostgreSQL 서비스 corp에 연결할 수 없습니다: definition of service \"corp\" not found",
        "PostgreSQL 서버와의 연결이 끊겼습니다. 아무것도 쓰지 않았습니다 (서버가 돌아오면 다시 시도하세요)",
        "PostgreSQL 서버가 2초 안에 답하지 않았습니다 (멈췄거나 연결이 끊김). 아무것도 쓰지 않았습니다 (서버가 답하면 다시 시도하세요)",
        "PostgreSQL 서버가 답을 멈췄습니다. 진행 중이던 일은 서버가 다시 답할 때 이루어질 수 있습니다 (다시 연결되면 보입니다)",
        "이 PostgreSQL 역할에는 이 쓰기 권한이 없습니다 (permission denied for table pins). 서버 소유자에게 필요한 권한을 요청하세요",
        "이 PostgreSQL 역할에는 핀을 읽을 권한이 없습니다 (permission denied for table pins). 저장소 소유자에게 Pinmap 테이블의 SELECT 권한을 요청하세요",
        "이 PostgreSQL 연결은 핀을 읽기만 할 수 있습니다 (cannot execute UPDATE in a read-only transaction). 쓰기를 받는 서버에 연결하세요",
        "핀 #4이(가) 연 뒤에 다른 곳에서 바뀌었습니다 (버전 2, 지금 3). 아무것도 바꾸지 않았습니다",
        "핀 #4의 버전은 5이(가) 아니라 3입니다. 아무것도 바꾸지 않았습니다 (`pinmap show 4 --json`이 버전을 알려 줍니다)",
        "핀 #9이(가) 없습니다",
        "설명에 NUL 문자(U+0000)가 있어 PostgreSQL 저장소에 보관할 수 없습니다. 지우거나 파일 저장소로 가져오세요",
        "저장소가 사용 중입니다: 다른 프로세스가 쓰고 있습니다. 5초 기다렸습니다. 끝나면 다시 시도하세요",
        "저장소가 사용 중입니다: 다른 pinmap import(pid 4242)이(가) 쓰고 있습니다. 5초 기다렸습니다. 끝나면 다시 시도하세요",
        "디스크가 가득 찼습니다: /data/pins.sqlite을(를) 늘릴 수 없습니다. 공간을 비우고 다시 시도하세요 (아무것도 바꾸지 않았습니다)",
        "저장소 /data/pins.sqlite은(는) 읽기 전용입니다. 쓰기 가능하게 하거나 복사하세요",
        "폴더 /data은(는) 읽기 전용입니다: pinmap은 그곳에 저장소와 저널을 써야 합니다. 쓰기 가능한 폴더를 쓰세요",
    ]
    static let editNotSaved = """
               0E            60E          120E         180E          120W
    ⠤⠶⠒⠒⠲⠶⠶⣦⠤⠄ ⠈  ⣀⣠⣤⣄   ⠠⣤⠄ ⠁      ⣤⣤⣀⡀  ⠁            ⠈             ⠁⢀⡀⣀⣀⣤⣤⣴⡶⢒⣒⣶⡶⠦⠤
    ⡀    ⢀⣼⠏   ⠈  ⠈⢉⣉⣁⣀⣀   ⢔⣖⣛⣋⢥⣤⠴⠒⠒⠋⠉⠉⠉⠛⠗⠦⠖⢄⠤⠿⠷⠶⢆⣀⣀⣀⣀⣀⣠⡀  ⢀⣠⣀⣀⣀⣀⢀⣀⣠⣟⣿⣿⢿⣿⣿⣿⣿⣻⣻⣧⢬⣉⠉⠑⢦
    ⢧⣀⡴⠒⠋⠉⠲⠶⠖  ⠈⢀⠤⣴⢫⢿⣃⡧⠲⠿⠛⠋⠉⠉⠁⠈⠙⠁   Russia⠁       ⢀⣀⣄⣉⣀⠾⠛⠿⢞⡷⠆⢀⣀⡀⣇⠁   ⠈⠉⠉⠉⠉⢉⡬⠿⣮⡾⣯⡽⡟⠁⠘
    60N ⠁ ⠁ ⠁⢠⣿⣧⣈⡽⢷⡮⢾⣿⣳⣄⠁ ⠁⣀⣀⡤⠤⠤⠤⢄⡀ ⠁⢀⡀ ⠁ ⣠⢄⠁⠠⠴⣭⠉⠉⣟⡽⠋⠈⠁⠈⠁ ⠈⠽⠛⠛⠉⠈⠉⠉⣷⡄⠁⠁⠁ ⠁ ⠈⠓⠲⢤⡝ ⠉⠉⢢⡄
    ⠂        ⢀⣙⣫⣉⣿⣿⣿⣿⣓⡶⢼⢟Kazakhstan⠻⢭⣉⡉⣉⣩⠿⠃ ⢹⣖⢜⣿⡄ ⠈    ⠈           ⠉⡟⠉⠉⠉Canada⣀⠴⡾⡿⠟⠛
             Istanbul⣿·⣭⣭Iran⣽⠿⣿⣯⡅ China ⠐⣿◔◉ Garosu-gil coffee +1  ⢳⣀       ⠁⣰⠋⠁ ⠁
            Algeria⠑⠋⡏⠙⣿⡋⠑Pakistan⠶⣤⣴⣦    · Shanghai   ⠈             Mexico⠒⠒⢾⣤   ⠁
           ⠐⣟Mali⠒⢉⡏Sudan⡤⡤⣽⡽⠁⠈India⢻⣽⠿⣿⠞⠉⣩            ⠈    ⠑Mexico City⠧·⣧⣴⣎⡉⠿⠶⠦⠄⠁
           ⠈⢻⣷⠼⣿⣾⢉⡽⣧Ethiopia ⠁  ⠳⣼   ⢸⣿⠿⠃⢠⢿⣷           ⠈             ⠁     ⠉⠻⣧⣴⢶⣒⠶⣆⢀
    ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
      핀 수정

    ▸ 제목*        가로수길 커피
      설명
      분류         cafe
      위도         37.5206
      경도         127.023

      ⚠ 저장하지 못했습니다: PostgreSQL 서버 localhost:54999에 연결할 수 없습니다
        (데이터베이스 pins): connection to server at "localhost" (127.0.0.1), port
        54999 failed: Connection refused. Ctrl-S 다시 시도 · Esc 포기
      Tab/↑↓ 이동 · 마지막 칸에서 Enter 또는 Ctrl-S 저장 · Esc 취소

    """
    static let importFailed = """

      CSV, GeoJSON, JSON, GPX, KML, KMZ, GeoPackage, Shapefile에서 핀 가져오기


      파일:

      ✗ seoul.csv: 저장소 오류로 아무것도 가져오지 않았습니다: PostgreSQL 서버
      localhost:54999에 연결할 수 없습니다 (데이터베이스 pins): connection to
      server at "localhost" (127.0.0.1), port 54999 failed: Connection refused
      /에 가져올 파일이 없습니다











     Enter 또는 입력하면 새 경로 · e 지난 경로 고치기 · ? 도움말
     중간 · 보이는 핀 5/5개 · Busan Tower                                  ? 도움말
           1 지도            2 타임라인          3 가져오기            4 설정
    """
    static let notDeleted = """
               0E           60E          120E          180E         120W         60W
    ⠛⠋⠉⠉⠛⠛⢻⡖⠒  ⠁ ⠠⣤⣶⣶⠄   ⠲⠒ ⣀⣀⣀    ⣐⣶⣦⣤⣀⣀⠈   ⢀⣀        ⠁            ⣀⣀⣤⣠⢤⣴⣶⣶⣿⣋⡭⣽⣿⣛⠒⠒
    ⠄  ⢀⣀⡴⠎⠁   ⠁  ⢀⣤⣤⢴⢤⣄⣀⣀⡰⣿⣭⠥⣔⢶⡒⠋⠉    ⠈⠙⠙⠚⠙⠲⠚⠛⠛⠛⠤⠤⠤⠤⡤⠤⢶⣀⡀⣤⡤⠔⠤⠤⢤⠤⠤⠤⠾⠽⣿⣟⣻⣿⣿⡿⣿⡯⡿⣖⡢⣄⣀⠙⣶
    60N ⠄⠈⠛⠛⠁ ⣀⠁⢔⣺⠏⡶⣯⣬⠇⠛⠉⠁⠄ ⠌ ⠄⠉⠄ ⠄Russia⠈⠄ ⠄ ⢀⣀⣀⣀⣤⣴⡤⠤⠜⠋⠙⠛⣽⣟⣀⣤⡤⠼⣄⣀⠄ ⠌ ⠄ ⠄ ⣴⠚⠛⢿⡟⢶⣻⡉⠄⠙
             ⠾⣿⣦⣴⡛⣿Ukraine⡠⢤⢴⠖⠊⠒⠒⢤⣀⣀⣀⡤⣄⣀⣀⣀⠖⢦⡀⠒⢳⡆ ⠘⠵⠋   ⠁  ⠐⠋⠉⠉   ⠸⢷⣀⣀⣀⣀Canada⠶⠁ ⣀⣈⣶⣄
            Istanbul⣯·⣳⢟⣥Kazakhstan⠛⠲⠤⢤⠤⠞⢋⣀⣠⡿⠗⣿⠷       ⠁        New York City⡦·⣺⠻⠛⠋⠉
           Morocco⣟⣉Turkey⠑⠋⢱⡛⣻⢿⣶⡀ China ⠹⡟4◉ Busan Tower          United States ⠈
           ⢠Algeria⡈⢸⣀⣸⣯⡀⠉⢿⣶⣬⠯India⣶⡟⣆⣀⡀⣀⡠⡇            ⠁   ⢀⡀       ⠈Mexico⠉⣙⣷⡆  ⠈
           ⣸⣥Mali⣁⣼Sudan⣷⣲⡲⠿⠃ ⠈⢹ ⡴⠉⠈⠷⣟⣻⣿⠁⠠⣶            ⠁    ⠙Mexico City⠒·⢶⣿⣥⠘⠛⠛⠒⠈
           ⠈⠿⣿⣻⡿⣇⡤⢿⣖Ethiopia⠈   ⠳⠧  ⢀⣿⡝⠉⢀⣞⠽⡇           ⠁            ⠈      ⠈⠻⠶⡞⠿⣝⣻⣦⣄
    0N ⡀⠂ ⠂ ⠂ ⠂⠁⠂⢿·⠇Kinshasa⠊ ⠂ ⠂ ⠂ ⠈⠻⣧⠸⣟⣿⣶⣹⣴⣦⢤⣀⢠⣄⠂ ⠂ ⠂⠁⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠊ ⠂ ⠂ ⠂ ⠂⣾⠷⣼⠓⠉⠋⠉
      ⢀⠟    Dem. Rep. Congo ⠈         ⠈⠛⠓⠚⠿⣒⣠⣵⢻⡟⠿⠉⠹⠆   ⠁            ⠈    Lima⠹·⠷⡴⣀
     ⣀⡜        ⠁ ⠘⣗⢲⠓⢎⡽⡗⢃⣏⠏ ⠈           ⢀⠤⠞⠉⠁⠉⠚⠹⢄  ⢠⡍ ⠐⠃            ⠈         ⠉⢻⣅⡬⣷
    ─ 중간 ──────────────────────────── ━━━━━━━━ ────────────────────────────[필터]─
    ▸ 보이는 핀: 5 · 최신순
     ◉ Busan Tower                 Busan 근처, KR           landmark     2023-07-01
    ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
                                 핀을 지우지 못했습니다
       핀 #5 삭제에 실패했습니다: 이 PostgreSQL 역할에는 이 쓰기 권한이 없습니다
      (permission denied for table pins). 서버 소유자에게 필요한 권한을 요청하세요
                                아무 키나 클릭으로 닫기

     중간 · 보이는 핀 5/5개 · [목록] · 중심 Busan 근처, KR · z1 · Busan Tower
           1 지도            2 타임라인          3 가져오기            4 설정
    """
}
