import Frame

/// A bracketed paste goes into the focused text field as literal text: never as keys, so
/// a pasted newline does not submit and a pasted `q` does not quit.
extension AppState {
    /// Inserts `text` into the focused text field (search, Import path, the pin form, a
    /// comment); says so when no field has the focus, and drops the paste. A paste longer
    /// than the field takes (`TextField.maxCharacters`) is cut, and a notice says so.
    mutating func handle(paste text: String, _ fx: inout Effects) {
        var kept: Int? = nil
        defer { if let kept { feedback.message = S.msgPasteCut(kept) } }
        if var m = feedback.modal, m.presentation.phase != .dismissing {
            switch m.content {
            case .form(var form):
                kept = form.fields[form.focused.rawValue].insert(pasted: text)
                form.error = nil
                m.content = .form(form)
                feedback.modal = m
                return
            case .detail(var detail) where detail.input != nil:
                kept = detail.input?.insert(pasted: text) ?? nil
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
