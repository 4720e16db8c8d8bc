/// Listed in `sources:` through its folder "Chosen".
public func more() -> Int {
    2
}
