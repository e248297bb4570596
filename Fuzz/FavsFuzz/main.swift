import FavsCore
import FavsFormats
import Foundation

// One executable, four libFuzzer targets: `favs-fuzz TARGET [libFuzzer options] [CORPUS…]`.
// libFuzzer's own `main` is left out (Swift links `libclang_rt.fuzzer`, whose `main` is only pulled in when
// nothing defines one): this file picks the target, then hands the rest of the command line to
// `LLVMFuzzerRunDriver`.

/// What one input must do: return, or throw the reader's own error with a position inside the input.
/// Anything else (a trap, a hang, unbounded memory, a foreign error) is what the fuzzer reports.
enum Target: String, CaseIterable {
    case json, csv, tsv, script

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let data = Data(buffer: bytes)
        // Lines as the readers count them: LF, or a CR not followed by LF (a file may use lone CRs).
        let lines = bytes.indices.reduce(1) { count, i in
            count + (bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) ? 1 : 0)
        }
        switch self {
        case .json, .csv, .tsv:
            let format: ImportFormat = self == .json ? .json : self == .csv ? .csv : .tsv
            do {
                _ = try ImportReader.read(data: data, file: "fuzz.\(rawValue)", format: format)
            } catch let error as ImportError {
                check(error.line >= 1 && error.line <= lines + 1 && error.column >= 1, "\(error)")
            } catch {
                check(false, "not an ImportError: \(error)")
            }
        case .script:
            do {
                _ = try ScriptParser.parse(String(decoding: data, as: UTF8.self), source: "fuzz")
            } catch let error as ScriptError {
                check(error.line >= 1 && error.line <= lines, "\(error)")
            } catch {
                check(false, "not a ScriptError: \(error)")
            }
        }
    }

    private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("\(rawValue): \(message())") }
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<Int32>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The target this run fuzzes; set once, before the driver starts calling back.
nonisolated(unsafe) var selected = Target.json

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = Target(rawValue: arguments[1]) else {
    let names = Target.allCases.map(\.rawValue).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: favs-fuzz \(names) [libFuzzer options] [corpus…]\n".utf8))
    exit(64)
}
selected = target
// libFuzzer sees the program name and everything after the target.
var cArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
var count = Int32(cArguments.count - 1)
let status = cArguments.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var pointer = buffer.baseAddress
    return runDriver(&count, &pointer) { data, size in
        selected.run(UnsafeBufferPointer(start: data, count: size))
        return 0
    }
}
exit(status)
