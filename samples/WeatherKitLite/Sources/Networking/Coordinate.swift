import Foundation

/// A point on Earth in decimal degrees (WGS 84).
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// Creates a coordinate, refusing values outside the valid ranges.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north, from -90 to 90.
    ///   - longitude: Degrees east, from -180 to 180.
    /// - Returns: `nil` when either value is out of range or not finite.
    public init?(latitude: Double, longitude: Double) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The coordinate rounded to two decimals (about 1 km), used as a cache key so
    /// nearby requests share a forecast.
    var cacheKey: String {
        String(format: "%.2f,%.2f", latitude, longitude)
    }

    public var description: String {
        String(format: "%.4f, %.4f", latitude, longitude)
    }
}
