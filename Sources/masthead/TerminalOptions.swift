import ArgumentParser

/// How a command talks to the terminal: colours, how much it says. Every command takes them.
struct TerminalOptions: ParsableArguments {
    @Option(help: "Colour diagnostics: auto (when standard error is a terminal and NO_COLOR is not set), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "Print errors only: no warnings, progress or summary.")
    var quiet = false

    @Flag(help: "Say more: build prints how long each stage took (as MASTHEAD_TIMINGS=1 does); deploy lists every file of its plan.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose: choose one") }
    }
}

enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never
}

/// `--format`, for the commands that end with a result: text for people, JSON for programs.
struct FormatOption: ParsableArguments {
    @Option(help: "text, or json: one JSON object on standard output at the end, and nothing else (docs/command-line.md lists its fields).")
    var format: OutputFormat = .text
}

enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}
