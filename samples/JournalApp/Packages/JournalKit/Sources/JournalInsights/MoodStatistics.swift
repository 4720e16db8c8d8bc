/// Statistics over mood scores (1 to 5).
public enum MoodStatistics {
    /// The mean score, nil for no scores.
    public static func average(of scores: [Int]) -> Double? {
        guard !scores.isEmpty else { return nil }
        return Double(scores.reduce(0, +)) / Double(scores.count)
    }

    /// How often each score occurs.
    public static func histogram(of scores: [Int]) -> [Int: Int] {
        scores.reduce(into: [:]) { counts, score in counts[score, default: 0] += 1 }
    }

    static func clamp(_ score: Int) -> Int {
        min(max(score, 1), 5)
    }
}
