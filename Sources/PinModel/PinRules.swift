/// The rules every stored pin keeps, checked before SQL so the message is
/// clear (the table's CHECK constraints are the backstop).
public enum PinRules {
    /// - Throws: `StoreError` naming the rule: a blank title (whitespace
    ///   only), a latitude outside −90…90 or a longitude outside −180…180
    ///   degrees, or a coordinate that is NaN or infinite. nil is not checked.
    public static func check(title: String?, latitude: Double?, longitude: Double?) throws(StoreError) {
        if let t = title, t.allSatisfy({ $0.isWhitespace }) {
            throw StoreError("title must not be blank", code: StoreError.constraint)
        }
        if let la = latitude, !(la.isFinite && (-90...90).contains(la)) {
            throw StoreError("latitude \(la) outside [-90, 90]", code: StoreError.constraint)
        }
        if let lo = longitude, !(lo.isFinite && (-180...180).contains(lo)) {
            throw StoreError("longitude \(lo) outside [-180, 180]", code: StoreError.constraint)
        }
    }
}
