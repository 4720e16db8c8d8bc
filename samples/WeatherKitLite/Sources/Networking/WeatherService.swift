import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WeatherCore

/// Errors from fetching a forecast.
public enum WeatherServiceError: Error, Equatable, Sendable {
    /// The server answered with a non-success HTTP status.
    case httpStatus(Int)
    /// The body could not be decoded; the string says which field.
    case malformedResponse(String)
    /// The request never got an answer.
    case unreachable
}

/// Anything that can produce a forecast for a coordinate.
public protocol WeatherProviding: Sendable {
    /// Fetches the forecast for a place.
    ///
    /// - Parameters:
    ///   - coordinate: Where.
    ///   - days: How many days, 1 to 16.
    /// - Returns: The forecast, first day first.
    /// - Throws: `WeatherServiceError`.
    func forecast(for coordinate: Coordinate, days: Int) async throws(WeatherServiceError) -> Forecast
}

extension WeatherProviding {
    /// Fetches a seven-day forecast.
    ///
    /// - Parameter coordinate: Where.
    /// - Returns: The forecast.
    /// - Throws: `WeatherServiceError`.
    public func weeklyForecast(for coordinate: Coordinate) async throws(WeatherServiceError) -> Forecast {
        try await forecast(for: coordinate, days: 7)
    }
}

/// Fetches forecasts from an Open-Meteo compatible HTTP API.
public final class WeatherService: WeatherProviding {

    /// The subset of the API response the service reads.
    struct Response: Decodable {
        struct Daily: Decodable {
            var time: [String]
            var temperature_2m_min: [Double]
            var temperature_2m_max: [Double]
            var weathercode: [Int]
            var precipitation_probability_max: [Double]?
        }

        var daily: Daily
    }

    private let baseURL: URL
    private let session: URLSession
    private let cache: ForecastCache

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - baseURL: The API root, e.g. `https://api.open-meteo.com/v1/forecast`.
    ///   - session: The URL session to use.
    ///   - cache: Where recent forecasts are kept; a fresh one by default.
    public init(baseURL: URL, session: URLSession = .shared, cache: ForecastCache = ForecastCache()) {
        self.baseURL = baseURL
        self.session = session
        self.cache = cache
    }

    public func forecast(for coordinate: Coordinate, days: Int) async throws(WeatherServiceError) -> Forecast {
        if let cached = await cache.forecast(for: coordinate), cached.days.count >= days {
            return cached
        }
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "latitude", value: String(coordinate.latitude)),
            URLQueryItem(name: "longitude", value: String(coordinate.longitude)),
            URLQueryItem(name: "daily", value: "temperature_2m_min,temperature_2m_max,weathercode,precipitation_probability_max"),
            URLQueryItem(name: "forecast_days", value: String(min(max(days, 1), 16))),
        ]
        guard let url = components?.url else { throw .malformedResponse("url") }

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(from: url)
        } catch {
            throw .unreachable
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw .httpStatus(http.statusCode)
        }
        let forecast = try Self.decodeForecast(data, locationName: coordinate.description)
        await cache.store(forecast, for: coordinate)
        return forecast
    }

    /// Decodes the API's column-oriented daily arrays into `Forecast.Day` values.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - locationName: The name to give the forecast.
    /// - Returns: The forecast.
    /// - Throws: `WeatherServiceError.malformedResponse` naming the first field that is missing or inconsistent.
    static func decodeForecast(_ data: Data, locationName: String) throws(WeatherServiceError) -> Forecast {
        let response: Response
        do {
            response = try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw .malformedResponse("daily")
        }
        let daily = response.daily
        let count = daily.time.count
        guard daily.temperature_2m_min.count == count, daily.temperature_2m_max.count == count,
              daily.weathercode.count == count
        else { throw .malformedResponse("daily arrays have different lengths") }

        let dateFormatter = DateFormatter()
        dateFormatter.locale = Locale(identifier: "en_US_POSIX")
        dateFormatter.timeZone = TimeZone(identifier: "UTC")
        dateFormatter.dateFormat = "yyyy-MM-dd"

        var days: [Forecast.Day] = []
        for index in 0..<count {
            guard let date = dateFormatter.date(from: daily.time[index]) else {
                throw .malformedResponse("time[\(index)]")
            }
            days.append(Forecast.Day(
                date: date,
                low: Temperature(celsius: daily.temperature_2m_min[index]),
                high: Temperature(celsius: daily.temperature_2m_max[index]),
                condition: condition(forWMOCode: daily.weathercode[index]),
                precipitationChance: (daily.precipitation_probability_max?[index] ?? 0) / 100
            ))
        }
        return Forecast(locationName: locationName, days: days)
    }

    /// Maps a WMO weather interpretation code to a condition.
    static func condition(forWMOCode code: Int) -> Forecast.Day.Condition {
        switch code {
        case 0: return .clear
        case 1, 2: return .partlyCloudy
        case 3: return .cloudy
        case 45, 48: return .fog
        case 71...77, 85, 86: return .snow
        case 95...99: return .thunderstorm
        case 51...67, 80...82: return .rain
        default: return .cloudy
        }
    }
}

/// Keeps recent forecasts in memory, keyed by rounded coordinate.
public actor ForecastCache {
    private var entries: [String: Forecast] = [:]
    private let maximumAge: TimeInterval

    /// Creates an empty cache.
    ///
    /// - Parameter maximumAge: How long a forecast stays usable, in seconds.
    public init(maximumAge: TimeInterval = 1_800) {
        self.maximumAge = maximumAge
    }

    /// The cached forecast near a coordinate, if it is fresh enough.
    public func forecast(for coordinate: Coordinate, now: Date = Date()) -> Forecast? {
        guard let forecast = entries[coordinate.cacheKey] else { return nil }
        guard !forecast.isStale(maximumAge: maximumAge, now: now) else {
            entries[coordinate.cacheKey] = nil
            return nil
        }
        return forecast
    }

    func store(_ forecast: Forecast, for coordinate: Coordinate) {
        entries[coordinate.cacheKey] = forecast
    }

    public func removeAll() {
        entries.removeAll()
    }
}
