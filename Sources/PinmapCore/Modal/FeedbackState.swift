import PinModel

/// What the UI tells the user: the status line's message, toasts, the modal sheet and help.
public struct FeedbackState: Sendable {
    /// One-line message for the status line (what just happened or why not).
    public internal(set) var message: String?
    /// A routine success shown at the top right for a few seconds (Toast.swift).
    public internal(set) var toast: Toast?
    /// A toast that came while a notice sheet was up: shown once the sheet has gone.
    public internal(set) var waitingToast: Toast?
    /// True while the store (a server) cannot be reached: the status line says so until a
    /// change or a read gets through again.
    public internal(set) var storeUnreachable = false
    /// While the store cannot be reached because the server refuses the login: the server's
    /// reason ("role \"reader\" is not permitted to log in"), which the status line names.
    public internal(set) var storeRefusal: String?
    /// What the status line says while the store cannot be reached.
    var reconnectingText: String { S.chReconnecting(refusal: storeRefusal) }
    /// The other processes' writes the status line tells now ("3 pins added elsewhere"), when
    /// the last of them came (seconds), and the words told: one that follows soon adds to them.
    var toldElsewhere: (change: StoreChange, at: Double, text: String)?
    /// The modal sheet on screen (filter, notice), if any.
    public internal(set) var modal: Modal?
    /// The `?` overlay is up.
    public internal(set) var showHelp = false
    /// Help lines scrolled off the top of the `?` overlay.
    public internal(set) var helpScroll = 0
}
