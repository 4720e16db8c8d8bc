import ArgumentParser
import DesignDocument
import Inventory

extension AccessLevel: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension DocumentLocale: ExpressibleByArgument {}
import Workflow

extension CheckReporter: ExpressibleByArgument {}
extension HookKind: ExpressibleByArgument {}
