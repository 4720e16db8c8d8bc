import Foundation
import Testing
@testable import WeatherCore

@Suite struct ForecastTests {
    private let start = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01 UTC

    private func day(_ offset: Int, low: Temperature, high: Temperature, _ condition: Forecast.Day.Condition) -> Forecast.Day {
        Forecast.Day(date: start.addingTimeInterval(Double(offset) * 86_400), low: low, high: high, condition: condition)
    }

    @Test func sortsDaysAndFindsRange() throws {
        let forecast = Forecast(
            locationName: "Hà Nội",
            days: [day(1, low: 14, high: 19, .rain), day(0, low: 12, high: 21, .clear)]
        )
        #expect(forecast[dayOffset: 0]?.condition == .clear)
        #expect(forecast[dayOffset: 2] == nil)
        let range = try #require(forecast.range())
        #expect(range.lowerBound == 12 && range.upperBound == 21)
    }

    @Test func formatterSummarisesFirstDay() {
        let forecast = Forecast(locationName: "Osaka", days: [day(0, low: 8, high: 13, .partlyCloudy)])
        #expect(ForecastFormatter().headline(for: forecast) == "Osaka: Partly cloudy, 8°C to 13°C")
    }

    @Test func countsWetDays() {
        let forecast = Forecast(locationName: "Bergen", days: [day(0, low: 3, high: 7, .rain), day(1, low: 2, high: 5, .fog)])
        #expect(WeatherStatistics.countDays(in: forecast) { $0.condition.isWet } == 1)
    }
}
