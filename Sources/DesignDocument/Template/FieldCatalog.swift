import Foundation
import Inventory

/// A value for one cell.
enum CellValue: Equatable {
    case text(String)
    case number(Double)
    case empty

    /// The cell of a schema field's value.
    ///
    /// - Parameter cell: What the field's schema makes of the value.
    init(_ cell: FieldCell) {
        switch cell {
        case .text(let text): self = .text(text)
        case .number(let number): self = .number(number)
        case .empty: self = .empty
        }
    }

    /// The value as text (numbers without a trailing `.0`).
    var text: String {
        switch self {
        case .text(let text): return text
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .empty: return ""
        }
    }
}

/// The fields a template column can show, per sheet kind. `docsheet templates fields` and
/// `Documentation/Templates.md` list them with these descriptions.
public enum FieldCatalog {
    /// Fields of `functions` sheets (one row per function).
    public static let functionFields: [(name: String, description: String)] = FunctionField.catalogue

    /// Fields of `types` sheets (one row per type or extension).
    public static let typeFields: [(name: String, description: String)] = TypeField.catalogue

    /// Fields of `summary` sheets (one row per module, then per file).
    public static let summaryFields: [(name: String, description: String)] = SummaryField.catalogue

    /// Fields of review sheets (`added`, `removed`, `changed`).
    public static let reviewFields: [(name: String, description: String)] = ReviewField.catalogue

    /// Fields of `contents` sheets (one row per sheet).
    public static let contentsFields: [(name: String, description: String)] = ContentsField.catalogue

    /// Fields of `history` sheets (rows to fill in).
    public static let historyFields: [(name: String, description: String)] = HistoryField.catalogue

    /// The valid field names for a sheet kind (empty for kinds without columns).
    static func fieldNames(for kind: SheetKind) -> [String] {
        switch kind {
        case .functions: return FunctionField.names
        case .properties: return PropertyField.names
        case .types: return TypeField.names
        case .summary: return SummaryField.names
        case .modules: return ModuleField.names
        case .added, .removed, .changed: return ReviewField.names
        case .contents: return ContentsField.names
        case .history: return HistoryField.names
        case .screens: return ScreenField.names
        case .transitions: return TransitionField.names
        case .messages: return MessageField.names
        case .errors: return ErrorField.names
        case .cover, .static, .classes, .diagram, .entities, .form: return []
        }
    }

    /// The valid field names of a member table.
    static func fieldNames(ofTable table: MemberTable) -> [String] {
        switch table {
        case .properties: return PropertyField.names
        case .methods: return FunctionField.names
        case .attributes: return AttributeField.names
        case .relationships: return RelationshipField.names
        }
    }

    // MARK: - Values

    /// The value of a function field for one function row: a field of ``FunctionRecord/schema`` as the schema gives
    /// its cell, a worked-out field as described in ``FunctionField/Presented``.
    static func value(of field: FunctionField, function record: FunctionRecord, number: Int, context: DocumentContext) -> CellValue {
        let presented: FunctionField.Presented
        switch field.source {
        case .recorded(let index): return CellValue(FunctionRecord.schema.fields[index].cell(record))
        case .presented(let field): presented = field
        }
        let doc = record.doc
        switch presented {
        case .number: return .number(Double(number))
        case .targets: return .text(record.targets.joined(separator: ", "))
        case .moduleKind: return .text(record.moduleKind.map { Words.targetKind($0, context.locale) } ?? "")
        case .`type`: return .text(record.enclosingType ?? "")
        case .typeKind: return .text(record.enclosingKind?.rawValue ?? "")
        case .qualifiedName: return .text(record.qualifiedName)
        case .access: return .text(record.accessLevel.rawValue)
        case .effectiveAccess: return .text(record.effectiveAccess.rawValue)
        case .summary: return .text(doc?.summary ?? "")
        case .discussion: return .text(doc?.discussion ?? "")
        case .`description`: return .text(descriptionText(doc))
        case .parameters: return .text(parameterText(record))
        case .returns: return .text(returnsText(record))
        case .returnType: return .text(record.returnType ?? "")
        case .`throws`: return .text(throwsText(record))
        case .throwsClause: return .text(record.throws ?? "")
        case .`async`: return .text(record.isAsync ? "async" : "")
        case .attributes: return .text(record.attributes.joined(separator: " "))
        case .modifiers: return .text(record.modifiers.joined(separator: " "))
        case .requirement: return .text(record.isRequirement ? "requirement" : "")
        case .condition: return .text(record.condition ?? "")
        case .section: return .text(record.section ?? "")
        case .callouts: return .text(calloutsText(doc))
        case .documented: return .text(Words.yesNo(record.isDocumented, context.locale))
        case .status: return .text(Words.status(record.doc, context.locale, findings: record.docFindings(context.docRules)))
        case .sourceURL: return .text(context.sourceURL(file: record.file, line: record.line) ?? "")
        case .review, .blank: return .empty
        }
    }

