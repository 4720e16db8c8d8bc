import Foundation
/// Test helpers: reading workbooks back.
public enum TestSupport {}
