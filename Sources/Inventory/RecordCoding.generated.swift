// Generated from the record schemas (`RecordSchema`) by Tests/InventoryTests/RecordCodingGenerationTests.swift.
// Do not edit: change a schema, then run `DOCSHEET_REGENERATE=1 swift test --filter RecordCodingGenerationTests`.

extension FunctionRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("accessLevel"); self.accessLevel.writeJSON(into: &writer)
        writer.key("attributes"); self.attributes.writeJSON(into: &writer)
        writer.key("baseName"); self.baseName.writeJSON(into: &writer)
        writer.key("column"); self.column.writeJSON(into: &writer)
        writer.key("condition"); self.condition.writeJSON(into: &writer)
        writer.key("doc"); self.doc.writeJSON(into: &writer)
        writer.key("effectiveAccess"); self.effectiveAccess.writeJSON(into: &writer)
        writer.key("enclosingKind"); self.enclosingKind.writeJSON(into: &writer)
        writer.key("enclosingType"); self.enclosingType.writeJSON(into: &writer)
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("genericWhere"); self.genericWhere.writeJSON(into: &writer)
        writer.key("isAsync"); self.isAsync.writeJSON(into: &writer)
        writer.key("isRequirement"); self.isRequirement.writeJSON(into: &writer)
        writer.key("kind"); self.kind.writeJSON(into: &writer)
        writer.key("language"); self.language.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("lines"); self.lines.writeJSON(into: &writer)
        writer.key("modifiers"); self.modifiers.writeJSON(into: &writer)
        writer.key("module"); self.module.writeJSON(into: &writer)
        writer.key("moduleKind"); self.moduleKind.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("parameters"); self.parameters.writeJSON(into: &writer)
        writer.key("returnType"); self.returnType.writeJSON(into: &writer)
        writer.key("section"); self.section.writeJSON(into: &writer)
        writer.key("signature"); self.signature.writeJSON(into: &writer)
        writer.key("swiftName"); self.swiftName.writeJSON(into: &writer)
        writer.key("targets"); self.targets.writeJSON(into: &writer)
        writer.key("throws"); self.throws.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.column.writeBytes(into: &writer)
        self.module.writeBytes(into: &writer)
        self.targets.writeBytes(into: &writer)
        self.moduleKind.writeBytes(into: &writer)
        self.kind.writeBytes(into: &writer)
        self.name.writeBytes(into: &writer)
        self.baseName.writeBytes(into: &writer)
        self.signature.writeBytes(into: &writer)
        self.enclosingType.writeBytes(into: &writer)
        self.enclosingKind.writeBytes(into: &writer)
        self.accessLevel.writeBytes(into: &writer)
        self.effectiveAccess.writeBytes(into: &writer)
        self.isRequirement.writeBytes(into: &writer)
        self.attributes.writeBytes(into: &writer)
        self.modifiers.writeBytes(into: &writer)
        self.isAsync.writeBytes(into: &writer)
        self.throws.writeBytes(into: &writer)
        self.parameters.writeBytes(into: &writer)
        self.returnType.writeBytes(into: &writer)
        self.genericWhere.writeBytes(into: &writer)
        self.condition.writeBytes(into: &writer)
        self.section.writeBytes(into: &writer)
        self.doc.writeBytes(into: &writer)
        self.lines.writeBytes(into: &writer)
        self.language.writeBytes(into: &writer)
        self.swiftName.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> FunctionRecord? {
        var record = schema.blank
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let columnValue = Swift.type(of: record.column).readBytes(from: &reader) else { return nil }
        record.column = columnValue
        guard let moduleValue = Swift.type(of: record.module).readBytes(from: &reader) else { return nil }
        record.module = moduleValue
        guard let targetsValue = Swift.type(of: record.targets).readBytes(from: &reader) else { return nil }
        record.targets = targetsValue
        guard let moduleKindValue = Swift.type(of: record.moduleKind).readBytes(from: &reader) else { return nil }
        record.moduleKind = moduleKindValue
        guard let kindValue = Swift.type(of: record.kind).readBytes(from: &reader) else { return nil }
        record.kind = kindValue
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let baseNameValue = Swift.type(of: record.baseName).readBytes(from: &reader) else { return nil }
        record.baseName = baseNameValue
        guard let signatureValue = Swift.type(of: record.signature).readBytes(from: &reader) else { return nil }
        record.signature = signatureValue
        guard let enclosingTypeValue = Swift.type(of: record.enclosingType).readBytes(from: &reader) else { return nil }
        record.enclosingType = enclosingTypeValue
        guard let enclosingKindValue = Swift.type(of: record.enclosingKind).readBytes(from: &reader) else { return nil }
        record.enclosingKind = enclosingKindValue
        guard let accessLevelValue = Swift.type(of: record.accessLevel).readBytes(from: &reader) else { return nil }
        record.accessLevel = accessLevelValue
        guard let effectiveAccessValue = Swift.type(of: record.effectiveAccess).readBytes(from: &reader) else { return nil }
        record.effectiveAccess = effectiveAccessValue
        guard let isRequirementValue = Swift.type(of: record.isRequirement).readBytes(from: &reader) else { return nil }
        record.isRequirement = isRequirementValue
        guard let attributesValue = Swift.type(of: record.attributes).readBytes(from: &reader) else { return nil }
        record.attributes = attributesValue
        guard let modifiersValue = Swift.type(of: record.modifiers).readBytes(from: &reader) else { return nil }
        record.modifiers = modifiersValue
        guard let isAsyncValue = Swift.type(of: record.isAsync).readBytes(from: &reader) else { return nil }
        record.isAsync = isAsyncValue
        guard let throwsValue = Swift.type(of: record.throws).readBytes(from: &reader) else { return nil }
        record.throws = throwsValue
        guard let parametersValue = Swift.type(of: record.parameters).readBytes(from: &reader) else { return nil }
        record.parameters = parametersValue
        guard let returnTypeValue = Swift.type(of: record.returnType).readBytes(from: &reader) else { return nil }
        record.returnType = returnTypeValue
        guard let genericWhereValue = Swift.type(of: record.genericWhere).readBytes(from: &reader) else { return nil }
        record.genericWhere = genericWhereValue
        guard let conditionValue = Swift.type(of: record.condition).readBytes(from: &reader) else { return nil }
        record.condition = conditionValue
        guard let sectionValue = Swift.type(of: record.section).readBytes(from: &reader) else { return nil }
        record.section = sectionValue
        guard let docValue = Swift.type(of: record.doc).readBytes(from: &reader) else { return nil }
        record.doc = docValue
        guard let linesValue = Swift.type(of: record.lines).readBytes(from: &reader) else { return nil }
        record.lines = linesValue
        guard let languageValue = Swift.type(of: record.language).readBytes(from: &reader) else { return nil }
        record.language = languageValue
        guard let swiftNameValue = Swift.type(of: record.swiftName).readBytes(from: &reader) else { return nil }
        record.swiftName = swiftNameValue
        return record
    }
}

