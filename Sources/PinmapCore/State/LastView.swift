import Foundation
import GeoMap

/// The view a store reopens on: the centre of the map left visible above the sheet
/// (degrees), the zoom and the map pane's width in columns it was seen at (a narrower
/// terminal next time keeps the scale, as a resize does). Kept in the store's settings
/// (`SettingKey.mapView`) as `LAT,LON,ZOOM,COLS`; the detent and the tab have keys of their own.
struct LastView: Equatable {
    var centre: GeoPoint
    var zoom: Double
    var paneWidth: Int

    init(centre: GeoPoint, zoom: Double, paneWidth: Int) {
        self.centre = centre; self.zoom = zoom; self.paneWidth = paneWidth
    }

    /// Reads `LAT,LON,ZOOM,COLS`; nil when any part is missing or out of range.
    init?(text: String) {
        let parts = text.split(separator: ",").map { Double($0) }
        guard parts.count == 4, let lat = parts[0], let lon = parts[1], let zoom = parts[2], let cols = parts[3],
              (-90...90).contains(lat), (-180...180).contains(lon), zoom.isFinite, zoom > 0,
              cols >= 1, cols <= 10_000 else { return nil }
        self.init(centre: GeoPoint(latitude: lat, longitude: lon), zoom: zoom, paneWidth: Int(cols))
    }

    /// `LAT,LON,ZOOM,COLS`, rounded (6 decimals is a tenth of a metre): a view that did not move
    /// writes the same text, and nothing is saved again.
    var text: String {
        String(format: "%.6f,%.6f,%.8g,%d", centre.latitude, centre.longitude, zoom, paneWidth)
    }
}

extension AppState {
    /// The view on screen as it is saved.
    var lastView: LastView {
        let c = visibleMapCentre
        var lon = c.longitude.truncatingRemainder(dividingBy: 360)  // a map panned round the world
        if lon >= 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return LastView(centre: GeoPoint(latitude: c.latitude, longitude: lon), zoom: map.viewport.zoom, paneWidth: layout.mapPane.width)
    }

    /// Shows the saved view (after the detent was restored): its centre above the sheet, its
    /// scale kept across a change of the terminal's width. Its pins are checked when the
    /// view is first read (`checkReopenedView`).
    mutating func reopen(_ view: LastView, _ fx: inout Effects) {
        let width = layout.mapPane.width
        map.viewport.zoom = width > 0 ? view.zoom * Double(view.paneWidth) / Double(width) : view.zoom
        centerInVisibleMap(view.centre, &fx)
        persistence.reopenedViewUnchecked = true
        persistence.persisted.view = view.text
    }

    /// The first read of a reopened view: when it holds none of the store's pins (they were
    /// deleted or undone since, or the terminal is much smaller), the pins are fitted instead.
    mutating func checkReopenedView(_ fx: inout Effects) {
        guard persistence.reopenedViewUnchecked else { return }
        persistence.reopenedViewUnchecked = false
        if list.inViewCount == 0 && list.totalCount > 0 { fitQuietly(&fx) }
    }

    /// Saves the view and the tab when they changed since the store was opened
    /// (`AppEvent.closing`): the view as it settles (a sheet mid-slide counts at its target
    /// detent), so a store reopens where it was left, after `q` or a closed terminal alike.
    mutating func persistViewIfChanged(_ fx: inout Effects) {
        guard persistence.persisted.storeOpened, layout.mapPane.width > 0, !layout.isTooSmall else { return }
        let view = lastView.text
        if view != persistence.persisted.view {
            persistence.persisted.view = view
            fx.add(.persist(key: SettingKey.mapView, value: view))
        }
        if tab.name != persistence.persisted.tab {
            persistence.persisted.tab = tab.name
            fx.add(.persist(key: SettingKey.tab, value: tab.name))
        }
    }
}

/// What was last saved of the view (`persistViewIfChanged`), so an unchanged view writes nothing.
struct PersistedView: Sendable, Equatable {
    /// The store's settings were read (`AppEvent.Store.opened`): before, there is no view to keep.
    var storeOpened = false
    var view: String?
    var tab: String?
}
