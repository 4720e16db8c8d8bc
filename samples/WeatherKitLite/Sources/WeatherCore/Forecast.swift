import Foundation

/// A multi-day forecast for one place.
public struct Forecast: Sendable, Codable, Equatable {

    /// The forecast for one calendar day.
    public struct Day: Sendable, Codable, Equatable {

        /// The dominant weather of the day.
        public enum Condition: String, Sendable, Codable, CaseIterable {
            case clear, partlyCloudy, cloudy, rain, thunderstorm, snow, fog

            /// The SF Symbol that pictures the condition.
            public var symbolName: String {
                switch self {
                case .clear: return "sun.max"
                case .partlyCloudy: return "cloud.sun"
                case .cloudy: return "cloud"
                case .rain: return "cloud.rain"
                case .thunderstorm: return "cloud.bolt.rain"
                case .snow: return "snowflake"
                case .fog: return "cloud.fog"
                }
            }

            /// Whether an umbrella is a good idea.
            public var isWet: Bool {
                [.rain, .thunderstorm, .snow].contains(self)
            }
        }

        public var date: Date
        public var low: Temperature
        public var high: Temperature
        public var condition: Condition
        /// The chance of precipitation, from 0 to 1.
        public var precipitationChance: Double

        public init(date: Date, low: Temperature, high: Temperature, condition: Condition, precipitationChance: Double = 0) {
            self.date = date
            self.low = low
            self.high = high
            self.condition = condition
            self.precipitationChance = min(max(precipitationChance, 0), 1)
        }
    }

    public var locationName: String
    public var days: [Day]
    public var issuedAt: Date

    public init(locationName: String, days: [Day], issuedAt: Date = Date()) {
        self.locationName = locationName
        self.days = days.sorted { $0.date < $1.date }
        self.issuedAt = issuedAt
    }

    /// The day at an offset from the first day, or `nil` beyond the forecast.
    ///
    /// - Parameter offset: 0 for the first day, 1 for the next, and so on.
    public subscript(dayOffset offset: Int) -> Day? {
        days.indices.contains(offset) ? days[offset] : nil
    }

    /// The warmest and coolest temperatures across all days.
    ///
    /// - Returns: The lowest low and the highest high, or `nil` for an empty forecast.
    /// - Complexity: O(*n*) in the number of days.
    public func range() -> ClosedRange<Temperature>? {
        guard let low = days.map(\.low).min(), let high = days.map(\.high).max() else { return nil }
        return low...high
    }

    /// Whether the forecast is older than a given age.
    ///
    /// - Parameters:
    ///   - maximumAge: How old a forecast may be, in seconds.
    ///   - now: The current time.
    /// - Returns: `true` when it should be fetched again.
    package func isStale(maximumAge: TimeInterval = 3_600, now: Date = Date()) -> Bool {
        now.timeIntervalSince(issuedAt) > maximumAge
    }
}

/// Turns forecasts into short sentences for widgets and notifications.
///
/// Apps subclass it to change the wording; the defaults are plain English.
open class ForecastFormatter {

    /// The unit temperatures are written in.
    public var unit: Temperature.Unit

    public init(unit: Temperature.Unit = .celsius) {
        self.unit = unit
    }

    /// A one-line summary of a day, e.g. `"Rain, 12°C to 18°C, 80% chance of precipitation"`.
    ///
    /// - Parameter day: The day to describe.
    /// - Returns: The summary.
    open func summary(for day: Forecast.Day) -> String {
        var parts = [conditionName(day.condition), "\(day.low.formatted(in: unit)) to \(day.high.formatted(in: unit))"]
        if day.precipitationChance >= 0.3 {
            parts.append("\(Int((day.precipitationChance * 100).rounded()))% chance of precipitation")
        }
        return parts.joined(separator: ", ")
    }

    /// The name of a condition in sentence case. Override to localise.
    ///
    /// - Parameter condition: <#condition description#>
    /// - Returns: <#description#>
    open func conditionName(_ condition: Forecast.Day.Condition) -> String {
        switch condition {
        case .clear: return "Clear"
        case .partlyCloudy: return "Partly cloudy"
        case .cloudy: return "Cloudy"
        case .rain: return "Rain"
        case .thunderstorm: return "Thunderstorms"
        case .snow: return "Snow"
        case .fog: return "Fog"
        }
    }

    public final func headline(for forecast: Forecast) -> String? {
        forecast[dayOffset: 0].map { "\(forecast.locationName): \(summary(for: $0))" }
    }
}