extension FunctionRecord.Parameter {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("defaultValue"); self.defaultValue.writeJSON(into: &writer)
        writer.key("label"); self.label.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("type"); self.type.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.label.writeBytes(into: &writer)
        self.name.writeBytes(into: &writer)
        self.type.writeBytes(into: &writer)
        self.defaultValue.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> FunctionRecord.Parameter? {
        var record = schema.blank
        guard let labelValue = Swift.type(of: record.label).readBytes(from: &reader) else { return nil }
        record.label = labelValue
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let typeValue = Swift.type(of: record.type).readBytes(from: &reader) else { return nil }
        record.type = typeValue
        guard let defaultValueValue = Swift.type(of: record.defaultValue).readBytes(from: &reader) else { return nil }
        record.defaultValue = defaultValueValue
        return record
    }
}

extension TypeRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("accessLevel"); self.accessLevel.writeJSON(into: &writer)
        writer.key("column"); self.column.writeJSON(into: &writer)
        writer.key("composition"); self.composition.writeJSON(into: &writer)
        writer.key("condition"); self.condition.writeJSON(into: &writer)
        writer.key("conformances"); self.conformances.writeJSON(into: &writer)
        writer.key("doc"); self.doc.writeJSON(into: &writer)
        writer.key("effectiveAccess"); self.effectiveAccess.writeJSON(into: &writer)
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("genericParameters"); self.genericParameters.writeJSON(into: &writer)
        writer.key("genericWhere"); self.genericWhere.writeJSON(into: &writer)
        writer.key("inheritedTypes"); self.inheritedTypes.writeJSON(into: &writer)
        writer.key("kind"); self.kind.writeJSON(into: &writer)
        writer.key("language"); self.language.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("module"); self.module.writeJSON(into: &writer)
        writer.key("moduleKind"); self.moduleKind.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("objcName"); self.objcName.writeJSON(into: &writer)
        writer.key("superclass"); self.superclass.writeJSON(into: &writer)
        writer.key("targets"); self.targets.writeJSON(into: &writer)
        writer.key("unknownInheritedTypes"); self.unknownInheritedTypes.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.kind.writeBytes(into: &writer)
        self.module.writeBytes(into: &writer)
        self.targets.writeBytes(into: &writer)
        self.moduleKind.writeBytes(into: &writer)
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.column.writeBytes(into: &writer)
        self.accessLevel.writeBytes(into: &writer)
        self.effectiveAccess.writeBytes(into: &writer)
        self.inheritedTypes.writeBytes(into: &writer)
        self.genericWhere.writeBytes(into: &writer)
        self.condition.writeBytes(into: &writer)
        self.doc.writeBytes(into: &writer)
        self.superclass.writeBytes(into: &writer)
        self.conformances.writeBytes(into: &writer)
        self.composition.writeBytes(into: &writer)
        self.unknownInheritedTypes.writeBytes(into: &writer)
        self.genericParameters.writeBytes(into: &writer)
        self.language.writeBytes(into: &writer)
        self.objcName.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> TypeRecord? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let kindValue = Swift.type(of: record.kind).readBytes(from: &reader) else { return nil }
        record.kind = kindValue
        guard let moduleValue = Swift.type(of: record.module).readBytes(from: &reader) else { return nil }
        record.module = moduleValue
        guard let targetsValue = Swift.type(of: record.targets).readBytes(from: &reader) else { return nil }
        record.targets = targetsValue
        guard let moduleKindValue = Swift.type(of: record.moduleKind).readBytes(from: &reader) else { return nil }
        record.moduleKind = moduleKindValue
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let columnValue = Swift.type(of: record.column).readBytes(from: &reader) else { return nil }
        record.column = columnValue
        guard let accessLevelValue = Swift.type(of: record.accessLevel).readBytes(from: &reader) else { return nil }
        record.accessLevel = accessLevelValue
        guard let effectiveAccessValue = Swift.type(of: record.effectiveAccess).readBytes(from: &reader) else { return nil }
        record.effectiveAccess = effectiveAccessValue
        guard let inheritedTypesValue = Swift.type(of: record.inheritedTypes).readBytes(from: &reader) else { return nil }
        record.inheritedTypes = inheritedTypesValue
        guard let genericWhereValue = Swift.type(of: record.genericWhere).readBytes(from: &reader) else { return nil }
        record.genericWhere = genericWhereValue
        guard let conditionValue = Swift.type(of: record.condition).readBytes(from: &reader) else { return nil }
        record.condition = conditionValue
        guard let docValue = Swift.type(of: record.doc).readBytes(from: &reader) else { return nil }
        record.doc = docValue
        guard let superclassValue = Swift.type(of: record.superclass).readBytes(from: &reader) else { return nil }
        record.superclass = superclassValue
        guard let conformancesValue = Swift.type(of: record.conformances).readBytes(from: &reader) else { return nil }
        record.conformances = conformancesValue
        guard let compositionValue = Swift.type(of: record.composition).readBytes(from: &reader) else { return nil }
        record.composition = compositionValue
        guard let unknownInheritedTypesValue = Swift.type(of: record.unknownInheritedTypes).readBytes(from: &reader) else { return nil }
        record.unknownInheritedTypes = unknownInheritedTypesValue
        guard let genericParametersValue = Swift.type(of: record.genericParameters).readBytes(from: &reader) else { return nil }
        record.genericParameters = genericParametersValue
        guard let languageValue = Swift.type(of: record.language).readBytes(from: &reader) else { return nil }
        record.language = languageValue
        guard let objcNameValue = Swift.type(of: record.objcName).readBytes(from: &reader) else { return nil }
        record.objcName = objcNameValue
        return record
    }
}