    /// The value of a type field for one type row: a field of ``TypeRecord/schema`` as the schema gives its cell, a
    /// worked-out field as described in ``TypeField/Presented``; `functions` and `properties` are the members declared
    /// in it.
    static func value(of field: TypeField, type record: TypeRecord, number: Int, functions: [FunctionRecord],
                      properties: [PropertyRecord], context: DocumentContext) -> CellValue {
        let presented: TypeField.Presented
        switch field.source {
        case .recorded(let index): return CellValue(TypeRecord.schema.fields[index].cell(record))
        case .presented(let field): presented = field
        }
        switch presented {
        case .number: return .number(Double(number))
        case .targets: return .text(record.targets.joined(separator: ", "))
        case .moduleKind: return .text(record.moduleKind.map { Words.targetKind($0, context.locale) } ?? "")
        case .access: return .text(record.accessLevel.rawValue)
        case .effectiveAccess: return .text(record.effectiveAccess.rawValue)
        case .composition: return .text(compositionText(record.composition))
        case .summary: return .text(record.doc?.summary ?? "")
        case .`description`: return .text(descriptionText(record.doc))
        case .functions: return .number(Double(functions.count))
        case .documentedFunctions: return .number(Double(functions.documentedCount))
        case .coverage:
            return functions.isEmpty ? .empty : .number(Double(functions.documentedCount) / Double(functions.count))
        case .properties: return .number(Double(properties.count))
        case .documentedProperties: return .number(Double(properties.filter(\.isDocumented).count))
        case .documented: return .text(Words.yesNo(record.isDocumented, context.locale))
        case .sourceURL: return .text(context.sourceURL(file: record.file, line: record.line) ?? "")
        case .blank: return .empty
        }
    }

    /// The value of a summary field for one module or file row.
    static func value(of field: SummaryField, summary row: SummaryRow, locale: DocumentLocale) -> CellValue {
        switch field {
        case .name: return .text(row.name)
        case .module: return .text(row.module)
        case .moduleKind: return .text(row.moduleKind.map { Words.targetKind($0, locale) } ?? "")
        case .types: return .number(Double(row.types))
        case .functions: return .number(Double(row.functions))
        case .documented: return .number(Double(row.documented))
        case .undocumented: return .number(Double(row.functions - row.documented))
        case .coverage: return row.functions == 0 ? .empty : .number(Double(row.documented) / Double(row.functions))
        case .properties: return .number(Double(row.properties))
        case .documentedProperties: return .number(Double(row.documentedProperties))
        case .undocumentedProperties: return .number(Double(row.properties - row.documentedProperties))
        case .propertyCoverage:
            return row.properties == 0 ? .empty : .number(Double(row.documentedProperties) / Double(row.properties))
        case .dependencies: return .text(row.dependencies.joined(separator: ", "))
        }
    }

    /// The value of a review field for one added, removed or changed function.
    static func value(of field: ReviewField, review entry: ReviewEntry, number: Int, locale: DocumentLocale = .en) -> CellValue {
        let shown = entry.new ?? entry.old!
        switch field {
        case .number: return .number(Double(number))
        case .module: return .text(shown.module)
        case .file: return .text(shown.file)
        case .line: return .number(Double(shown.line))
        case .`type`: return .text(shown.enclosingType ?? "")
        case .kind: return .text(shown.kind.rawValue)
        case .name: return .text(shown.name)
        case .signature: return .text(shown.signature)
        case .oldSignature: return .text(entry.old?.signature ?? "")
        case .newSignature: return .text(entry.new?.signature ?? "")
        case .access: return .text(shown.accessLevel.rawValue)
        case .oldAccess: return .text(entry.old?.accessLevel.rawValue ?? "")
        case .newAccess: return .text(entry.new?.accessLevel.rawValue ?? "")
        case .summary: return .text(shown.doc?.summary ?? "")
        case .oldDoc: return .text(entry.old?.doc?.raw ?? "")
        case .newDoc: return .text(entry.new?.doc?.raw ?? "")
        case .changes: return .text(Words.changes(entry, locale))
        case .status, .comment: return .empty
        }
    }

