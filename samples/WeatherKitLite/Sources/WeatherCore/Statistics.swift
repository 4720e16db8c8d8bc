import Foundation

/// Aggregates over temperature series.
public enum WeatherStatistics {

    /// The mean of a collection of temperatures.
    ///
    /// - Parameter temperatures: The readings.
    /// - Returns: The arithmetic mean, or `nil` for an empty collection.
    public static func mean<C: Collection>(_ temperatures: C) -> Temperature? where C.Element == Temperature {
        guard !temperatures.isEmpty else { return nil }
        let total = temperatures.reduce(0) { $0 + $1.celsius }
        return Temperature(celsius: total / Double(temperatures.count))
    }

    /// A moving average over a window of readings.
    ///
    /// - Parameters:
    ///   - series: The readings, oldest first.
    ///   - window: How many readings each average covers; must be at least 1.
    /// - Returns: One average per full window: `series.count - window + 1` values, or none when the series is shorter.
    /// - Complexity: O(*n*), with a running sum.
    public static func movingAverage<S: Sequence>(_ series: S, window: Int) -> [Temperature]
    where S.Element == Temperature {
        let values = series.map(\.celsius)
        guard window >= 1, values.count >= window else { return [] }
        var sum = values[..<window].reduce(0, +)
        var result = [Temperature(celsius: sum / Double(window))]
        for index in window..<values.count {
            sum += values[index] - values[index - window]
            result.append(Temperature(celsius: sum / Double(window)))
        }
        return result
    }

    /// Counts the days matching a predicate, letting the predicate throw.
    ///
    /// - Parameters:
    ///   - forecast: The forecast to scan.
    ///   - predicate: Decides whether a day counts.
    /// - Returns: The number of matching days.
    /// - Throws: Whatever `predicate` throws.
    public static func countDays(in forecast: Forecast, where predicate: (Forecast.Day) throws -> Bool) rethrows -> Int {
        try forecast.days.reduce(0) { try predicate($1) ? $0 + 1 : $0 }
    }

    static func heatIndex(temperature: Temperature, relativeHumidity: Double) -> Temperature {
        let fahrenheit = temperature.value(in: .fahrenheit)
        guard fahrenheit >= 80 else { return temperature }
        let humidity = relativeHumidity * 100
        let index = -42.379 + 2.04901523 * fahrenheit + 10.14333127 * humidity
            - 0.22475541 * fahrenheit * humidity - 0.00683783 * fahrenheit * fahrenheit
            - 0.05481717 * humidity * humidity + 0.00122874 * fahrenheit * fahrenheit * humidity
            + 0.00085282 * fahrenheit * humidity * humidity - 0.00000199 * fahrenheit * fahrenheit * humidity * humidity
        return Temperature(index, unit: .fahrenheit)
    }
}