extension TypeRecord.Composition {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("isCollection"); self.isCollection.writeJSON(into: &writer)
        writer.key("property"); self.property.writeJSON(into: &writer)
        writer.key("type"); self.type.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.property.writeBytes(into: &writer)
        self.type.writeBytes(into: &writer)
        self.isCollection.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> TypeRecord.Composition? {
        var record = schema.blank
        guard let propertyValue = Swift.type(of: record.property).readBytes(from: &reader) else { return nil }
        record.property = propertyValue
        guard let typeValue = Swift.type(of: record.type).readBytes(from: &reader) else { return nil }
        record.type = typeValue
        guard let isCollectionValue = Swift.type(of: record.isCollection).readBytes(from: &reader) else { return nil }
        record.isCollection = isCollectionValue
        return record
    }
}

extension PropertyRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("accessLevel"); self.accessLevel.writeJSON(into: &writer)
        writer.key("associatedValues"); self.associatedValues.writeJSON(into: &writer)
        writer.key("attributes"); self.attributes.writeJSON(into: &writer)
        writer.key("column"); self.column.writeJSON(into: &writer)
        writer.key("condition"); self.condition.writeJSON(into: &writer)
        writer.key("declaration"); self.declaration.writeJSON(into: &writer)
        writer.key("defaultValue"); self.defaultValue.writeJSON(into: &writer)
        writer.key("doc"); self.doc.writeJSON(into: &writer)
        writer.key("effectiveAccess"); self.effectiveAccess.writeJSON(into: &writer)
        writer.key("enclosingKind"); self.enclosingKind.writeJSON(into: &writer)
        writer.key("enclosingType"); self.enclosingType.writeJSON(into: &writer)
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("isRequirement"); self.isRequirement.writeJSON(into: &writer)
        writer.key("kind"); self.kind.writeJSON(into: &writer)
        writer.key("language"); self.language.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("modifiers"); self.modifiers.writeJSON(into: &writer)
        writer.key("module"); self.module.writeJSON(into: &writer)
        writer.key("moduleKind"); self.moduleKind.writeJSON(into: &writer)
        writer.key("mutability"); self.mutability.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("rawValue"); self.rawValue.writeJSON(into: &writer)
        writer.key("section"); self.section.writeJSON(into: &writer)
        writer.key("setterAccess"); self.setterAccess.writeJSON(into: &writer)
        writer.key("storage"); self.storage.writeJSON(into: &writer)
        writer.key("targets"); self.targets.writeJSON(into: &writer)
        writer.key("type"); self.type.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.column.writeBytes(into: &writer)
        self.module.writeBytes(into: &writer)
        self.targets.writeBytes(into: &writer)
        self.moduleKind.writeBytes(into: &writer)
        self.kind.writeBytes(into: &writer)
        self.name.writeBytes(into: &writer)
        self.type.writeBytes(into: &writer)
        self.declaration.writeBytes(into: &writer)
        self.enclosingType.writeBytes(into: &writer)
        self.enclosingKind.writeBytes(into: &writer)
        self.accessLevel.writeBytes(into: &writer)
        self.setterAccess.writeBytes(into: &writer)
        self.effectiveAccess.writeBytes(into: &writer)
        self.isRequirement.writeBytes(into: &writer)
        self.storage.writeBytes(into: &writer)
        self.mutability.writeBytes(into: &writer)
        self.attributes.writeBytes(into: &writer)
        self.modifiers.writeBytes(into: &writer)
        self.defaultValue.writeBytes(into: &writer)
        self.associatedValues.writeBytes(into: &writer)
        self.rawValue.writeBytes(into: &writer)
        self.condition.writeBytes(into: &writer)
        self.section.writeBytes(into: &writer)
        self.doc.writeBytes(into: &writer)
        self.language.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> PropertyRecord? {
        var record = schema.blank
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let columnValue = Swift.type(of: record.column).readBytes(from: &reader) else { return nil }
        record.column = columnValue
        guard let moduleValue = Swift.type(of: record.module).readBytes(from: &reader) else { return nil }
        record.module = moduleValue
        guard let targetsValue = Swift.type(of: record.targets).readBytes(from: &reader) else { return nil }
        record.targets = targetsValue
        guard let moduleKindValue = Swift.type(of: record.moduleKind).readBytes(from: &reader) else { return nil }
        record.moduleKind = moduleKindValue
        guard let kindValue = Swift.type(of: record.kind).readBytes(from: &reader) else { return nil }
        record.kind = kindValue
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let typeValue = Swift.type(of: record.type).readBytes(from: &reader) else { return nil }
        record.type = typeValue
        guard let declarationValue = Swift.type(of: record.declaration).readBytes(from: &reader) else { return nil }
        record.declaration = declarationValue
        guard let enclosingTypeValue = Swift.type(of: record.enclosingType).readBytes(from: &reader) else { return nil }
        record.enclosingType = enclosingTypeValue
        guard let enclosingKindValue = Swift.type(of: record.enclosingKind).readBytes(from: &reader) else { return nil }
        record.enclosingKind = enclosingKindValue
        guard let accessLevelValue = Swift.type(of: record.accessLevel).readBytes(from: &reader) else { return nil }
        record.accessLevel = accessLevelValue
        guard let setterAccessValue = Swift.type(of: record.setterAccess).readBytes(from: &reader) else { return nil }
        record.setterAccess = setterAccessValue
        guard let effectiveAccessValue = Swift.type(of: record.effectiveAccess).readBytes(from: &reader) else { return nil }
        record.effectiveAccess = effectiveAccessValue
        guard let isRequirementValue = Swift.type(of: record.isRequirement).readBytes(from: &reader) else { return nil }
        record.isRequirement = isRequirementValue
        guard let storageValue = Swift.type(of: record.storage).readBytes(from: &reader) else { return nil }
        record.storage = storageValue
        guard let mutabilityValue = Swift.type(of: record.mutability).readBytes(from: &reader) else { return nil }
        record.mutability = mutabilityValue
        guard let attributesValue = Swift.type(of: record.attributes).readBytes(from: &reader) else { return nil }
        record.attributes = attributesValue
        guard let modifiersValue = Swift.type(of: record.modifiers).readBytes(from: &reader) else { return nil }
        record.modifiers = modifiersValue
        guard let defaultValueValue = Swift.type(of: record.defaultValue).readBytes(from: &reader) else { return nil }
        record.defaultValue = defaultValueValue
        guard let associatedValuesValue = Swift.type(of: record.associatedValues).readBytes(from: &reader) else { return nil }
        record.associatedValues = associatedValuesValue
        guard let rawValueValue = Swift.type(of: record.rawValue).readBytes(from: &reader) else { return nil }
        record.rawValue = rawValueValue
        guard let conditionValue = Swift.type(of: record.condition).readBytes(from: &reader) else { return nil }
        record.condition = conditionValue
        guard let sectionValue = Swift.type(of: record.section).readBytes(from: &reader) else { return nil }
        record.section = sectionValue
        guard let docValue = Swift.type(of: record.doc).readBytes(from: &reader) else { return nil }
        record.doc = docValue
        guard let languageValue = Swift.type(of: record.language).readBytes(from: &reader) else { return nil }
        record.language = languageValue
        return record
    }
}

