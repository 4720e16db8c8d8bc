/// Sample code of the documentation catalog: a .docc folder is opaque to SwiftPM, so no target compiles it.
func exampleUsage() -> String {
    "Alpha.word()"
}
