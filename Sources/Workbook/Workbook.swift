import Foundation
import CXLSXWriter

/// The libxlsxwriter version this module was built against.
public let libxlsxwriterVersion = String(cString: lxw_version())