extension MessageRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("comment"); self.comment.writeJSON(into: &writer)
        writer.key("extractionState"); self.extractionState.writeJSON(into: &writer)
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("key"); self.key.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("table"); self.table.writeJSON(into: &writer)
        writer.key("translations"); self.translations.writeJSON(into: &writer)
        writer.key("uses"); self.uses.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.table.writeBytes(into: &writer)
        self.key.writeBytes(into: &writer)
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.comment.writeBytes(into: &writer)
        self.extractionState.writeBytes(into: &writer)
        self.translations.writeBytes(into: &writer)
        self.uses.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> MessageRecord? {
        var record = schema.blank
        guard let tableValue = Swift.type(of: record.table).readBytes(from: &reader) else { return nil }
        record.table = tableValue
        guard let keyValue = Swift.type(of: record.key).readBytes(from: &reader) else { return nil }
        record.key = keyValue
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let commentValue = Swift.type(of: record.comment).readBytes(from: &reader) else { return nil }
        record.comment = commentValue
        guard let extractionStateValue = Swift.type(of: record.extractionState).readBytes(from: &reader) else { return nil }
        record.extractionState = extractionStateValue
        guard let translationsValue = Swift.type(of: record.translations).readBytes(from: &reader) else { return nil }
        record.translations = translationsValue
        guard let usesValue = Swift.type(of: record.uses).readBytes(from: &reader) else { return nil }
        record.uses = usesValue
        return record
    }
}

