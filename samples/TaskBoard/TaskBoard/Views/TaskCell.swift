//
//  TaskCell.swift
//  TaskBoard
//

import UIKit

/// A board row: title, due date, assignee and a priority badge.
final class TaskCell: UITableViewCell {

    /// The identifier the board table registers this cell under.
    static let reuseIdentifier = "TaskCell"

    private let titleLabel = UILabel()
    private let detailLabel = UILabel()
    private let badge = PriorityBadgeLabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        setUpLayout()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLayout()
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        titleLabel.attributedText = nil
        detailLabel.text = nil
        badge.priority = .normal
    }

    /// Fills the cell with a task.
    ///
    /// - Parameter task: The task to show. Finished tasks are struck through; overdue ones show their date in red.
    func configure(with task: TaskItem) {
        let attributes: [NSAttributedString.Key: Any] = task.status == .done
            ? [.strikethroughStyle: NSUnderlineStyle.single.rawValue, .foregroundColor: UIColor.secondaryLabel]
            : [:]
        titleLabel.attributedText = NSAttributedString(string: task.title.truncated(to: 80), attributes: attributes)

        var details = [DateFormatting.dueDateText(for: task.dueDate)]
        if let assignee = task.assignee {
            details.append("@\(assignee)")
        }
        detailLabel.text = details.joined(separator: " · ")
        detailLabel.textColor = task.isOverdue() ? .systemRed : .secondaryLabel
        badge.priority = task.priority
        accessibilityLabel = "\(task.title), \(task.priority.title) priority, \(details.joined(separator: ", "))"
    }

    private func setUpLayout() {
        titleLabel.font = .preferredFont(forTextStyle: .body)
        titleLabel.numberOfLines = 2
        detailLabel.font = .preferredFont(forTextStyle: .footnote)

        let text = UIStackView(arrangedSubviews: [titleLabel, detailLabel])
        text.axis = .vertical
        text.spacing = 2
        let row = UIStackView(arrangedSubviews: [text, badge])
        row.alignment = .center
        row.spacing = 12
        row.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(row)
        NSLayoutConstraint.activate([
            row.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
            row.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
            row.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            row.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
        ])
    }
}

/// A rounded label coloured by priority.
final class PriorityBadgeLabel: UILabel {

    /// The priority shown; setting it updates the text and colours.
    var priority: TaskItem.Priority = .normal {
        didSet { applyPriority() }
    }

    /// Creates a badge for a priority.
    ///
    /// - Parameter priority: The priority to show first.
    convenience init(priority: TaskItem.Priority) {
        self.init(frame: .zero)
        self.priority = priority
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        font = .preferredFont(forTextStyle: .caption2)
        textAlignment = .center
        layer.cornerRadius = 6
        layer.masksToBounds = true
        applyPriority()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        applyPriority()
    }

    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + 12, height: size.height + 4)
    }

    private func applyPriority() {
        text = priority.title.uppercased()
        backgroundColor = priority.color.withAlphaComponent(0.15)
        textColor = priority.color
    }
}

fileprivate extension TaskItem.Priority {
    var color: UIColor {
        switch self {
        case .low: return .systemGray
        case .normal: return .systemBlue
        case .high: return .systemOrange
        case .critical: return .systemRed
        }
    }
}