    // MARK: - Text helpers


    /// One line per declared parameter: `name: Type = default — documented description`.
    static func parameterText(_ record: FunctionRecord) -> String {
        record.parameters.map { parameter in
            let description = documentedDescription(of: parameter, in: record)
            var line = "\(parameter.name): \(parameter.type)"
            if let defaultValue = parameter.defaultValue { line += " = \(defaultValue)" }
            if let description, !description.isEmpty { line += " — \(description)" }
            return line
        }.joined(separator: "\n")
    }

    /// The return type (Void left out) and the documented description.
    static func returnsText(_ record: FunctionRecord) -> String {
        let type = record.returnType.flatMap { $0 == "Void" || $0 == "()" ? nil : $0 }
        return joined([type, record.doc?.returns], separator: " — ")
    }

    /// The documented errors, else the throws clause.
    static func throwsText(_ record: FunctionRecord) -> String {
        if let documented = record.doc?.throws, !documented.isEmpty { return documented }
        return record.throws ?? ""
    }

    /// A type's composition edges, comma-separated: `tasks: [TaskItem], store: TaskStore`.
    static func compositionText(_ composition: [TypeRecord.Composition]) -> String {
        composition.map { "\($0.property): \($0.isCollection ? "[\($0.type)]" : $0.type)" }.joined(separator: ", ")
    }

    /// A doc comment's summary and discussion, a blank line between them (the `description` field of every kind).
    static func descriptionText(_ doc: DocComment?) -> String {
        joined([doc?.summary, doc?.discussion], separator: "\n\n")
    }

    /// A doc comment's callouts, one a line: `Note: …`, `Warning: …` (the `callouts` field of every kind).
    static func calloutsText(_ doc: DocComment?) -> String {
        (doc?.callouts ?? []).map { "\($0.kind.capitalized): \($0.text)" }.joined(separator: "\n")
    }

    /// The non-empty parts joined with `separator`.
    static func joined(_ parts: [String?], separator: String) -> String {
        parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: separator)
    }
}

extension ColumnField {
    /// The value of this field for a summary row; empty for a field of another sheet kind.
    func summaryValue(_ row: SummaryRow, locale: DocumentLocale) -> CellValue {
        guard case .summary(let field) = self else { return .empty }
        return FieldCatalog.value(of: field, summary: row, locale: locale)
    }
}

/// Words DocSheet itself writes into cells, per locale.
enum Words {
    /// What changed in a review entry, in the locale, with the old and new access level and file when those changed.
    static func changes(_ entry: ReviewEntry, _ locale: DocumentLocale) -> String {
        entry.changes.map { change in
            var text = self.change(change, locale)
            if let old = entry.old, let new = entry.new {
                if change == .file { text += ": \(old.file) → \(new.file)" }
                if change == .renamed { text += ": \(old.name) → \(new.name)" }
                if change == .moved { text += ": \(place(old)) → \(place(new))" }
                if change == .accessLevel {
                    text += old.accessLevel != new.accessLevel
                        ? ": \(old.accessLevel.rawValue) → \(new.accessLevel.rawValue)"
                        : " (\(effective(locale))): \(old.effectiveAccess.rawValue) → \(new.effectiveAccess.rawValue)"
                }
            }
            return text
        }.joined(separator: ", ")
    }

    /// The name of one kind of change in the locale (English keeps the field names).
    static func change(_ change: InventoryDiff.Change, _ locale: DocumentLocale) -> String {
        switch (change, locale) {
        case (_, .en): return change.rawValue
        case (.signature, .vi): return "khai báo"
        case (.signature, .ja): return "シグネチャ"
        case (.accessLevel, .vi): return "mức truy cập"
        case (.accessLevel, .ja): return "アクセスレベル"
        case (.doc, .vi): return "mô tả"
        case (.doc, .ja): return "ドキュメント"
        case (.file, .vi): return "tệp"
        case (.file, .ja): return "ファイル"
        case (.renamed, .vi): return "đổi tên"
        case (.renamed, .ja): return "名前変更"
        case (.moved, .vi): return "chuyển kiểu"
        case (.moved, .ja): return "型の移動"
        }
    }

    /// Where a moved function lives: `Module.Type`, or the module alone for a free function.
    static func place(_ record: FunctionRecord) -> String {
        [record.module, record.enclosingType].compactMap { $0 }.joined(separator: ".")
    }

