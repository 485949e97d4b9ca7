/// Exports of a report: a Chrome trace-event file and a text timeline.
extension OperationReport {
    /// The run as Chrome trace-event JSON, for Perfetto or chrome://tracing.
    ///
    /// Each operation that ran is a complete event ("ph": "X") in microseconds, with its outcome,
    /// attempts and wait time as arguments; operations that never ran are instant events at their
    /// end. Main-actor operations share the lane named "main actor"; the others are packed into
    /// as few lanes as their overlaps need.
    public func chromeTraceJSON(processName: String = "operations") -> String {
        let lanes = laneAssignment()
        var events: [String] = [
            #"{"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":"\#(processName.jsonEscaped)"}}"#,
            #"{"name":"thread_name","ph":"M","pid":1,"tid":0,"args":{"name":"main actor"}}"#,
        ]
        for lane in 1..<(lanes.values.max() ?? 0) + 1 {
            events.append(#"{"name":"thread_name","ph":"M","pid":1,"tid":\#(lane),"args":{"name":"lane \#(lane)"}}"#)
        }
        for entry in entries {
            let arguments =
                #"{"outcome":"\#(entry.outcome)","attempts":\#(entry.attempts),"#
                + #""wait_us":\#(microseconds(entry.waitTime))}"#
            let lane = lanes[entry.id] ?? 0
            if let started = entry.started {
                events.append(
                    #"{"name":"\#(entry.name.jsonEscaped)","cat":"operation","ph":"X","ts":\#(microseconds(started)),"#
                        + #""dur":\#(microseconds(entry.finished - started)),"pid":1,"tid":\#(lane),"#
                        + #""args":\#(arguments)}"#)
            } else {
                events.append(
                    #"{"name":"\#(entry.name.jsonEscaped)","cat":"operation","ph":"i","s":"t","#
                        + #""ts":\#(microseconds(entry.finished)),"pid":1,"tid":\#(lane),"args":\#(arguments)}"#)
            }
        }
        return "{\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n],\"displayTimeUnit\":\"ms\"}\n"
    }

    /// The run as text, one line per operation that ran, its bar drawn over `columns` characters
    /// spanning the run ("·" waiting after submission, "█" running), followed by its times.
    public func timeline(columns: Int = 60) -> String {
        let width = max(10, columns)
        let total = max(duration, .nanoseconds(1))
        let nameWidth = min(28, entries.map(\.name.count).max() ?? 0)
        func column(_ time: Duration) -> Int {
            // Clamped before converting, so the conversion cannot trap.
            let fraction = min(1, max(0, time / total))
            return Int((fraction * Double(width)).rounded(.down))
        }
        var lines: [String] = []
        for entry in entries.sorted(by: { ($0.started ?? $0.finished) < ($1.started ?? $1.finished) }) {
            let enqueued = column(entry.enqueued)
            let started = column(entry.started ?? entry.finished)
            let finished = max(started + (entry.started == nil ? 0 : 1), column(entry.finished))
            var bar = String(repeating: " ", count: enqueued) + String(repeating: "·", count: started - enqueued)
            bar += String(repeating: entry.started == nil ? "" : "█", count: min(width, finished) - started)
            bar += String(repeating: " ", count: max(0, width - bar.count))
            let name = String(entry.name.prefix(nameWidth))
            let label = name + String(repeating: " ", count: nameWidth - name.count)
            lines.append(
                "\(label) |\(bar)| \(milliseconds(entry.started ?? entry.finished))–\(milliseconds(entry.finished)) ms"
                    + (entry.outcome == .succeeded ? "" : " \(entry.outcome)"))
        }
        return lines.joined(separator: "\n")
    }

    /// Lanes for operations that ran: 0 for the main actor, then the lowest lane free at each start.
    private func laneAssignment() -> [OperationID: Int] {
        var lanes: [OperationID: Int] = [:]
        var laneEnds: [Duration] = []
        for entry in entries.sorted(by: { ($0.started ?? $0.finished) < ($1.started ?? $1.finished) }) {
            guard !entry.isMainActor, let started = entry.started else {
                lanes[entry.id] = 0
                continue
            }
            if let free = laneEnds.firstIndex(where: { $0 <= started }) {
                laneEnds[free] = entry.finished
                lanes[entry.id] = free + 1
            } else {
                laneEnds.append(entry.finished)
                lanes[entry.id] = laneEnds.count
            }
        }
        return lanes
    }
}

private func microseconds(_ duration: Duration) -> String {
    let nanoseconds = duration.nanoseconds
    let whole = nanoseconds / 1000
    let fraction = abs(nanoseconds % 1000)
    return fraction == 0 ? "\(whole)" : "\(whole).\(String(fraction + 1000).dropFirst())"
}

private func milliseconds(_ duration: Duration) -> String {
    let tenths = (duration.nanoseconds + 50_000) / 100_000
    return "\(tenths / 10).\(abs(tenths % 10))"
}
