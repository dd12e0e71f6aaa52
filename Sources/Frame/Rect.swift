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

    /// This rectangle shrunk by `dx` columns on each side and `dy` rows on each side.
    public func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