    /// "effective" in the locale, for an effective-access change.
    static func effective(_ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return "effective"
        case .vi: return "hiệu lực"
        case .ja: return "実効"
        }
    }

    /// Yes or No in the locale.
    static func yesNo(_ value: Bool, _ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return value ? "Yes" : "No"
        case .vi: return value ? "Có" : "Không"
        case .ja: return value ? "有" : "無"
        }
    }

    /// Documented, Undocumented or Placeholder in the locale; a documented function with `findings` also names the
    /// rules it breaks.
    static func status(_ doc: DocComment?, _ locale: DocumentLocale, findings: [DocFinding] = []) -> String {
        let state = doc == nil ? 0 : (doc!.isPlaceholder ? 1 : (doc!.isMeaningful ? 2 : 0))
        let word: String
        switch locale {
        case .en: word = ["Undocumented", "Placeholder", "Documented"][state]
        case .vi: word = ["Chưa có mô tả", "Mô tả tạm", "Đã mô tả"][state]
        case .ja: word = ["未記述", "仮記述", "記述済"][state]
        }
        guard !findings.isEmpty else { return word }
        // The rule ids, as `docsheet check` prints them.
        let rules = findings.map(\.rule.rawValue).joined(separator: ", ")
        switch locale {
        case .en: return "\(word); to check: \(rules)"
        case .vi: return "\(word) (cần xem lại: \(rules))"
        case .ja: return "\(word)（要確認: \(rules)）"
        }
    }

    /// The group title of functions outside any type.
    static func freeFunctions(_ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return "Free functions"
        case .vi: return "Hàm toàn cục"
        case .ja: return "グローバル関数"
        }
    }

    /// The label of a total row.
    static func total(_ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return "Total"
        case .vi: return "Tổng"
        case .ja: return "合計"
        }
    }

    /// The marker of a continuation sheet's name.
    static func continued(_ locale: DocumentLocale) -> String {
        switch locale {
        case .en: return "cont."
        case .vi: return "tiếp"
        case .ja: return "続き"
        }
    }
}

/// One row of a summary sheet.
struct SummaryRow: Sendable {
    var name: String
    var module: String
    var moduleKind: TargetKind?
    var types: Int
    var functions: Int
    var documented: Int
    /// Properties and enum cases.
    var properties = 0
    /// Documented properties and enum cases.
    var documentedProperties = 0
    /// What the module depends on (module rows only).
    var dependencies: [String] = []
}

/// One row of a review sheet.
struct ReviewEntry {
    var old: FunctionRecord?
    var new: FunctionRecord?
    var changes: [InventoryDiff.Change]
}

extension Words {
    /// What a target builds, as the document's reader names it.
    static func targetKind(_ kind: TargetKind, _ locale: DocumentLocale) -> String {
        let labels: [TargetKind: (en: String, vi: String, ja: String)] = [
            .app: ("App", "Ứng dụng", "アプリ"),
            .appExtension: ("App extension", "Tiện ích mở rộng", "App Extension"),
            .framework: ("Framework", "Framework", "フレームワーク"),
            .staticLibrary: ("Static library", "Thư viện tĩnh", "静的ライブラリ"),
            .unitTests: ("Unit tests", "Kiểm thử đơn vị", "単体テスト"),
            .uiTests: ("UI tests", "Kiểm thử giao diện", "UIテスト"),
            .packageLibrary: ("Package library", "Thư viện gói", "パッケージライブラリ"),
            .executable: ("Executable", "Chương trình thực thi", "実行ファイル"),
            .macro: ("Macro", "Macro", "マクロ"),
            .plugin: ("Plugin", "Plugin", "プラグイン"),
            .other: ("Other", "Khác", "その他"),
            .folder: ("Folder", "Thư mục", "フォルダ"),
        ]
        guard let label = labels[kind] else { return kind.rawValue }
        switch locale {
        case .en: return label.en
        case .vi: return label.vi
        case .ja: return label.ja
        }
    }

    /// The header of a summary table's name column (Module, File).
    static func level(_ level: GroupLevel, _ locale: DocumentLocale) -> String {
        switch (level, locale) {
        case (.module, .en): return "Module"
        case (.module, .vi): return "Mô-đun"
        case (.module, .ja): return "モジュール"
        case (.file, .en): return "File"
        case (.file, .vi): return "Tệp"
        case (.file, .ja): return "ファイル"
        case (.type, .en): return "Type"
        case (.type, .vi): return "Kiểu"
        case (.type, .ja): return "型"
        }
    }
}