extension MessageRecord.Translation {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("format"); self.format.writeJSON(into: &writer)
        writer.key("language"); self.language.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("state"); self.state.writeJSON(into: &writer)
        writer.key("text"); self.text.writeJSON(into: &writer)
        writer.key("variations"); self.variations.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.language.writeBytes(into: &writer)
        self.text.writeBytes(into: &writer)
        self.state.writeBytes(into: &writer)
        self.variations.writeBytes(into: &writer)
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.format.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> MessageRecord.Translation? {
        var record = schema.blank
        guard let languageValue = Swift.type(of: record.language).readBytes(from: &reader) else { return nil }
        record.language = languageValue
        guard let textValue = Swift.type(of: record.text).readBytes(from: &reader) else { return nil }
        record.text = textValue
        guard let stateValue = Swift.type(of: record.state).readBytes(from: &reader) else { return nil }
        record.state = stateValue
        guard let variationsValue = Swift.type(of: record.variations).readBytes(from: &reader) else { return nil }
        record.variations = variationsValue
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let formatValue = Swift.type(of: record.format).readBytes(from: &reader) else { return nil }
        record.format = formatValue
        return record
    }
}

extension MessageRecord.Variation {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("path"); self.path.writeJSON(into: &writer)
        writer.key("text"); self.text.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.path.writeBytes(into: &writer)
        self.text.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> MessageRecord.Variation? {
        var record = schema.blank
        guard let pathValue = Swift.type(of: record.path).readBytes(from: &reader) else { return nil }
        record.path = pathValue
        guard let textValue = Swift.type(of: record.text).readBytes(from: &reader) else { return nil }
        record.text = textValue
        return record
    }
}

extension MessageRecord.Use {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("form"); self.form.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.form.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> MessageRecord.Use? {
        var record = schema.blank
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let formValue = Swift.type(of: record.form).readBytes(from: &reader) else { return nil }
        record.form = formValue
        return record
    }
}

extension ErrorRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("cases"); self.cases.writeJSON(into: &writer)
        writer.key("doc"); self.doc.writeJSON(into: &writer)
        writer.key("effectiveAccess"); self.effectiveAccess.writeJSON(into: &writer)
        writer.key("errorDescription"); self.errorDescription.writeJSON(into: &writer)
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("kind"); self.kind.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("module"); self.module.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("protocols"); self.protocols.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.kind.writeBytes(into: &writer)
        self.module.writeBytes(into: &writer)
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.effectiveAccess.writeBytes(into: &writer)
        self.protocols.writeBytes(into: &writer)
        self.doc.writeBytes(into: &writer)
        self.cases.writeBytes(into: &writer)
        self.errorDescription.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> ErrorRecord? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let kindValue = Swift.type(of: record.kind).readBytes(from: &reader) else { return nil }
        record.kind = kindValue
        guard let moduleValue = Swift.type(of: record.module).readBytes(from: &reader) else { return nil }
        record.module = moduleValue
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let effectiveAccessValue = Swift.type(of: record.effectiveAccess).readBytes(from: &reader) else { return nil }
        record.effectiveAccess = effectiveAccessValue
        guard let protocolsValue = Swift.type(of: record.protocols).readBytes(from: &reader) else { return nil }
        record.protocols = protocolsValue
        guard let docValue = Swift.type(of: record.doc).readBytes(from: &reader) else { return nil }
        record.doc = docValue
        guard let casesValue = Swift.type(of: record.cases).readBytes(from: &reader) else { return nil }
        record.cases = casesValue
        guard let errorDescriptionValue = Swift.type(of: record.errorDescription).readBytes(from: &reader) else { return nil }
        record.errorDescription = errorDescriptionValue
        return record
    }
}

