//
//  ShoppingListView.swift
//  RecipeBoxKit
//

import SwiftData
import SwiftUI

/// The shopping list: items to buy, grouped by list; the + button opens the add form as a sheet.
public struct ShoppingListView: View {
    @Query(sort: \ShoppingList.createdAt) private var lists: [ShoppingList]
    @State private var isAdding = false

    /// Creates the view.
    public init() {}

    public var body: some View {
        NavigationStack {
            List(lists) { list in
                NavigationLink(destination: ShoppingItemsView(list: list)) {
                    Text(list.name)
                }
            }
            .overlay {
                if lists.isEmpty { Text("shopping.empty", bundle: .module) }
            }
            .navigationTitle(Text("shopping.title", bundle: .module))
            .toolbar {
                Button(String(localized: "shopping.add", bundle: .module)) { isAdding = true }
            }
            .sheet(isPresented: $isAdding) {
                AddItemView()
            }
        }
    }
}

/// The items of one list, with a count in the title.
struct ShoppingItemsView: View {
    /// The list shown.
    let list: ShoppingList

    var body: some View {
        List(list.items) { item in
            Toggle(item.title, isOn: Bindable(item).isChecked)
        }
        .navigationTitle(String(localized: "shopping.items.count \(list.items.count)", bundle: .module))
    }
}
