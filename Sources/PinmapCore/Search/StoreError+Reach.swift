import PinModel

extension StoreError {
    /// A failure to reach the store (down, not answering, the connection lost), not of what
    /// was asked: the UI says "reconnecting…" for it, never the store's own error.
    var meansUnreachable: Bool {
        switch kind {
        case .unreachable?, .loginRefused?, .connectionLost?, .notAnswering?, .stoppedAnswering?: true
        default: false
        }
    }
}
