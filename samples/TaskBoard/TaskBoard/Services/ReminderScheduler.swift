//
//  ReminderScheduler.swift
//  TaskBoard
//

import Foundation
#if canImport(UserNotifications)
import UserNotifications
#endif

/// Schedules a local notification shortly before a task is due.
protocol ReminderScheduling {
    /// Schedules a reminder before the task is due.
    ///
    /// - Parameters:
    ///   - task: The task to remind about.
    ///   - leadTime: How long before the due date to fire, in seconds.
    func scheduleReminder(for task: TaskItem, leadTime: TimeInterval) async
    /// Removes the pending reminder of a task, if any.
    func cancelReminder(for taskID: UUID)
}

extension ReminderScheduling {
    /// Schedules a reminder one hour before the due date.
    ///
    /// - Parameter task: The task to remind about; ignored when it has no due date.
    func scheduleReminder(for task: TaskItem) async {
        await scheduleReminder(for: task, leadTime: 3_600)
    }
}

#if os(iOS)
/// The iOS scheduler, backed by `UNUserNotificationCenter`.
final class ReminderScheduler: ReminderScheduling {

    private let center: UNUserNotificationCenter

    /// - Parameter center: The notification center; a fake one in tests.
    init(center: UNUserNotificationCenter = .current()) {
        self.center = center
    }

    /// Asks the user for permission to show alerts, once.
    ///
    /// - Returns: `true` when notifications are allowed.
    @discardableResult
    func requestAuthorization() async -> Bool {
        (try? await center.requestAuthorization(options: [.alert, .sound])) ?? false
    }

    /// Schedules a reminder `leadTime` seconds before the task's due date.
    ///
    /// - Parameters:
    ///   - task: The task to remind about. Tasks without a due date, or already done, are skipped.
    ///   - leadTime: How long before the due date the reminder fires, in seconds.
    /// - Note: Scheduling again for the same task replaces the earlier reminder.
    func scheduleReminder(for task: TaskItem, leadTime: TimeInterval) async {
        guard let dueDate = task.dueDate, task.status != .done else { return }
        let fireDate = dueDate.addingTimeInterval(-leadTime)
        guard fireDate > Date() else { return }

        let content = UNMutableNotificationContent()
        content.title = task.title
        content.body = String(localized: "Due \(DateFormatting.relativeText(for: dueDate))")
        content.sound = .default

        let components = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: fireDate)
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        let request = UNNotificationRequest(identifier: task.id.uuidString, content: content, trigger: trigger)
        do {
            try await center.add(request)
        } catch {
            Log.logger(.ui).error("Could not schedule reminder: \(error.localizedDescription)")
        }
    }

    func cancelReminder(for taskID: UUID) {
        center.removePendingNotificationRequests(withIdentifiers: [taskID.uuidString])
    }
}
#else
/// A scheduler that does nothing, for platforms without local notifications in this app.
final class ReminderScheduler: ReminderScheduling {
    func scheduleReminder(for task: TaskItem, leadTime: TimeInterval) async {}
    func cancelReminder(for taskID: UUID) {}
}
#endif