extension ErrorRecord.Case {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("associatedValues"); self.associatedValues.writeJSON(into: &writer)
        writer.key("doc"); self.doc.writeJSON(into: &writer)
        writer.key("errorDescription"); self.errorDescription.writeJSON(into: &writer)
        writer.key("failureReason"); self.failureReason.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.associatedValues.writeBytes(into: &writer)
        self.doc.writeBytes(into: &writer)
        self.errorDescription.writeBytes(into: &writer)
        self.failureReason.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> ErrorRecord.Case? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let associatedValuesValue = Swift.type(of: record.associatedValues).readBytes(from: &reader) else { return nil }
        record.associatedValues = associatedValuesValue
        guard let docValue = Swift.type(of: record.doc).readBytes(from: &reader) else { return nil }
        record.doc = docValue
        guard let errorDescriptionValue = Swift.type(of: record.errorDescription).readBytes(from: &reader) else { return nil }
        record.errorDescription = errorDescriptionValue
        guard let failureReasonValue = Swift.type(of: record.failureReason).readBytes(from: &reader) else { return nil }
        record.failureReason = failureReasonValue
        return record
    }
}

extension EntityRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("attributes"); self.attributes.writeJSON(into: &writer)
        writer.key("className"); self.className.writeJSON(into: &writer)
        writer.key("fetchIndexes"); self.fetchIndexes.writeJSON(into: &writer)
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("framework"); self.framework.writeJSON(into: &writer)
        writer.key("isAbstract"); self.isAbstract.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("modelVersion"); self.modelVersion.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("parent"); self.parent.writeJSON(into: &writer)
        writer.key("relationships"); self.relationships.writeJSON(into: &writer)
        writer.key("summary"); self.summary.writeJSON(into: &writer)
        writer.key("uniquenessConstraints"); self.uniquenessConstraints.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.framework.writeBytes(into: &writer)
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.modelVersion.writeBytes(into: &writer)
        self.className.writeBytes(into: &writer)
        self.isAbstract.writeBytes(into: &writer)
        self.parent.writeBytes(into: &writer)
        self.summary.writeBytes(into: &writer)
        self.attributes.writeBytes(into: &writer)
        self.relationships.writeBytes(into: &writer)
        self.fetchIndexes.writeBytes(into: &writer)
        self.uniquenessConstraints.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> EntityRecord? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let frameworkValue = Swift.type(of: record.framework).readBytes(from: &reader) else { return nil }
        record.framework = frameworkValue
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let modelVersionValue = Swift.type(of: record.modelVersion).readBytes(from: &reader) else { return nil }
        record.modelVersion = modelVersionValue
        guard let classNameValue = Swift.type(of: record.className).readBytes(from: &reader) else { return nil }
        record.className = classNameValue
        guard let isAbstractValue = Swift.type(of: record.isAbstract).readBytes(from: &reader) else { return nil }
        record.isAbstract = isAbstractValue
        guard let parentValue = Swift.type(of: record.parent).readBytes(from: &reader) else { return nil }
        record.parent = parentValue
        guard let summaryValue = Swift.type(of: record.summary).readBytes(from: &reader) else { return nil }
        record.summary = summaryValue
        guard let attributesValue = Swift.type(of: record.attributes).readBytes(from: &reader) else { return nil }
        record.attributes = attributesValue
        guard let relationshipsValue = Swift.type(of: record.relationships).readBytes(from: &reader) else { return nil }
        record.relationships = relationshipsValue
        guard let fetchIndexesValue = Swift.type(of: record.fetchIndexes).readBytes(from: &reader) else { return nil }
        record.fetchIndexes = fetchIndexesValue
        guard let uniquenessConstraintsValue = Swift.type(of: record.uniquenessConstraints).readBytes(from: &reader) else { return nil }
        record.uniquenessConstraints = uniquenessConstraintsValue
        return record
    }
}

extension EntityRecord.Attribute {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("defaultValue"); self.defaultValue.writeJSON(into: &writer)
        writer.key("isOptional"); self.isOptional.writeJSON(into: &writer)
        writer.key("isTransient"); self.isTransient.writeJSON(into: &writer)
        writer.key("isUnique"); self.isUnique.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("type"); self.type.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.type.writeBytes(into: &writer)
        self.isOptional.writeBytes(into: &writer)
        self.defaultValue.writeBytes(into: &writer)
        self.isTransient.writeBytes(into: &writer)
        self.isUnique.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> EntityRecord.Attribute? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let typeValue = Swift.type(of: record.type).readBytes(from: &reader) else { return nil }
        record.type = typeValue
        guard let isOptionalValue = Swift.type(of: record.isOptional).readBytes(from: &reader) else { return nil }
        record.isOptional = isOptionalValue
        guard let defaultValueValue = Swift.type(of: record.defaultValue).readBytes(from: &reader) else { return nil }
        record.defaultValue = defaultValueValue
        guard let isTransientValue = Swift.type(of: record.isTransient).readBytes(from: &reader) else { return nil }
        record.isTransient = isTransientValue
        guard let isUniqueValue = Swift.type(of: record.isUnique).readBytes(from: &reader) else { return nil }
        record.isUnique = isUniqueValue
        return record
    }
}

