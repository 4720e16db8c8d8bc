import ArgumentParser
import DesignDocument
import Inventory
import SwiftExtraction

extension AccessLevel: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension DocumentLocale: ExpressibleByArgument {}
extension ApplePlatform: ExpressibleByArgument {}
import Workflow

extension CheckReporter: ExpressibleByArgument {}
extension HookKind: ExpressibleByArgument {}
