import Foundation

/// A temperature, stored in degrees Celsius and convertible to other units.
public struct Temperature: Hashable, Sendable, Codable {

    /// The units a temperature can be shown in.
    public enum Unit: String, Sendable, Codable, CaseIterable {
        case celsius
        case fahrenheit
        case kelvin

        /// The symbol shown after the number: `°C`, `°F` or `K`.
        public var symbol: String {
            switch self {
            case .celsius: return "°C"
            case .fahrenheit: return "°F"
            case .kelvin: return "K"
            }
        }
    }

    /// The value in degrees Celsius.
    public var celsius: Double

    /// Creates a temperature from degrees Celsius.
    ///
    /// - Parameter celsius: The temperature in °C.
    public init(celsius: Double) {
        self.celsius = celsius
    }

    /// Creates a temperature from a value in any unit.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - unit: The unit `value` is in.
    public init(_ value: Double, unit: Unit) {
        switch unit {
        case .celsius: celsius = value
        case .fahrenheit: celsius = (value - 32) * 5 / 9
        case .kelvin: celsius = value - 273.15
        }
    }

    /// Creates a temperature from Kelvin, refusing impossible values.
    ///
    /// - Parameter kelvin: The temperature in K.
    /// - Returns: `nil` when `kelvin` is negative or not finite.
    public init?(kelvin: Double) {
        guard kelvin.isFinite, kelvin >= 0 else { return nil }
        self.init(kelvin, unit: .kelvin)
    }

    /// The value in another unit.
    ///
    /// - Parameter unit: The unit to convert to.
    /// - Returns: The converted number.
    public func value(in unit: Unit) -> Double {
        switch unit {
        case .celsius: return celsius
        case .fahrenheit: return celsius * 9 / 5 + 32
        case .kelvin: return celsius + 273.15
        }
    }

    /// Formats the temperature, rounded to whole degrees, e.g. `"21°C"`.
    ///
    /// - Parameter unit: The unit to show.
    /// - Returns: The rounded value followed by the unit's symbol.
    public func formatted(in unit: Unit = .celsius) -> String {
        "\(Int(value(in: unit).rounded()))\(unit.symbol)"
    }
}

// MARK: - Comparable

extension Temperature: Comparable {
    public static func < (lhs: Temperature, rhs: Temperature) -> Bool {
        lhs.celsius < rhs.celsius
    }
}

// MARK: - ExpressibleByFloatLiteral

extension Temperature: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A literal is read as degrees Celsius: `let mild: Temperature = 18.5`.
    public init(floatLiteral value: Double) {
        self.init(celsius: value)
    }

    public init(integerLiteral value: Int) {
        self.init(celsius: Double(value))
    }
}

/// The difference between two temperatures, in kelvin (which equals degrees Celsius of difference).
///
/// - Parameters:
///   - lhs: The warmer temperature.
///   - rhs: The cooler temperature.
/// - Returns: `lhs - rhs` in kelvin; negative when `lhs` is cooler.
public func - (lhs: Temperature, rhs: Temperature) -> Double {
    lhs.celsius - rhs.celsius
}