extension EntityRecord.Relationship {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("deleteRule"); self.deleteRule.writeJSON(into: &writer)
        writer.key("destination"); self.destination.writeJSON(into: &writer)
        writer.key("inverse"); self.inverse.writeJSON(into: &writer)
        writer.key("isOptional"); self.isOptional.writeJSON(into: &writer)
        writer.key("isToMany"); self.isToMany.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.destination.writeBytes(into: &writer)
        self.isToMany.writeBytes(into: &writer)
        self.isOptional.writeBytes(into: &writer)
        self.deleteRule.writeBytes(into: &writer)
        self.inverse.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> EntityRecord.Relationship? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let destinationValue = Swift.type(of: record.destination).readBytes(from: &reader) else { return nil }
        record.destination = destinationValue
        guard let isToManyValue = Swift.type(of: record.isToMany).readBytes(from: &reader) else { return nil }
        record.isToMany = isToManyValue
        guard let isOptionalValue = Swift.type(of: record.isOptional).readBytes(from: &reader) else { return nil }
        record.isOptional = isOptionalValue
        guard let deleteRuleValue = Swift.type(of: record.deleteRule).readBytes(from: &reader) else { return nil }
        record.deleteRule = deleteRuleValue
        guard let inverseValue = Swift.type(of: record.inverse).readBytes(from: &reader) else { return nil }
        record.inverse = inverseValue
        return record
    }
}

extension ScreenRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("className"); self.className.writeJSON(into: &writer)
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("isInitial"); self.isInitial.writeJSON(into: &writer)
        writer.key("kind"); self.kind.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("module"); self.module.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("source"); self.source.writeJSON(into: &writer)
        writer.key("storyboardIdentifier"); self.storyboardIdentifier.writeJSON(into: &writer)
        writer.key("summary"); self.summary.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.source.writeBytes(into: &writer)
        self.kind.writeBytes(into: &writer)
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.module.writeBytes(into: &writer)
        self.className.writeBytes(into: &writer)
        self.storyboardIdentifier.writeBytes(into: &writer)
        self.isInitial.writeBytes(into: &writer)
        self.summary.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> ScreenRecord? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let sourceValue = Swift.type(of: record.source).readBytes(from: &reader) else { return nil }
        record.source = sourceValue
        guard let kindValue = Swift.type(of: record.kind).readBytes(from: &reader) else { return nil }
        record.kind = kindValue
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let moduleValue = Swift.type(of: record.module).readBytes(from: &reader) else { return nil }
        record.module = moduleValue
        guard let classNameValue = Swift.type(of: record.className).readBytes(from: &reader) else { return nil }
        record.className = classNameValue
        guard let storyboardIdentifierValue = Swift.type(of: record.storyboardIdentifier).readBytes(from: &reader) else { return nil }
        record.storyboardIdentifier = storyboardIdentifierValue
        guard let isInitialValue = Swift.type(of: record.isInitial).readBytes(from: &reader) else { return nil }
        record.isInitial = isInitialValue
        guard let summaryValue = Swift.type(of: record.summary).readBytes(from: &reader) else { return nil }
        record.summary = summaryValue
        return record
    }
}

extension TransitionRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("destination"); self.destination.writeJSON(into: &writer)
        writer.key("file"); self.file.writeJSON(into: &writer)
        writer.key("identifier"); self.identifier.writeJSON(into: &writer)
        writer.key("isDeclared"); self.isDeclared.writeJSON(into: &writer)
        writer.key("kind"); self.kind.writeJSON(into: &writer)
        writer.key("line"); self.line.writeJSON(into: &writer)
        writer.key("source"); self.source.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.source.writeBytes(into: &writer)
        self.destination.writeBytes(into: &writer)
        self.kind.writeBytes(into: &writer)
        self.identifier.writeBytes(into: &writer)
        self.file.writeBytes(into: &writer)
        self.line.writeBytes(into: &writer)
        self.isDeclared.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> TransitionRecord? {
        var record = schema.blank
        guard let sourceValue = Swift.type(of: record.source).readBytes(from: &reader) else { return nil }
        record.source = sourceValue
        guard let destinationValue = Swift.type(of: record.destination).readBytes(from: &reader) else { return nil }
        record.destination = destinationValue
        guard let kindValue = Swift.type(of: record.kind).readBytes(from: &reader) else { return nil }
        record.kind = kindValue
        guard let identifierValue = Swift.type(of: record.identifier).readBytes(from: &reader) else { return nil }
        record.identifier = identifierValue
        guard let fileValue = Swift.type(of: record.file).readBytes(from: &reader) else { return nil }
        record.file = fileValue
        guard let lineValue = Swift.type(of: record.line).readBytes(from: &reader) else { return nil }
        record.line = lineValue
        guard let isDeclaredValue = Swift.type(of: record.isDeclared).readBytes(from: &reader) else { return nil }
        record.isDeclared = isDeclaredValue
        return record
    }
}

