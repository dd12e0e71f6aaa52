import Foundation
import Frame
import XCTest
@testable import GeoMap

/// Whole frames at city and street zoom, where GSHHG shorelines, lake shores
/// and WDBII rivers replace Natural Earth's 1:50m coast. Regenerate an
/// expected frame only after looking at the new one:
/// `PINMAP_PRINT_FRAMES=1 swift test --filter DetailFrameTests`.
final class DetailFrameTests: XCTestCase {
    private func frame(_ vp: Viewport, width: Int = 80, height: Int = 20) -> Screen {
        let s = Fixture.render(vp, width: width, height: height)
        if ProcessInfo.processInfo.environment["PINMAP_PRINT_FRAMES"] != nil {
            print("FRAME\n" + s.text() + "\nEND\nROLES\n" + roles(s) + "\nEND")
        }
        return s
    }

    /// Each cell's theme role as a letter: c coast, l lake shore, b border,
    /// r river, g graticule (dots or labels), blank for nothing.
    private func roles(_ s: Screen) -> String {
        let letters: [(MapTheme.Role, Character)] = [(.coast, "c"), (.lake, "l"), (.border, "b"), (.river, "r"),
                                                     (.graticule, "g"), (.graticuleLabel, "g")]
        return (0..<s.height).map { row in
            var line = String((0..<s.width).map { col -> Character in
                let cell = s[col, row]
                if cell.text == " " { return " " }
                return letters.first { MapTheme.style($0.0, color: true) == cell.style }?.1 ?? "?"
            })
            while line.hasSuffix(" ") { line.removeLast() }  // as Screen.text() trims
            return line
        }.joined(separator: "\n")
    }

