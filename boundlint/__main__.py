from boundlint.cli import entry

entry()
