from boundlint.cli.main import entry

entry()
