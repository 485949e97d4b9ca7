import Foundation

/// `swift run -c release alerts`: modules that know nothing of each other request alerts; they
/// appear one at a time, in request order, through one exclusivity category. Prints a timeline.
let center = AlertCenter(readingTime: .milliseconds(120))
let (shown, requested) = try await AlertScript.standard.play(on: center)

print("Alerts, one at a time in request order (times in ms since start):\n")
print("module     requested   shown  dismissed  message")
for record in shown {
    let columns = [
        record.module.padding(toLength: 9, withPad: " ", startingAt: 0),
        String(format: "%9.0f", record.requested), String(format: "%7.0f", record.shown),
        String(format: "%10.0f", record.dismissed),
    ]
    print(columns.joined(separator: "  ") + "  " + record.message)
}
let end = max(1, shown.map(\.dismissed).max() ?? 1)
print("\nTimeline (· waiting for its turn, █ on screen):")
for record in shown {
    let width = 60.0
    let requestedColumn = Int((record.requested / end * width).rounded(.down))
    let shownColumn = max(requestedColumn, Int((record.shown / end * width).rounded(.down)))
    let dismissedColumn = max(shownColumn + 1, Int((record.dismissed / end * width).rounded(.down)))
    let bar =
        String(repeating: " ", count: requestedColumn) + String(repeating: "·", count: shownColumn - requestedColumn)
        + String(repeating: "█", count: dismissedColumn - shownColumn)
    print(record.message.padding(toLength: 26, withPad: " ", startingAt: 0) + " |" + bar)
}
let overlaps = zip(shown, shown.dropFirst()).contains { $1.shown < $0.dismissed }
print("\nrequest order kept: \(shown.map(\.message) == requested); overlapping alerts: \(overlaps ? "yes" : "none")")