extension ModuleRecord {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("dependencies"); self.dependencies.writeJSON(into: &writer)
        writer.key("kind"); self.kind.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("project"); self.project.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.kind.writeBytes(into: &writer)
        self.project.writeBytes(into: &writer)
        self.dependencies.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> ModuleRecord? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let kindValue = Swift.type(of: record.kind).readBytes(from: &reader) else { return nil }
        record.kind = kindValue
        guard let projectValue = Swift.type(of: record.project).readBytes(from: &reader) else { return nil }
        record.project = projectValue
        guard let dependenciesValue = Swift.type(of: record.dependencies).readBytes(from: &reader) else { return nil }
        record.dependencies = dependenciesValue
        return record
    }
}

extension DocComment {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("callouts"); self.callouts.writeJSON(into: &writer)
        writer.key("discussion"); self.discussion.writeJSON(into: &writer)
        writer.key("isPlaceholder"); self.isPlaceholder.writeJSON(into: &writer)
        writer.key("parameters"); self.parameters.writeJSON(into: &writer)
        writer.key("raw"); self.raw.writeJSON(into: &writer)
        writer.key("returns"); self.returns.writeJSON(into: &writer)
        writer.key("summary"); self.summary.writeJSON(into: &writer)
        writer.key("throws"); self.throws.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.raw.writeBytes(into: &writer)
        self.summary.writeBytes(into: &writer)
        self.discussion.writeBytes(into: &writer)
        self.parameters.writeBytes(into: &writer)
        self.returns.writeBytes(into: &writer)
        self.throws.writeBytes(into: &writer)
        self.callouts.writeBytes(into: &writer)
        self.isPlaceholder.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> DocComment? {
        var record = schema.blank
        guard let rawValue = Swift.type(of: record.raw).readBytes(from: &reader) else { return nil }
        record.raw = rawValue
        guard let summaryValue = Swift.type(of: record.summary).readBytes(from: &reader) else { return nil }
        record.summary = summaryValue
        guard let discussionValue = Swift.type(of: record.discussion).readBytes(from: &reader) else { return nil }
        record.discussion = discussionValue
        guard let parametersValue = Swift.type(of: record.parameters).readBytes(from: &reader) else { return nil }
        record.parameters = parametersValue
        guard let returnsValue = Swift.type(of: record.returns).readBytes(from: &reader) else { return nil }
        record.returns = returnsValue
        guard let throwsValue = Swift.type(of: record.throws).readBytes(from: &reader) else { return nil }
        record.throws = throwsValue
        guard let calloutsValue = Swift.type(of: record.callouts).readBytes(from: &reader) else { return nil }
        record.callouts = calloutsValue
        guard let isPlaceholderValue = Swift.type(of: record.isPlaceholder).readBytes(from: &reader) else { return nil }
        record.isPlaceholder = isPlaceholderValue
        return record
    }
}

extension DocComment.Parameter {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("description"); self.description.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.description.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> DocComment.Parameter? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let descriptionValue = Swift.type(of: record.description).readBytes(from: &reader) else { return nil }
        record.description = descriptionValue
        return record
    }
}

extension DocComment.Callout {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("kind"); self.kind.writeJSON(into: &writer)
        writer.key("text"); self.text.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.kind.writeBytes(into: &writer)
        self.text.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> DocComment.Callout? {
        var record = schema.blank
        guard let kindValue = Swift.type(of: record.kind).readBytes(from: &reader) else { return nil }
        record.kind = kindValue
        guard let textValue = Swift.type(of: record.text).readBytes(from: &reader) else { return nil }
        record.text = textValue
        return record
    }
}

extension ProjectInfo {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("commit"); self.commit.writeJSON(into: &writer)
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("root"); self.root.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.root.writeBytes(into: &writer)
        self.commit.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> ProjectInfo? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let rootValue = Swift.type(of: record.root).readBytes(from: &reader) else { return nil }
        record.root = rootValue
        guard let commitValue = Swift.type(of: record.commit).readBytes(from: &reader) else { return nil }
        record.commit = commitValue
        return record
    }
}

extension ToolInfo {
    /// Writes the record as a JSON object, keys sorted (``schema``'s `fieldsInKeyOrder`).
    ///
    /// - Parameter writer: The JSON writer, positioned where a value goes.
    public func writeJSON(into writer: inout InventoryJSONWriter) {
        writer.openObject()
        writer.key("name"); self.name.writeJSON(into: &writer)
        writer.key("version"); self.version.writeJSON(into: &writer)
        writer.closeObject()
    }

    /// Appends the record's fields in the cache's binary form, in ``schema``'s order.
    ///
    /// - Parameter writer: The byte writer.
    public func writeBytes(into writer: inout RecordByteWriter) {
        self.name.writeBytes(into: &writer)
        self.version.writeBytes(into: &writer)
    }

    /// Reads a record written by ``writeBytes(into:)``.
    ///
    /// - Parameter reader: The byte reader, positioned at the record.
    /// - Returns: The record, or `nil` when the bytes are not one.
    public static func readBytes(from reader: inout RecordByteReader) -> ToolInfo? {
        var record = schema.blank
        guard let nameValue = Swift.type(of: record.name).readBytes(from: &reader) else { return nil }
        record.name = nameValue
        guard let versionValue = Swift.type(of: record.version).readBytes(from: &reader) else { return nil }
        record.version = versionValue
        return record
    }
}
