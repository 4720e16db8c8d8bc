import Foundation

extension WorkflowEnvironment {
    /// The date stamped into documents, like ``documentDate(git:)``, but a `SOURCE_DATE_EPOCH` that is set and not a
    /// whole number of seconds is an error (an empty one counts as unset) rather than silently replaced by another date.
    ///
    /// - Parameter git: The repository of the scanned root, or `nil` outside git.
    /// - Returns: `SOURCE_DATE_EPOCH`, else the commit date of HEAD, else now.
    /// - Throws: `WorkflowError.invalidOption` naming the variable and its value when it is not an integer.
    public func checkedDocumentDate(git: Git?) throws(WorkflowError) -> Date {
        if let text = variables["SOURCE_DATE_EPOCH"], !text.trimmingCharacters(in: .whitespaces).isEmpty {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let seconds = Int64(trimmed), seconds >= 0 else {
                throw .invalidOption("SOURCE_DATE_EPOCH '\(text)' is not a number of seconds since 1970 (e.g. 1767225600); fix or unset it")
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return documentDate(git: git)
    }
}
