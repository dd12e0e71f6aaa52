import Foundation
import Frame
import GeoMap
import PinModel

/// A city's own pin, looked for by the view read after going there (`ViewRequest.place`):
/// a pin titled with one of the city's names, near its point.
public struct PlaceProbe: Sendable, Equatable {
    /// The city's names, folded (`PlaceProbe.fold`): English, Korean, ASCII.
    public var names: Set<String>
    public var point: GeoPoint
    /// Where the pin may be: a few screen cells around the point (degrees).
    public var box: LatLonBox

    /// Most pins read in `box`: a denser spot than this is not one zoom can separate.
    public static let pinLimit = 400

    /// Titles compared without case and surrounding spaces.
    public static func fold(_ title: String) -> String { trimmedText(title).lowercased() }

    /// The pin among `pins` (read in `box`) titled with a name of the place, nearest its point.
    public func ownPin(among pins: [Pin]) -> Pin? {
        pins.filter { names.contains(Self.fold($0.title)) }.min { a, b in
            point.squaredDistance(to: a) < point.squaredDistance(to: b)
        }
    }
}

/// What a view read found for its `PlaceProbe` (`ViewData.place`).
public struct PlaceAnswer: Sendable {
    public var probe: PlaceProbe
    /// The city's own pin, nil when no pin in the probe's box is titled with its name.
    public var ownPin: Pin?
    public init(probe: PlaceProbe, ownPin: Pin?) { self.probe = probe; self.ownPin = ownPin }
}

/// After going to a city (`g Tokyo`), the map zooms in, a step at a time, while the city's
/// own pin shares its marker with others (a "2" cluster, unnamed), so the pin is drawn and
/// named on its own. Stops when it stands alone, when no pin is the city's, after
/// `zoomSteps`, or as soon as anything else moves the map.
public struct PlaceArrival: Equatable, Sendable {
    var probe: PlaceProbe
    /// The map as this arrival left it: a view read for another viewport ends the arrival.
    var viewport: Viewport
    var stepsLeft: Int

    /// Most ×2 zooms after the flight (a city's box at 100 columns: about street level).
    static let zoomSteps = 4
    /// Half the side of the probe's box, in screen cells.
    static let probeCells = 2.0
}

extension AppState {
    /// Starts looking for `match`'s own pin, when it is a city (a country has no one point).
    mutating func arrive(at match: PlaceMatch) {
        search.placeArrival = nil
        guard case .city(let i) = match.kind else { return }
        let g = Gazetteer.shared
        let city = g.cities[i]
        let names = [g.englishName(of: city), g.koreanName(of: city), g.name(of: city, PlaceNaming(ascii: true)) ?? "", match.name]
        let point = GeoPoint(latitude: city.latitude, longitude: city.longitude)
        search.placeArrival = PlaceArrival(probe: PlaceProbe(names: Set(names.filter { !$0.isEmpty }.map(PlaceProbe.fold)),
                                                      point: point, box: probeBox(around: point)),
                                    viewport: map.viewport, stepsLeft: PlaceArrival.zoomSteps)
    }

    /// `probeCells` screen cells around `point` at the current zoom.
    private func probeBox(around point: GeoPoint) -> LatLonBox {
        let width = layout.mapPane.width
        let dLon = map.viewport.degreesPerColumn(paneWidth: width) * PlaceArrival.probeCells
        let dLat = map.viewport.degreesPerRow(paneWidth: width) * PlaceArrival.probeCells
        // Kept inside ±180°: a city on the antimeridian is probed on its own side only.
        return LatLonBox(south: max(-90, point.latitude - dLat), west: max(-180, point.longitude - dLon),
                         north: min(90, point.latitude + dLat), east: min(180, point.longitude + dLon))
    }

    /// The probe a view read carries: only while the map is where the arrival left it.
    public var placeProbe: PlaceProbe? {
        guard let a = search.placeArrival, a.viewport == map.viewport else { return nil }
        return a.probe
    }

    /// A view read answered for the arrival's viewport (`ownPin`: the city's pin it found):
    /// one more zoom step while that pin is not drawn named (it shares a count with others,
    /// or its neighbours leave no room for its name), else the arrival ends.
    mutating func continueArrival(ownPin: Pin?, _ fx: inout Effects) {
        guard var a = search.placeArrival else { return }
        search.placeArrival = nil
        guard a.viewport == map.viewport, let pin = ownPin, a.stepsLeft > 0,
              map.viewport.zoom * 2 <= Viewport.zoomRange.upperBound,
              !MapRenderer.namesPin(pin.id, markers: map.markers, viewport: map.viewport, pane: layout.mapPane,
                                    options: mapOptions) else { return }
        // The pin keeps its place on screen; the map doubles around it.
        let pane = layout.mapPane
        map.viewport.zoom(by: 2, about: map.viewport.cell(for: GeoPoint(latitude: pin.latitude, longitude: pin.longitude), pane: pane),
                      pane: pane)
        a.viewport = map.viewport
        a.stepsLeft -= 1
        a.probe.box = probeBox(around: a.probe.point)
        search.placeArrival = a
        fx.requestView(list: true)
    }
}

private extension GeoPoint {
    /// Squared distance in degrees (longitude scaled by the latitude's cosine): enough to
    /// tell the nearest of a few pins.
    func squaredDistance(to pin: Pin) -> Double {
        let dLat = pin.latitude - latitude
        let dLon = remainder(pin.longitude - longitude, 360) * cos(latitude * .pi / 180)
        return dLat * dLat + dLon * dLon
    }
}
