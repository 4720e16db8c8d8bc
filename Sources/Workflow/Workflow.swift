import Inventory
import SwiftExtraction
import DesignDocument

/// The Workflow module: configuration, git access, the coverage gate, hooks and the extraction cache.
public enum Workflow {}
