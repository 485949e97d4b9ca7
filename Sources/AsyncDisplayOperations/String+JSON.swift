extension String {
    /// The string with the characters a JSON string cannot hold as they are escaped (quotes,
    /// backslashes, control characters), ready to go between quotes; shared by the trace export
    /// and the benchmark's JSON lines.
    package var jsonEscaped: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
