import Frame

/// `--help` text laid out for an 80-column terminal: prose reflowed into lines of at most
/// `width` cells, option descriptions and usage lines continued under their own column.
enum HelpLayout {
    static let width = 80

    /// `words` joined by spaces into lines of at most `width` cells, the first starting with
    /// `lead`, the rest indented by `indent` spaces. A word wider than a line keeps its own line.
    static func fill(_ words: [String], lead: String, indent: Int, width: Int = width) -> [String] {
        var lines: [String] = []
        var line = lead, used = DisplayWidth.of(lead), fresh = true
        let pad = String(repeating: " ", count: indent)
        for word in words {
            let w = DisplayWidth.of(word)
            if !fresh && used + 1 + w > width {
                lines.append(line)
                line = pad + word
                used = indent + w
            } else {
                line += (fresh ? "" : " ") + word
                used += (fresh ? 0 : 1) + w
            }
            fresh = false
        }
        lines.append(line)
        return lines
    }

    /// A summary's paragraphs reflowed: lines are joined up to a blank line; a line that
    /// starts with a space, `-` or `•` starts its own block, continued under its text.
    static func prose(_ text: String) -> [String] {
        var out: [String] = []
        var block: [String] = [], blockIndent = 0
        func flush() {
            guard !block.isEmpty else { return }
            let lead = String(repeating: " ", count: blockIndent)
            let words = block.joined(separator: " ").split(separator: " ").map(String.init)
            out += fill(words, lead: lead, indent: blockIndent + (block[0].hasPrefix("- ") || block[0].hasPrefix("• ") ? 2 : 0))
            block = []
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let stripped = line.drop { $0 == " " }
            if stripped.isEmpty { flush(); out.append(""); continue }
            if line.first == " " || stripped.hasPrefix("- ") || stripped.hasPrefix("• ") {
                flush()
                blockIndent = line.count - stripped.count
            } else if block.isEmpty {
                blockIndent = 0
            }
            block.append(String(stripped))
        }
        flush()
        return out
    }

    /// A usage line with its bracketed groups kept whole, continued under the command's
    /// first argument.
    static func usage(_ usage: String) -> [String] {
        var groups: [String] = [], depth = 0
        for token in usage.split(separator: " ") {
            if depth > 0, !groups.isEmpty { groups[groups.count - 1] += " " + token } else { groups.append(String(token)) }
            depth += token.filter { $0 == "[" }.count - token.filter { $0 == "]" }.count
        }
        let head = "Usage: " + groups.prefix(2).joined(separator: " ") + " "
        return fill(Array(groups.dropFirst(2)), lead: head, indent: min(head.count, 24))
    }

    /// Option rows: names in a column (at most 22 cells; a longer name puts its description
    /// on the next line), descriptions wrapped under their column.
    static func options(_ rows: [(String, String)]) -> [String] {
        let column = min(rows.map { DisplayWidth.of($0.0) }.max() ?? 0, 22)
        var out: [String] = []
        for (name, text) in rows {
            let words = text.split(separator: " ").map(String.init)
            let nameWidth = DisplayWidth.of(name)
            if nameWidth > column {
                out.append("  " + name)
                out += fill(words, lead: String(repeating: " ", count: column + 4), indent: column + 4)
            } else {
                let lead = "  " + name + String(repeating: " ", count: column - nameWidth + 2)
                out += fill(words, lead: lead, indent: column + 4)
            }
        }
        return out
    }
}
