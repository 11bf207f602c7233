"""`boundlint check`, `boundlint rule`: argument parsing and exit codes.

Exit status: 0 no findings, 1 findings, 2 usage/configuration error or an
internal failure.
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path
from typing import Sequence

from boundlint import __version__
from boundlint.checker import CheckOptions, check
from boundlint.config import CONFIDENCES, Config, ConfigError, is_code_selector, load_config
from boundlint.report import WRITERS, write_statistics
from boundlint.rules import ALL_RULES, lookup

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _codes(value: str) -> list[str]:
    codes = [code.strip().upper() for code in value.split(",") if code.strip()]
    for code in codes:
        if not is_code_selector(code):
            raise argparse.ArgumentTypeError(f"{code!r} is not a rule code or prefix such as BL001 or BL00")
    return codes


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boundlint", description="Keep LLM agent tool output bounded.")
    parser.add_argument("--version", action="version", version=f"boundlint {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    check_parser = commands.add_parser("check", help="report unbounded tool returns and unsafe truncation")
    check_parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    check_parser.add_argument("--select", type=_codes, help="rule codes or prefixes to enable (replaces the configured set)")
    check_parser.add_argument("--extend-select", type=_codes, help="rule codes or prefixes to enable in addition")
    check_parser.add_argument("--ignore", type=_codes, help="rule codes or prefixes to disable")
    check_parser.add_argument("--min-confidence", choices=CONFIDENCES, help="drop findings below this confidence")
    check_parser.add_argument("--output-format", choices=sorted(WRITERS), default="text")
    check_parser.add_argument("--statistics", action="store_true", help="print a count per rule")
    check_parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    check_parser.add_argument("--config", type=Path, help="a pyproject.toml to read [tool.boundlint] from")
    check_parser.add_argument("--stdin-filename", help="read the source from standard input, named this")
    check_parser.add_argument("--show-unused-ignores", action="store_true",
                              help="report suppression comments that suppress nothing (BL901)")
    check_parser.add_argument("--force-exclude", action="store_true",
                              help="apply excludes to files named on the command line too (for pre-commit)")
    check_parser.add_argument("--no-respect-gitignore", action="store_true", help="check files .gitignore lists")

    rule_parser = commands.add_parser("rule", help="explain a rule")
    rule_parser.add_argument("code", nargs="?", help="a rule code or name, such as BL001")
    rule_parser.add_argument("--all", action="store_true", help="explain every rule")
    return parser


def _config_for(args: argparse.Namespace) -> Config:
    start = Path(args.stdin_filename).parent if args.stdin_filename else (args.paths[0] if args.paths else Path("."))
    config = load_config(args.config, Path(start) if Path(start).exists() else Path("."))
    select = args.select
    if args.show_unused_ignores:
        select = [*(select or config.select), "BL901"]
    return config.with_overrides(
        select=select,
        extend_select=[*config.extend_select, *(args.extend_select or [])],
        ignore=[*config.ignore, *(args.ignore or [])],
        min_confidence=args.min_confidence,
        respect_gitignore=False if args.no_respect_gitignore else None,
    )


def run_check(args: argparse.Namespace) -> int:
    try:
        config = _config_for(args)
    except ConfigError as error:
        print(f"boundlint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    options = CheckOptions(show_unused_ignores=args.show_unused_ignores, force_exclude=args.force_exclude)
    if args.stdin_filename:
        options.stdin = (args.stdin_filename, sys.stdin.read())
    paths = args.paths or [Path(".")]
    missing = [path for path in paths if not path.exists()] if not args.stdin_filename else []
    if missing:
        print(f"boundlint: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return EXIT_ERROR
    result = check(paths, config, options)
    out = sys.stdout
    if args.output_format == "text":
        WRITERS["text"](result, out, statistics=args.statistics)  # type: ignore[call-arg]
    else:
        WRITERS[args.output_format](result, out)
        if args.statistics:
            write_statistics(result.findings, sys.stderr)
    for error in result.errors:
        print(f"boundlint: {error}", file=sys.stderr)
    if result.errors:
        return EXIT_ERROR
    if result.findings and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def run_rule(args: argparse.Namespace) -> int:
    if args.all or not args.code:
        for rule in ALL_RULES:
            print(rule.documentation() if args.all else f"{rule.code}  {rule.name:<28} {rule.summary}")
        return EXIT_CLEAN
    rule = lookup(args.code)
    if rule is None:
        print(f"boundlint: error: unknown rule {args.code!r}; `boundlint rule` lists them", file=sys.stderr)
        return EXIT_ERROR
    print(rule.documentation())
    return EXIT_CLEAN


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handlers = {"check": run_check, "rule": run_rule}
    return _with_deep_stack(lambda: handlers[args.command](args))


def _with_deep_stack(function) -> int:
    """Run in a thread with a large stack, so deeply nested code parses and walks."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    threading.stack_size(512 * 1024 * 1024)
    outcome: list[int] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            outcome.append(function())
        except BaseException as error:  # noqa: BLE001 - re-raised in the main thread
            errors.append(error)

    thread = threading.Thread(target=target, name="boundlint")
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return outcome[0]


def entry() -> None:
    sys.exit(main())
