import Foundation
import Testing
import TestSupport

/// An interrupted run leaves no hidden temporary file beside the output, and exits with 128 + the signal.
@Suite struct InterruptTests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalWhileTheWorkbookIsWrittenRemovesItsTemporaryFile(signalNumber: Int32, status: Int32) throws {
        // A process started in the background by a non-interactive shell ignores SIGINT, and so do its children;
        // docsheet leaves an ignored signal alone, so there is nothing to test then.
        let previous = signal(signalNumber, SIG_IGN)
        signal(signalNumber, previous)
        if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return }
        let sandbox = try DocSheetRunner.Sandbox()
        for file in 0..<120 {
            let text = (0..<60).map { "/// Doc \($0).\npublic func f\(file)_\($0)(x: Int) -> Int { x }\n" }.joined()
            try sandbox.write("Sources/Big/F\(file).swift", text)
        }
        // The temporary file lives while libxlsxwriter writes the package: signal the run as soon as it appears.
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = DocSheetRunner.binary
            process.arguments = ["generate", "--output", "out.xlsx", "--no-cache"]
            process.currentDirectoryURL = sandbox.url
            process.environment = sandbox.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            var signalled = false
            while process.isRunning {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.url.path)) ?? []
                if names.contains(where: { $0.hasSuffix(".tmp") }) {
                    kill(process.processIdentifier, signalNumber)
                    signalled = true
                    break
                }
                usleep(2_000)
            }
            process.waitUntilExit()
            guard signalled, process.terminationStatus != 0 else { continue } // finished first: try again
            #expect(process.terminationStatus == status)
            let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path)
            #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
            #expect(!names.contains("out.xlsx"))
            return
        }
        Issue.record("the run always finished before the signal arrived")
    }
}
