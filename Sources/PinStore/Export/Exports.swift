// The values and the `PinRepository` protocol the store speaks in (PinModel) come with it.
@_exported import PinModel
