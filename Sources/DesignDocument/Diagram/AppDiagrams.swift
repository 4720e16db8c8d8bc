import Foundation
import Inventory

/// The screen-transition diagram (画面遷移図, Documentation/Diagrams.md): every screen that a transition starts from
/// or leads to, and an arrow per transition. A storyboard segue is a solid arrow labelled with its kind and
/// identifier; a container's relationship (a navigation controller's root, a tab bar's tabs) a grey arrow with a
/// hollow diamond at the container; a navigation found in SwiftUI code a dashed arrow.
struct TransitionDiagram: Sendable {
    /// The screens, in the inventory's order, then the names only transitions give.
    var screens: [(name: String, kind: String, source: ScreenSource?, isInitial: Bool)]
    /// The transitions, in the inventory's order.
    var transitions: [TransitionRecord]

    /// The diagram of `inventory`'s screens and transitions: only the screens a transition touches (a screen list
    /// of every view of an app is a table's job, not a picture's).
    init(_ inventory: Inventory) {
        transitions = inventory.transitions
        let touched = Set(transitions.flatMap { [$0.source, $0.destination] })
        var seen: Set<String> = []
        screens = []
        for screen in inventory.screens where touched.contains(screen.name) && seen.insert(screen.name).inserted {
            screens.append((screen.name, screen.kind, screen.source, screen.isInitial))
        }
        for transition in transitions {
            for name in [transition.source, transition.destination] where seen.insert(name).inserted {
                screens.append((name, "", nil, false))
            }
        }
    }

    /// True when there is nothing to draw.
    var isEmpty: Bool { transitions.isEmpty }

