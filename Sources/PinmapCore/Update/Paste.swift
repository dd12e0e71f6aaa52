import Frame

/// A bracketed paste goes into the focused text field as literal text: never as keys, so
/// a pasted newline does not submit and a pasted `q` does not quit.
extension AppState {
    /// Inserts `text` into the focused text field (search, Import path, the pin form, a
    /// comment); says so when no field has the focus, and drops the paste. A paste longer
    /// than the field takes (`TextField.maxCharacters`) is cut, and a notice says so: on the
    /// status line, or in the form or on the detail page, which cover it (said on the status
    /// line there, it showed only once the form had closed).
    mutating func handle(paste text: String, _ fx: inout Effects) {
        var kept: Int? = nil
        defer { if let kept { feedback.message = S.msgPasteCut(kept) } }
        if var m = feedback.modal, m.presentation.phase != .dismissing {
            switch m.content {
            case .form(var form):
                let cut = form.fields[form.focused.rawValue].insert(pasted: text)
                form.error = cut.map { S.msgPasteCut($0) }
                m.content = .form(form)
                feedback.modal = m
                return
            case .detail(var detail) where detail.input != nil:
                if let cut = detail.input?.insert(pasted: text) ?? nil { detail.note = S.msgPasteCut(cut) }
                m.content = .detail(detail)
                feedback.modal = m
                return
            default:
                return
            }
        }
        if var field = search.field, tab == .map {
            kept = field.insert(pasted: text)
            search.field = field
            setSearch(field.text, &fx)
            return
        }
        if tab == .importer {
            kept = importTab.field.insert(pasted: text)
            importTab.editing = true
            importTab.entered = true
            importTab.preview = nil
            importTab.error = nil
            return
        }
        feedback.message = S.msgPasteNeedsField.text
    }
}
