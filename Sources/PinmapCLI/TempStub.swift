import PinStore
enum ImportCommand: Command {
    static let spec = CommandSpec(name: "import", usage: "x", summary: "x", options: [], flags: [])
    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32 { 1 }
}
enum SamplePins { static func load(into store: Store) throws -> Int { 0 } }
