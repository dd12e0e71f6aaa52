import PinmapCLI
import Foundation

exit(PinmapCLI.main(Array(CommandLine.arguments.dropFirst())))
