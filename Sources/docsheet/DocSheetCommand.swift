import ArgumentParser
import Inventory

/// The `docsheet` command line.
@main
struct DocSheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docsheet",
        abstract: "Turn a Swift code base into a function inventory and an Excel design document.",
        version: DocSheetVersion.current
    )
}
