import PinmapCLI
import Foundation

// The arguments as bytes: CommandLine.arguments turns bytes that are not UTF-8 into U+FFFD.
let raw = (1..<Int(CommandLine.argc)).map { i in
    CommandLine.unsafeArgv[i].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
}
exit(PinmapCLI.main(bytes: raw))