    /// The Han through Seoul at zoom 1024 (a column ≈ 0.0044°, 400 m): the
    /// river and its tributaries, drawn in the river role.
    func testHanRiverThroughSeoul() {
        let s = frame(Viewport(center: GeoPoint(latitude: 37.53, longitude: 126.99), zoom: 1024))
        XCTAssertEqual(s.text(), #"""
                   126.9E                 127E                   127.1E
⡀                  ⠈                      ⠁                      ⠁
37.6N ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁⠈⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁⠁⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁
⠘⠬⣢⢞⠶⠕⡄            ⠈                      ⠁                      ⠁
   ⠉⠓⠦⡈⠢⣀          ⠈                      ⠁                      ⠁
      ⠈⠑⢄⡩⣶⣤⣀      ⠈                      ⠁                      ⠁           ⢀⡠⠔
         ⠈⠳⢷⢮⣯⠢⢄   ⠈                      ⠁                      ⠁      ⣀⡠⠤⠔⠊⠁
            ⠑⠪⣒⡤⢍⣢⢄⠈                      ⠁                      ⠁    ⢀⠎
               ⠈⠉⠉⠛⠛⠢⠤⢄⣀⣀                 ⠁                      ⠁    ⡎
                   ⠈     ⠉⠉⠑⠒⢄            ⠁ ⣀⠤⠤⠤⠤⠤⠤⣀             ⠁   ⡸
                   ⠈          ⠣⡀         ⡠⠒⠉        ⠉⠒⠤⣀         ⠁  ⢠⠃
                   ⠈           ⠈⢢      ⡠⠊ ⠁             ⠑⢄       ⠁⡠⠔⠁
                   ⠈             ⠑⠤⣀⣀⡠⠊   ⠁               ⠑⢄  ⢀⡠⠔⠊
37.5N ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂⠈⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠃ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠉⠉⠁ ⠂⠁⠂ ⠂ ⠂ ⠂ ⠂ ⠂ ⠂
                   ⠈                      ⠁                      ⠁
                   ⠈                      ⠁                      ⠁
                   ⠈                      ⠁                      ⠁
                   ⠈                      ⠁                      ⠁
                   ⠈                      ⠁                      ⠁
                   ⠈                      ⠁                      ⠁
"""#)
        XCTAssertEqual(roles(s), #"""
                   gggggg                 gggg                   gggggg
c                  g                      g                      g
ggggg g g g g g g ggg g g g g g g g g g g g g g g g g g g g g g ggg g g g g g g
ccccccc            g                      g                      g
   cccccc          g                      g                      g
      ccccccc      g                      g                      g           rrr
         ccccccc   g                      g                      g      rrrrrr
            rccccccg                      g                      g    rr
               rrrcccrrrr                 g                      g    r
                   g     rrrrr            g rrrrrrrr             g   r
                   g          rr         rrr        rrrr         g  rr
                   g           rr      rr g             rr       grrr
                   g             rrrrrr   g               rr  rrrr
ggggg g g g g g g ggg g g g g g g g g g g g g g g g g g g g rrr ggg g g g g g g
                   g                      g                      g
                   g                      g                      g
                   g                      g                      g
                   g                      g                      g
                   g                      g                      g
                   g                      g                      g
"""#)
    }

    /// Lake Geneva at zoom 256: the lake's shore in the lake role, the
    /// Franco-Swiss border (Natural Earth 1:50m) through it, the Rhône in the
    /// river role; no sea coast here.
    func testLakeGenevaShoreAndRiver() {
        let s = frame(Viewport(center: GeoPoint(latitude: 46.43, longitude: 6.55), zoom: 256))
        XCTAssertEqual(s.text(), #"""
  ⢀     6E ⠁            ⠙⠢⡄    ⣀⠇    6.5E                        7E
⠉⠉⠁⠑⠤⠤⠤⠔⠁           ⢀⡠⠔⠒⠉⠉⠁ ⡠⠔⠊      ⠁                           ⠈
        ⠈           ⠉    ⡠⠔⢉         ⠁                           ⠈
        ⠈            ⣀⠤⠒⢉⡠⣔⠝         ⠁                           ⠈
        ⠈        ⢀⠤⠒⠉ ⢀⠮⠓⠊           ⠁                           ⠈
        ⠈       ⢠⠃                   ⠁                           ⠈
        ⠈      ⡰⠁                    ⠁                           ⠈
        ⠈     ⡔⠁                   ⢀⡠⠤⠤⠤⠤⠒⠤⠤⣀⣀⡀                  ⠈
46.5N ⠁ ⠉ ⠁ ⠁⡜⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⣀⠤⠊⠁⠁⠁⠁ ⠁ ⠁ ⠁ ⠈⠉⠒⠒⠢⠤⠤⠤⢄⣀⡀ ⠁ ⠁ ⠁ ⠁⠈⠁ ⠁ ⠁ ⠁ ⠁ ⠁ ⠁
        ⠈   ⡸⡠           ⢀⡠⠊⠉⠉⠉⠉   ⢀⣀⣀⣀⡠⠤⠤⠤⢄⣀⣀⣀         ⠈⠑⠢⠤⣀    ⠈
        ⠈ ⢀⠤⠛⠢⡀         ⢠⠃ ⢀⣀⠤⠤⠒⠊⠉⠉⠁ ⣀⠤⠤⠤⠤⠤⠒⠒⠒⠒⠛⠛⠛⠒⠲⠦⡤⢄⣀⣀ ⡠⠤⠤⠽   ⠈
        ⢀⠔⠁   ⠈⢱     ⢀⠔⠉⢁⣔⠮⠥⠤⡀  ⣀⠤⠤⠒⠉⠁              ⢰⠁   ⠉⠘⡄     ⠈
      ⡠⠒⠁      ⢸    ⡠⢊⠤⡪⠋    ⠑⠒⠊     ⠁              ⠘⡄     ⠓⠤⢤   ⠈
    ⢀⠜  ⠈     ⢠⠃  ⡰⠉ ⢑⡜              ⠁               ⠣⡀      ⠸⢄  ⠈
   ⡔⠁   ⠈   ⣀⠤⠃  ⢠⠃ ⡠⠃⠈⢢             ⠁                ⢈⠆       ⠣⣀⠈
 ⡠⠊     ⢀⡠⠔⠉     ⡎⡠⠊  ⢀⠔⠁            ⠁                ⡎          ⠑⡄
⠎      ⡎⠁ ⣀⠖⠤⠒⠧⠒⠜⠚ ⢀⡠⠊⠁              ⠁               ⡜           ⠈⠈⢢           ⢀
       ⣇⡔⠊ ⢀⣀⣀⡠⠤⠒⠒⠉⠁                 ⠁              ⠘⢄           ⠈ ⢸      ⣀⡠⠤⠒⠒⠉
   ⣀⠤⠤⠔⠁⠈⠉⠉⠁                         ⠁               ⠈⠢⣀         ⠈  ⠉⠢⠤⠒⠊⠉
⠑⠤⠜     ⠈                            ⠁                  ⠑⠢⡀      ⠈
"""#)
        XCTAssertEqual(roles(s), #"""
  r     gg r            rrr    bb    gggg                        gg
rrrrrrrrr           rrrrrrr bbb      g                           g
        g           r    bbl         g                           g
        g            bbbllll         g                           g
        g        bbbb llll           g                           g
        g       bb                   g                           g
        g      bb                    g                           g
        g     bb                   llllllllllll                  g
ggggg g g g gbg g g g g g g g g llllggg g g g lllllllllll g g g ggg g g g g g g
        g   br           lllllll   bbbbbbbbbbbb         lllll    g
        g rrbbb         ll bbbbbbbbb llllllllllllllllllll llll   g
        rrr   bb     lllllllll  lllllg              bb   lrr     g
      rrr      b    llbll    lll     g              bb     rrr   g
    rr  g     bb  ll ll              g               bb      rr  g
   rr   g   bbb  ll llbb             g                bb       rrg
 rr     bbbb     lll  bbb            g                b          rr
r      bb rrrrrrll bbbb              g               b           grr           r
       bbr bbbbbbbbb                 g              bb           g r      rrrrrr
   rrrrrbbbb                         g               bbb         g  rrrrrr
rrr     g                            g                  bbb      g
"""#)
    }
}
