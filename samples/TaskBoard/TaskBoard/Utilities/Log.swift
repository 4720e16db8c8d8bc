//
//  Log.swift
//  TaskBoard
//

import Foundation
import os

/// Thin wrapper over the unified logging system, with one logger per feature area.
enum Log {

    /// The feature areas that log.
    enum Category: String {
        case network
        case persistence
        case ui
    }

    private static let subsystem = Bundle.main.bundleIdentifier ?? "com.example.TaskBoard"

    /// Returns the logger for a feature area.
    ///
    /// - Parameter category: The area the messages belong to.
    /// - Returns: A logger writing to the app's subsystem under that category.
    static func logger(_ category: Category) -> Logger {
        Logger(subsystem: subsystem, category: category.rawValue)
    }

#if DEBUG
    /// Prints a message with its source location. Debug builds only.
    ///
    /// - Parameters:
    ///   - message: The text to print; evaluated lazily.
    ///   - file: The calling file, filled in by the compiler.
    ///   - line: The calling line, filled in by the compiler.
    static func trace(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        print("[\(file):\(line)] \(message())")
    }
#else
    /// Does nothing in release builds, so trace calls cost nothing.
    @inline(__always)
    static func trace(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {}
#endif
}
