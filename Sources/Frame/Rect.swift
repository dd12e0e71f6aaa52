/// A rectangle of cells: `x`, `y` are the top-left column and row (0-based),
/// `width` and `height` are in cells. Empty when either size is ≤ 0.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// True when the cell (`col`, `row`) lies inside.
    public func contains(col: Int, row: Int) -> Bool {
        col >= x && col < maxX && row >= y && row < maxY
    }

    /// The rows `[y, y+height)` split off the top (`rows` high) and the rest.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: r),
                Rect(x: x, y: y + r, width: width, height: height - r))
    }

    /// The rows split off the bottom (`rows` high) and the rest above.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - r),
                Rect(x: x, y: y + height - r, width: width, height: r))
    }

    /// This rectangle shrunk by `dx` columns on each side and `dy` rows on each side.
    public func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
