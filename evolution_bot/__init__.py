"""The ``evolution-bot`` command: one entry point with subcommands (run, console, rules, ...)."""
