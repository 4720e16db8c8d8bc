import Beta

/// Prints the double of a number.
func printDouble(of value: Int) {
    print(Beta.double(value))
}

printDouble(of: 21)
