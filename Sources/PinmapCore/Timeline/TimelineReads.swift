import PinModel

/// The Timeline's answers read lately, newest last: what it shows again of a day or a month
/// whose read fails (the server away, "reconnecting…"), so a day read a minute ago is its
/// pins, stale, rather than "not read yet" (as the map keeps its last view). A read that
/// answers replaces what was kept of its day and month.
///
/// Kept small: the newest `maxAnswers` answers, and no more than `maxPins` pins in all but
/// the newest (a day of a large import may hold most of the store; the newest answer is the
/// one on screen, kept whatever its size).
struct TimelineReads: Sendable, Equatable {
    static let maxAnswers = 16
    static let maxPins = 20_000

    private struct Answer: Sendable, Equatable {
        var request: TimelineRequest
        var day: TimelineDay
    }

    private var answers: [Answer] = []

    /// Keeps `day`, the answer to `request`, as the newest; drops the oldest beyond the bounds.
    mutating func keep(_ day: TimelineDay, for request: TimelineRequest) {
        answers.removeAll { $0.request == request }
        answers.append(Answer(request: request, day: day))
        if answers.count > Self.maxAnswers { answers.removeFirst(answers.count - Self.maxAnswers) }
        while answers.count > 1, answers.dropLast().reduce(0, { $0 + $1.day.dayPins.count }) > Self.maxPins {
            answers.removeFirst()
        }
    }

    /// The newest counts read for `year`-`month` (day of month → pins), nil when none was read.
    func counts(year: Int, month: Int) -> [Int: Int]? {
        answers.last { $0.request.year == year && $0.request.month == month }?.day.dayCounts
    }

    /// The newest pins read for `day` (`2023-07-01`), nil when it was never read.
    func pins(on day: String) -> [Pin]? {
        answers.last { $0.request.day == day }?.day.dayPins
    }
}
