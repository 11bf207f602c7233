"""The command line: `boundlint check`, `fix`, `inventory`, `rule`: arguments, exit codes, progress."""
