import Inventory
import Workbook
import Yams

/// The names of the built-in templates.
public let builtinTemplateNames = ["design-doc", "inventory", "class-spec"]
