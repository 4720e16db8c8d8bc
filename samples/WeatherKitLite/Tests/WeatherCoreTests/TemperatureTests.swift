import Testing
@testable import WeatherCore

@Suite struct TemperatureTests {
    @Test func convertsBetweenUnits() {
        let boiling = Temperature(celsius: 100)
        #expect(boiling.value(in: .fahrenheit) == 212)
        #expect(boiling.value(in: .kelvin) == 373.15)
        #expect(Temperature(212, unit: .fahrenheit) == boiling)
    }

    @Test func refusesNegativeKelvin() {
        #expect(Temperature(kelvin: -1) == nil)
        #expect(Temperature(kelvin: 0)?.celsius == -273.15)
    }

    @Test func formatsRoundedWithSymbol() {
        let mild: Temperature = 18.6
        #expect(mild.formatted() == "19°C")
        #expect(mild.formatted(in: .fahrenheit) == "65°F")
    }

    @Test func movingAverageCoversEveryFullWindow() {
        let series: [Temperature] = [10, 12, 14, 16]
        #expect(WeatherStatistics.movingAverage(series, window: 2).map(\.celsius) == [11, 13, 15])
        #expect(WeatherStatistics.movingAverage(series, window: 5).isEmpty)
    }
}
