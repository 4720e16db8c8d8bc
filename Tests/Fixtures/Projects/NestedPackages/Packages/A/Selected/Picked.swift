/// Listed in `sources:` by file name.
public func picked() -> Int {
    1
}
