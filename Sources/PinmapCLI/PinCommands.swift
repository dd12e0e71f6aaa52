import PinStore

// add, edit, delete, show: one pin at a time, for scripts.

/// `pinmap add`: stores a new pin and prints its id.
enum AddCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "add",
        usage: "pinmap add --title T --lat LAT --lon LON [--description D] [--category C] [--db PATH] [--json]",
        summary: "Add a pin and print its id (with --json, the whole pin).",
        options: [CommandSpec.store] + PinFields.options(editing: false),
        flags: [("--json", "print the new pin as a JSON object")],
        maxPositionals: 0)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let f = try PinFields.parse(args, command: "add")
        guard let title = f.title else { throw .usage(command: "add", message: "--title is required") }
        guard let lat = f.latitude else { throw .usage(command: "add", message: "--lat is required") }
        guard let lon = f.longitude else { throw .usage(command: "add", message: "--lon is required") }
        let store = try PinmapCLI.openRepository(args, creating: true)
        let pin = try PinmapCLI.storeCall { () throws(StoreError) -> Pin? in
            let id = try store.insert(NewPin(title: title, description: f.description ?? "", category: f.category ?? "",
                                             latitude: lat, longitude: lon))
            return try store.pin(id: id)
        }
        PinmapCLI.settleMap(store)
        guard let pin else { throw .failure("the new pin could not be read back") }
        io.out.write(args.has("--json") ? PinJSON.object(pin) + "\n" : "\(pin.id)\n")
        return 0
    }
}

/// `pinmap edit ID`: changes the given fields of a pin.
enum EditCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "edit",
        usage: "pinmap edit ID [--title T] [--lat LAT] [--lon LON] [--description D] [--category C] [--if-version N] [--db PATH] [--json]",
        summary: "Change the given fields of pin ID (the others stay); prints nothing unless --json. With --if-version N, only while the pin is at version N (`pinmap show ID --json`): a pin changed elsewhere since is left as it is, exit 1.",
        options: [CommandSpec.store] + PinFields.options(editing: true) + [("--if-version", "change the pin only if its version is still N")],
        flags: [("--json", "print the pin as stored afterwards, as a JSON object")],
        maxPositionals: 1, minPositionals: 1)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let id = try CLIValues.id(args.positionals[0], command: "edit")
        let f = try PinFields.parse(args, command: "edit")
        if f.isEmpty { throw .usage(command: "edit", message: "nothing to change: give --title, --lat, --lon, --description or --category") }
        let version = try PinmapCLI.version(args, command: "edit")
        let store = try PinmapCLI.openRepository(args)
        let pin = try PinmapCLI.storeCall { () throws(StoreError) in
            try store.update(id: id, title: f.title, description: f.description, category: f.category,
                             latitude: f.latitude, longitude: f.longitude, ifVersion: version)
        }
        PinmapCLI.settleMap(store)
        guard let pin else { throw PinmapCLI.noPin(id, args, readVersion: version, in: store) }
        if args.has("--json") { io.out.write(PinJSON.object(pin) + "\n") }
        return 0
    }
}

/// `pinmap delete ID`: deletes a pin and its comments.
enum DeleteCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "delete",
        usage: "pinmap delete ID [--if-version N] [--db PATH] [--json]",
        summary: "Delete pin ID and its comments; prints nothing unless --json. With --if-version N, only while the pin is at version N: a pin changed elsewhere since is kept, exit 1.",
        options: [CommandSpec.store, ("--if-version", "delete the pin only if its version is still N")],
        flags: [("--json", "print the deleted pin as a JSON object")],
        maxPositionals: 1, minPositionals: 1)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let id = try CLIValues.id(args.positionals[0], command: "delete")
        let version = try PinmapCLI.version(args, command: "delete")
        let store = try PinmapCLI.openRepository(args)
        guard let pin = try PinmapCLI.storeCall({ () throws(StoreError) in try store.deleteForUndo(id: id, ifVersion: version)?.pin }) else {
            throw PinmapCLI.noPin(id, args, readVersion: version, in: store)
        }
        PinmapCLI.settleMap(store)
        if args.has("--json") { io.out.write(PinJSON.object(pin) + "\n") }
        return 0
    }
}

/// `pinmap show ID`: one pin with its comments.
enum ShowCommand: TextCommand {
    static let spec = CommandSpec(
        name: "show",
        usage: "pinmap show ID [--db PATH] [--json]",
        summary: "Show pin ID: every field, coordinates also in degrees-minutes-seconds, and its comments. A description or comment keeps its line breaks; a backslash is written \\\\, a tab \\t, any other control character \\xHH or \\uHHHH, as in `pinmap list`.",
        options: [CommandSpec.store],
        flags: [("--json", "print the pin as a JSON object with a \"comments\" array and its \"version\" (for --if-version)")],
        maxPositionals: 1, minPositionals: 1)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let id = try CLIValues.id(args.positionals[0], command: "show")
        let store = try PinmapCLI.openRepository(args, reading: true)
        let (pin, comments) = try PinmapCLI.storeCall { () throws(StoreError) in (try store.pin(id: id), try store.comments(pinID: id)) }
        guard let pin else { throw PinmapCLI.noPin(id, args) }
        if args.has("--json") {
            let list = comments.isEmpty ? "[]" : "[" + comments.map(PinJSON.comment).joined(separator: ",") + "]"
            io.out.write(PinJSON.object(pin, extra: [("comments", list)]) + "\n")
        } else {
            io.out.write(PinText.detail(pin, comments: comments, sanitize: io.out.isTerminal))
        }
        return 0
    }
}
