import PinModel
extension ImportOptions {
    var overrides: ColumnOverrides {
        ColumnOverrides(latitude: latColumn, longitude: lonColumn, name: nameColumn, wkt: wktColumn)
    }
}
