import Foundation

/// Reads a named pipe to its end on another thread (opening a pipe blocks until a writer opens it too).
public final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var bytes = Data()

    /// Starts reading `pipe`.
    ///
    /// - Parameter pipe: A named pipe (`mkfifo`) that a writer is about to open.
    public init(_ pipe: URL) {
        Thread.detachNewThread { [self] in
            if let handle = FileHandle(forReadingAtPath: pipe.path) {
                bytes = handle.readDataToEndOfFile()
                try? handle.close()
            }
            done.signal()
        }
    }

    /// Everything written into the pipe once the writer closed it, as UTF-8 text.
    ///
    /// - Returns: The text, or `nil` when no writer came within 10 seconds (the pipe was replaced by a file: the reader
    ///   waits on an inode nobody can open any more).
    public func text() -> String? {
        data().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes written into the pipe, waited for as ``text()`` waits.
    ///
    /// - Returns: The bytes, or `nil` when no writer came within 10 seconds.
    public func data() -> Data? {
        guard done.wait(timeout: .now() + 10) == .success else { return nil }
        return bytes
    }
}
