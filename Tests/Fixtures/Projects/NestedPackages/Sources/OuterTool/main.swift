import Outer

/// Prints the greeting a number of times.
func run(times: Int) {
    for _ in 0..<times { print(Outer.greeting()) }
}

run(times: 1)
