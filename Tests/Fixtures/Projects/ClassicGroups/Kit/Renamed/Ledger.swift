/// A named list of amounts (the file reference has path "Renamed/Ledger.swift" and name "Ledger.swift").
public struct Ledger {
    /// The ledger's name.
    public let name: String
    /// The amounts, oldest first.
    public private(set) var amounts: [Money] = []

    /// Creates an empty ledger.
    public init(name: String) {
        self.name = name
    }

    /// Appends an amount.
    public mutating func record(_ amount: Money) {
        amounts.append(amount)
    }

    func total() -> Money {
        amounts.reduce(Money(units: 0, cents: 0), +)
    }
}
