/// An amount of money in cents; compiled by the app and by the framework.
public struct Money: Equatable {
    /// The amount in cents.
    public var cents: Int

    /// Creates an amount from whole units and cents.
    public init(units: Int, cents: Int) {
        self.cents = units * 100 + cents
    }

    /// Adds two amounts.
    public static func + (lhs: Money, rhs: Money) -> Money {
        Money(units: 0, cents: lhs.cents + rhs.cents)
    }
}
