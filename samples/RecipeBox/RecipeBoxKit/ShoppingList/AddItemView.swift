//
//  AddItemView.swift
//  RecipeBoxKit
//

import SwiftData
import SwiftUI

/// The form that adds an item to the newest list.
struct AddItemView: View {
    @Environment(\.modelContext) private var context
    @Environment(\.dismiss) private var dismiss
    @State private var title = ""
    @State private var error: ShoppingError?

    var body: some View {
        Form {
            TextField(LocalizedStringKey("shopping.item.placeholder"), text: $title)
            Button("shopping.add") { add() }
        }
        .alert(isPresented: .constant(error != nil), error: error) {}
    }

    private func add() {
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            error = .emptyTitle
            return
        }
        context.insert(ShoppingItem(title: title))
        dismiss()
    }
}
