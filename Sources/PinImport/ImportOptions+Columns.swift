import PinModel
extension ImportOptions {
    var overrides: ColumnOverrides {
        ColumnOverrides(latitude: latColumn, longitude: lonColumn, title: titleColumn, wkt: wktColumn)
    }
}