    /// The diagram as a Graphviz `digraph`, laid out from left to right.
    ///
    /// - Parameter title: The graph's label.
    /// - Returns: The DOT text, ending in a line break.
    func dot(title: String) -> String {
        var lines = ["digraph \(ClassDiagram.dotQuoted(title)) {",
                     "  graph [rankdir=LR, bgcolor=white, fontname=\"Helvetica\", fontsize=12, labelloc=t, label=\(ClassDiagram.dotQuoted(title)), nodesep=0.35, ranksep=0.9];",
                     "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, fillcolor=\"#F2F6FC\", color=\"#5B7DB1\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=8, color=\"#444444\", arrowhead=vee];"]
        for screen in screens {
            var look = ""
            switch screen.source {
            case .code: look = ", fillcolor=\"#EEF7EA\", color=\"#5E9C4B\""
            case nil: look = ", fillcolor=\"#EEEEEE\", color=\"#999999\", fontcolor=\"#555555\""
            default: break
            }
            if screen.isInitial { look += ", penwidth=2" }
            let parts = [screen.name] + (screen.kind.isEmpty ? [] : ["«\(screen.kind)»"])
            let label = "\"" + parts.map { String(ClassDiagram.dotQuoted($0).dropFirst().dropLast()) }.joined(separator: "\\n") + "\""
            lines.append("  \(ClassDiagram.dotQuoted(screen.name)) [label=\(label)\(look)];")
        }
        for transition in transitions {
            let parts = [transition.kind, transition.identifier].compactMap { $0 }.filter { !$0.isEmpty }
            let label = "\"" + parts.map { String(ClassDiagram.dotQuoted($0).dropFirst().dropLast()) }.joined(separator: "\\n") + "\""
            var look = ""
            if !transition.isDeclared {
                look = ", style=dashed, color=\"#5E9C4B\", fontcolor=\"#3C6E2F\""
            } else if transition.kind == "relationship" || transition.kind == "embed" {
                look = ", color=\"#999999\", fontcolor=\"#777777\", arrowtail=odiamond, dir=both"
            }
            lines.append("  \(ClassDiagram.dotQuoted(transition.source)) -> \(ClassDiagram.dotQuoted(transition.destination)) [label=\(label)\(look)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The entity-relationship diagram (ER図, Documentation/Diagrams.md): each entity of the data model as a table of its
/// attributes (`name: Type`, `?` when optional, `(unique)`, italic when transient), a line per relationship and its inverse together, drawn
/// in crow's-foot notation (a fork at the many end, a bar at the one end), and a hollow arrow to a parent entity.
struct EntityDiagram: Sendable {
    /// The entities, in the inventory's order.
    var entities: [EntityRecord]

    /// The diagram of `inventory`'s entities.
    init(_ inventory: Inventory) { entities = inventory.entities }

    /// True when there is nothing to draw.
    var isEmpty: Bool { entities.isEmpty }

    /// The lines: one per relationship, its inverse drawn with it; `(from, to, toMany at the far end, toMany at the
    /// near end, label)`.
    var lines: [(from: String, to: String, manyAtTo: Bool, manyAtFrom: Bool?, label: String)] {
        var drawn: [(String, String, Bool, Bool?, String)] = []
        var covered: Set<String> = []
        for entity in entities {
            for relationship in entity.relationships where !relationship.destination.isEmpty {
                guard covered.insert("\(entity.name).\(relationship.name)").inserted else { continue }
                let inverse = relationship.inverse.flatMap { name in
                    entities.first { $0.name == relationship.destination }?.relationships.first { $0.name == name }
                }
                if let inverse { covered.insert("\(relationship.destination).\(inverse.name)") }
                let label = inverse.map { "\(relationship.name) / \($0.name)" } ?? relationship.name
                drawn.append((entity.name, relationship.destination, relationship.isToMany, inverse?.isToMany, label))
            }
        }
        return drawn
    }

    /// The diagram as a Graphviz `graph` of HTML-like table labels, laid out from left to right.
    ///
    /// - Parameter title: The graph's label.
    /// - Returns: The DOT text, ending in a line break.
    func dot(title: String) -> String {
        var lines = ["digraph \(ClassDiagram.dotQuoted(title)) {",
                     "  graph [rankdir=LR, bgcolor=white, fontname=\"Helvetica\", fontsize=12, labelloc=t, label=\(ClassDiagram.dotQuoted(title)), nodesep=0.4, ranksep=1.0];",
                     "  node [shape=plaintext, fontname=\"Helvetica\", fontsize=10];",
                     "  edge [fontname=\"Helvetica\", fontsize=8, color=\"#444444\", dir=both];"]
        let names = Set(entities.map(\.name))
        for entity in entities {
            let fill = entity.framework == .swiftData ? "#EEF7EA" : "#DDE6F3"
            var rows = ["<TR><TD BGCOLOR=\"\(fill)\"><B>\(Self.html(entity.name))</B>\(entity.isAbstract ? " <I>(abstract)</I>" : "")</TD></TR>"]
            for attribute in entity.attributes {
                let type = attribute.type.isEmpty ? "" : ": \(attribute.type)\(attribute.isOptional && !attribute.type.hasSuffix("?") ? "?" : "")"
                let text = Self.html("\(attribute.name)\(type)\(attribute.isUnique ? " (unique)" : "")")
                rows.append("<TR><TD ALIGN=\"LEFT\">\(attribute.isTransient ? "<I>\(text)</I>" : text)</TD></TR>")
            }
            lines.append("  \(ClassDiagram.dotQuoted(entity.name)) [label=<<TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\" COLOR=\"#5B7DB1\">\(rows.joined())</TABLE>>];")
        }
        for line in self.lines {
            if !names.contains(line.to) {
                lines.append("  \(ClassDiagram.dotQuoted(line.to)) [shape=box, style=filled, fillcolor=\"#EEEEEE\", color=\"#999999\", fontcolor=\"#555555\"];")
            }
            let head = line.manyAtTo ? "crow" : "tee"
            let tail = line.manyAtFrom.map { $0 ? "crow" : "tee" } ?? "none"
            lines.append("  \(ClassDiagram.dotQuoted(line.from)) -> \(ClassDiagram.dotQuoted(line.to)) [arrowhead=\(head), arrowtail=\(tail), label=\(ClassDiagram.dotQuoted(line.label))];")
        }
        for entity in entities {
            if let parent = entity.parent, names.contains(parent) {
                lines.append("  \(ClassDiagram.dotQuoted(entity.name)) -> \(ClassDiagram.dotQuoted(parent)) [dir=forward, arrowhead=onormal, style=dashed];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` escaped for an HTML-like label.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
