import FileSupport
import Foundation

/// Graphviz's `dot`, the program that lays the diagrams out (Documentation/Diagrams.md): DocSheet writes the graph as
/// DOT text, `dot` places the boxes and lines and draws the picture. Graphviz is a dependency like libxlsxwriter
/// (`scripts/install-deps` installs it); without it a workbook is written without its diagram sheets, with a warning.
enum Graphviz {
    /// Why a diagram could not be drawn.
    enum Problem: Error, Equatable {
        /// No `dot` program on `PATH`.
        case notInstalled
        /// `dot` ran and failed; its first line of error output.
        case failed(String)

        /// The warning line, naming the diagram that is left out and what to do.
        func warning(leavingOut what: String) -> String {
            switch self {
            case .notInstalled:
                return "warning: \(what) left out: Graphviz's 'dot' program was not found on PATH; install Graphviz (apt-get install graphviz, brew install graphviz, or scripts/install-deps) and run again"
            case .failed(let reason):
                return "warning: \(what) left out: Graphviz's dot failed (\(reason))"
            }
        }
    }

    /// The `dot` program found on `PATH`, or `nil`.
    static let program: String? = ProcessRunner.executable(named: "dot")

    /// The PNG format asked of `dot`: cairo's drawing written by gd's PNG writer (`png:cairo:gd`) where this Graphviz
    /// has it, which writes a 256-colour picture twice as fast as cairo's own writer and a third of its size (0.20 s
    /// and 116 KB against 0.39 s and 307 KB for a page of 35 boxes), with the same anti-aliased drawing; plain `png`
    /// where it does not (a Graphviz built without gd, as Homebrew's).
    static let pngFormat: String = {
        guard let program,
              let probe = try? ProcessRunner.run(executable: program, arguments: ["-Tpng:cairo:gd"], input: Data("digraph{a}".utf8)),
              probe.succeeded, pngSize(probe.standardOutput) != nil else { return "png" }
        return "png:cairo:gd"
    }()

    /// The size of `graph` once laid out, in inches: cheap next to drawing it (a laid-out page of 35 boxes takes
    /// 0.02 s; drawing it at 150 dpi, a second), so a part is measured before it is drawn.
    ///
    /// - Parameter graph: A DOT graph.
    /// - Returns: The width and height of the laid-out graph.
    /// - Throws: ``Problem/notInstalled`` without Graphviz; ``Problem/failed(_:)`` when `dot` fails.
    static func size(_ graph: String) throws(Problem) -> (width: Double, height: Double) {
        let output = try run(graph, arguments: ["-Tplain"])
        // The first line of `-Tplain` is `graph SCALE WIDTH HEIGHT`, in inches.
        let words = String(decoding: output.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self).split(separator: " ")
        guard words.count >= 4, words[0] == "graph", let width = Double(words[2]), let height = Double(words[3]) else {
            throw .failed("it wrote no layout")
        }
        return (width, height)
    }

    /// `graph` laid out and drawn as a PNG at `dotsPerInch`.
    ///
    /// - Parameters:
    ///   - graph: A DOT graph.
    ///   - dotsPerInch: The picture's resolution.
    /// - Returns: The PNG's bytes, and its size in pixels.
    /// - Throws: ``Problem/notInstalled`` without Graphviz; ``Problem/failed(_:)`` when `dot` fails or writes no PNG.
    static func png(_ graph: String, dotsPerInch: Double) throws(Problem) -> (data: Data, width: Int, height: Int) {
        let output = try run(graph, arguments: ["-T\(pngFormat)", "-Gdpi=\(Int(dotsPerInch.rounded()))"])
        guard let size = pngSize(output) else { throw .failed("it wrote no PNG picture") }
        return (output, size.width, size.height)
    }

    /// What `dot` writes for `graph` with `arguments`.
    private static func run(_ graph: String, arguments: [String]) throws(Problem) -> Data {
        guard let program else { throw .notInstalled }
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(executable: program, arguments: arguments, input: Data(graph.utf8))
        } catch {
            throw .failed(error.description)
        }
        guard result.succeeded else {
            let firstLine = result.errorText.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
            throw .failed(firstLine)
        }
        return result.standardOutput
    }

    /// The width and height of a PNG from its header, or `nil` when `data` is not a PNG.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              bytes[12...15].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func integer(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20))
    }
}
