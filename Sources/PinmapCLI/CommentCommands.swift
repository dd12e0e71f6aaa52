import PinStore

/// `pinmap comment ID TEXT…`: adds a dated comment to a pin.
enum CommentCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "comment",
        usage: "pinmap comment ID TEXT... [--db PATH] [--json]",
        summary: "Add a comment dated now to pin ID (the words are joined by spaces); prints the comment id.",
        options: [CommandSpec.store],
        flags: [("--json", "print the comment as a JSON object")],
        maxPositionals: nil, minPositionals: 2)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let pinID = try CLIValues.id(args.positionals[0], command: "comment")
        let body = args.positionals.dropFirst().joined(separator: " ")
        if trimmedText(body).isEmpty { throw .usage(command: "comment", message: "the comment must not be blank") }
        let store = try PinmapCLI.openRepository(args)
        // The pin is looked up first, so that a missing one is named with the store (as `show` does).
        let added = try PinmapCLI.storeCall { () throws(StoreError) -> (pinExists: Bool, comment: Comment?) in
            guard try store.pin(id: pinID) != nil else { return (false, nil) }
            let id = try store.addComment(pinID: pinID, body: body)
            return (true, try store.comments(pinID: pinID).first { $0.id == id })
        }
        guard added.pinExists else { throw PinmapCLI.noPin(pinID, args) }
        guard let comment = added.comment else { throw .failure("the new comment could not be read back") }
        io.out.write(args.has("--json") ? PinJSON.comment(comment) + "\n" : "\(comment.id)\n")
        return 0
    }
}

/// `pinmap comments ID`: a pin's comments, oldest first.
enum CommentsCommand: TextCommand {
    static let spec = CommandSpec(
        name: "comments",
        usage: "pinmap comments ID [--db PATH] [--json]",
        summary: "List the comments on pin ID, oldest first: id, date, text, tab-separated (a tab, line break or backslash in the text written \\t, \\n, \\\\; a carriage return \\r; any other control character \\xHH or \\uHHHH, as in `pinmap list`).",
        options: [CommandSpec.store],
        flags: [("--json", "print a JSON array of comments")],
        maxPositionals: 1, minPositionals: 1)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let pinID = try CLIValues.id(args.positionals[0], command: "comments")
        let store = try PinmapCLI.openRepository(args, reading: true)
        let (pin, comments) = try PinmapCLI.storeCall { () throws(StoreError) in (try store.pin(id: pinID), try store.comments(pinID: pinID)) }
        guard pin != nil else { throw PinmapCLI.noPin(pinID, args) }
        if args.has("--json") {
            io.out.write(PinJSON.array(comments.map(PinJSON.comment)) + "\n")
        } else {
            let sanitize = io.out.isTerminal
            for c in comments {
                io.out.write("\(c.id)\t\(PinText.safe(PinText.tsvField(c.createdAt), sanitize))\t\(PinText.safe(PinText.tsvField(c.body), sanitize))\n")
            }
        }
        return 0
    }
}

/// `pinmap uncomment COMMENT_ID`: deletes one comment.
enum DeleteCommentCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "uncomment",
        usage: "pinmap uncomment COMMENT_ID [--db PATH] [--json]",
        summary: "Delete one comment (ids are shown by 'pinmap comments ID'); prints nothing unless --json.",
        options: [CommandSpec.store],
        flags: [("--json", "print the deleted comment as a JSON object")],
        maxPositionals: 1, minPositionals: 1)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let id = try CLIValues.id(args.positionals[0], command: "uncomment", what: "COMMENT_ID")
        let store = try PinmapCLI.openRepository(args)
        guard let comment = try PinmapCLI.storeCall({ () throws(StoreError) in try store.deleteComment(id: id) }) else {
            throw PinmapCLI.noComment(id, args)
        }
        if args.has("--json") { io.out.write(PinJSON.comment(comment) + "\n") }
        return 0
    }
}
