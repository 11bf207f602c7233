"""`boundlint check`, `boundlint inventory`, `boundlint rule`: argument parsing and exit codes.

Exit status: 0 no findings, 1 findings, 2 usage/configuration error or an
internal failure.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import shutil
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from boundlint import __version__, rules
from boundlint.cli.fix_flags import add_fix_arguments
from boundlint.cli.progress import Progress
from boundlint.cli.runtime_command import add_runtime_arguments, run_runtime
from boundlint.core.config import CONFIDENCES, Config, ConfigError, is_code_selector, load_config, with_settings
from boundlint.core.result import CheckResult
from boundlint.core.selection import code_enabled, unknown_selector
from boundlint.discover.files import discover, display_name
from boundlint.engine.deep_stack import run_with_deep_stack
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check
from boundlint.report.add_ignore import add_ignores, clean_reason
from boundlint.report.baseline import BaselineError, Key, compare, load_baseline, write_baseline
from boundlint.report.inventory_table import INVENTORY_WRITERS, write_table
from boundlint.report.writers import WRITERS, write_statistics

# `fix`, `inventory` and the rule documentation load libcst and the analysis:
# they are imported by the commands that use them, not by every run.

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


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
    _add_scope_options(check_parser)
    _add_selection_options(check_parser)
    check_parser.add_argument("--output-format", choices=sorted(WRITERS), default="text")
    check_parser.add_argument("--statistics", action="store_true", help="print a count per rule")
    check_parser.add_argument(
        "--show-fixes", action="store_true", help="say under each finding what its automatic fix does"
    )
    check_parser.add_argument(
        "--watch", action="store_true", help="check again whenever a checked file or the configuration changes"
    )
    _add_output_options(check_parser)
    check_parser.add_argument(
        "--show-settings", action="store_true", help="print the configuration in effect (defaults included) and exit"
    )
    check_parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    check_parser.add_argument("--stdin-filename", help="read the source from standard input, named this")
    check_parser.add_argument(
        "--show-unused-ignores", action="store_true", help="report suppression comments that suppress nothing (BL901)"
    )
    debt = check_parser.add_mutually_exclusive_group()
    debt.add_argument(
        "--baseline", type=Path, metavar="FILE", help="report only findings not recorded in this baseline file"
    )
    debt.add_argument(
        "--write-baseline", type=Path, metavar="FILE", help="record today's findings in FILE (JSON) and exit 0"
    )
    check_parser.add_argument(
        "--add-ignore",
        metavar="=REASON",  # optional: the usage line reads `--add-ignore =REASON`, as it is given
        help="--add-ignore[=REASON]: add `# boundlint: ignore[CODE]` to every line with a finding",
    )
    speed = check_parser.add_argument_group("speed")
    speed.add_argument(
        "--jobs", "-j", type=_positive, default=os.cpu_count() or 1, help="worker processes (default: all cores)"
    )
    speed.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    speed.add_argument("--cache-dir", type=Path, help="where the cache lives (default: .boundlint_cache)")
    speed.add_argument(
        "--no-prefilter",
        action="store_true",
        help="parse every file, even those whose text cannot matter (for measuring)",
    )

    check_parser.add_argument("--fix", action="store_true", help="apply the fixes (as `boundlint fix`), then report")
    add_fix_arguments(check_parser)

    fix_parser = commands.add_parser("fix", help="insert the checkpoints and bounds, then report what is left")
    _add_scope_options(fix_parser)
    _add_selection_options(fix_parser)
    fix_parser.add_argument("--stdin-filename", help="fix the source on standard input, named this")
    fix_parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when findings are left")
    fix_parser.add_argument(
        "--output-format", choices=sorted(WRITERS), default="text", help="how to report the findings left"
    )
    _add_output_options(fix_parser)
    add_fix_arguments(fix_parser)
    fix_parser.set_defaults(show_unused_ignores=False, fix=True)

    inventory_parser = commands.add_parser("inventory", help="list every tool: what it returns, bounded by what")
    _add_scope_options(inventory_parser)
    inventory_parser.add_argument("--output-format", choices=sorted(INVENTORY_WRITERS), default="table")
    inventory_parser.add_argument(
        "--suggest",
        action="store_true",
        help="list in-house tool base classes and decorators, with the [tool.boundlint] lines that turn them on",
    )
    inventory_parser.set_defaults(
        select=None,
        extend_select=None,
        ignore=None,
        min_confidence=None,
        show_unused_ignores=False,
        stdin_filename=None,
    )

    rule_parser = commands.add_parser("rule", help="explain a rule")
    rule_parser.add_argument("code", nargs="?", help="a rule code or name, such as BL001")
    rule_parser.add_argument("--all", action="store_true", help="explain every rule")

    add_runtime_arguments(commands)
    commands.add_parser(
        "server",
        help="run the language server (stdio) for editors; needs `pip install 'boundlint[server]'`",
        description="Serve diagnostics, quick fixes, fix-all and rule pages to an editor over the Language "
        "Server Protocol on standard input and output. Settings come from the editor "
        "(initializationOptions.settings); pyproject.toml stays authoritative.",
    )
    return parser


def _add_selection_options(parser: argparse.ArgumentParser) -> None:
    """Which rules: the same for check and fix (fix acts on what check would report)."""
    # Repeated flags add up, as in ruff: `--ignore BL001 --ignore BL006` ignores both.
    parser.add_argument(
        "--select",
        type=_codes,
        action="extend",
        help="rule codes or prefixes to enable (replaces the configured set; repeatable, comma-separated)",
    )
    parser.add_argument(
        "--extend-select", type=_codes, action="extend", help="rule codes or prefixes to enable in addition"
    )
    parser.add_argument("--ignore", type=_codes, action="extend", help="rule codes or prefixes to disable")
    parser.add_argument("--min-confidence", choices=CONFIDENCES, help="drop findings below this confidence")


def _add_output_options(parser: argparse.ArgumentParser) -> None:
    """Where the report goes and how much of it, as in ruff."""
    parser.add_argument("-o", "--output-file", type=Path, metavar="FILE", help="write the report to FILE")
    quiet = parser.add_mutually_exclusive_group()
    quiet.add_argument("-q", "--quiet", action="store_true", help="the findings only, without the summary")
    quiet.add_argument("--silent", action="store_true", help="print nothing on standard output; the exit status tells")
    parser.add_argument(
        "--exit-non-zero-on-fix",
        action="store_true",
        help="with --fix: exit 1 when a fix was applied, even if none is left",
    )


def _add_scope_options(parser: argparse.ArgumentParser) -> None:
    """Which files, and which configuration: the same for every command that reads code."""
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    parser.add_argument(
        "--config",
        action="append",
        metavar="FILE | KEY=VALUE",
        help="a pyproject.toml to read [tool.boundlint] from, or one setting in TOML "
        '(`--config "max-chars = 8000"`), which wins over the file\'s; repeatable',
    )
    parser.add_argument("--isolated", action="store_true", help="read no configuration file")
    parser.add_argument(
        "--force-exclude",
        action="store_true",
        help="apply excludes to files named on the command line too (for pre-commit)",
    )
    parser.add_argument("--no-respect-gitignore", action="store_true", help="check files .gitignore lists")


def _config_for(args: argparse.Namespace) -> Config:
    start = Path(args.stdin_filename).parent if args.stdin_filename else (args.paths[0] if args.paths else Path("."))
    for flag in ("select", "extend_select", "ignore"):
        _check_selectors(getattr(args, flag, None) or [], f"--{flag.replace('_', '-')}")
    config = _configuration(args, Path(start) if Path(start).exists() else Path("."))
    for key, selectors in (
        ("select", config.select),
        ("extend-select", config.extend_select),
        ("ignore", config.ignore),
    ):
        _check_selectors(selectors, f"`{key}` in {config.source or 'the configuration'}")
    for pattern, selectors in config.per_file_ignores.items():
        _check_selectors(selectors, f'`per-file-ignores` "{pattern}" in {config.source or "the configuration"}')
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


def _configuration(args: argparse.Namespace, start: Path) -> Config:
    """The file's configuration (or none, `--isolated`), then each `--config KEY=VALUE` over it."""
    files = [Path(value) for value in args.config or [] if Path(value).is_file()]
    settings = [value for value in args.config or [] if not Path(value).is_file()]
    if len(files) > 1:
        raise ConfigError("--config: one configuration file at most")
    if files and args.isolated:
        raise ConfigError("--config FILE and --isolated: choose one")
    for setting in settings:
        if "=" not in setting:
            raise ConfigError(f"--config: {setting} does not exist (a file), and is not a `KEY = VALUE` setting")
    config = load_config(files[0] if files else None, start, isolated=args.isolated)
    for setting in settings:
        config = with_settings(config, setting)
    return config


def _config_or_report(args: argparse.Namespace) -> Config | None:
    """`_config_for(args)`, or None once the reason it cannot be loaded is on standard error."""
    try:
        return _config_for(args)
    except ConfigError as error:
        print(f"boundlint: error: {error}", file=sys.stderr)
        return None


def _check_selectors(selectors: Sequence[str], where: str) -> None:
    """A selector that matches no rule would silently turn a check into a pass: refuse it."""
    for selector in selectors:
        problem = unknown_selector(selector, rules.RULE_CODES)
        if problem is not None:
            raise ConfigError(f"{where}: {problem}")


def run_fix_command(args: argparse.Namespace) -> int:
    config = _config_or_report(args)
    if config is None:
        return EXIT_ERROR
    options = CheckOptions(force_exclude=args.force_exclude)
    if args.stdin_filename:
        options.stdin = (args.stdin_filename, sys.stdin.read())
    paths = args.paths or [Path(".")]
    missing = [path for path in paths if not path.exists()] if not args.stdin_filename else []
    if missing:
        print(f"boundlint: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return EXIT_ERROR
    from boundlint.cli.fix_command import run_fix

    status = run_fix(
        paths,
        config,
        options,
        diff=args.diff,
        unsafe=args.unsafe_fixes,
        out=sys.stdout,
        err=sys.stderr,
        output_format=args.output_format,
        quiet=args.quiet,
        exit_non_zero_on_fix=args.exit_non_zero_on_fix,
    )
    return EXIT_CLEAN if status == EXIT_FINDINGS and args.exit_zero else status


def run_check(args: argparse.Namespace) -> int:
    if (args.fix or args.diff) and args.watch:
        print("boundlint: error: --watch does not combine with --fix or --diff", file=sys.stderr)
        return EXIT_ERROR
    if args.fix or args.diff:
        if args.baseline or args.write_baseline or args.add_ignore is not None:
            print(
                "boundlint: error: --fix/--diff do not combine with --baseline, --write-baseline or --add-ignore",
                file=sys.stderr,
            )
            return EXIT_ERROR
        return run_fix_command(args)
    problem = _usage_problem(args)
    if problem:
        print(f"boundlint: error: {problem}", file=sys.stderr)
        return EXIT_ERROR
    if args.watch:
        from boundlint.cli.watch import watch

        return watch(lambda: _check_once(args), args.paths or [Path(".")])
    return _check_once(args)


def _check_once(args: argparse.Namespace) -> int:
    try:
        config = _config_for(args)
        baseline = load_baseline(args.baseline) if args.baseline else None
    except (ConfigError, BaselineError) as error:
        print(f"boundlint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    result = _run(args, config)
    if result is None:
        return EXIT_ERROR
    if args.write_baseline:
        return _write_baseline(args.write_baseline, result)
    if baseline is not None:
        result = _without_baseline(result, baseline, args.baseline, config, _checked_names(args, config))
    if args.add_ignore is not None:
        return _add_ignore(result, args.add_ignore)
    _write_report(args, result)
    return _exit_status(args, result)


def _usage_problem(args: argparse.Namespace) -> str | None:
    if args.watch and (args.stdin_filename or args.add_ignore is not None or args.write_baseline):
        return "--watch checks files on disk again and again: not with standard input, --add-ignore or --write-baseline"
    if args.stdin_filename and (args.add_ignore is not None or args.write_baseline):
        return "--add-ignore and --write-baseline need files on disk, not --stdin-filename"
    if args.add_ignore is not None and args.write_baseline:
        return "use either --add-ignore or --write-baseline: both record today's findings"
    if args.add_ignore:
        try:
            args.add_ignore = clean_reason(args.add_ignore)
        except ValueError as error:
            return str(error)
    return None


def _run(args: argparse.Namespace, config: Config) -> CheckResult | None:
    """Run the checker on the command's paths (or standard input); None after a usage error."""
    options = CheckOptions(
        show_unused_ignores=args.show_unused_ignores, force_exclude=args.force_exclude, jobs=os.cpu_count() or 1
    )
    if args.command == "inventory":
        options.request = Request(tool_rows=True)
    if args.command == "check":
        # The JSON formats carry each finding's fix, planned in the worker that found it.
        machine = args.output_format in ("json", "json-lines", "rdjson")
        text = args.output_format == "text" and not args.statistics
        options.request = Request(fixes=machine, fixable=text)
        options.jobs = args.jobs
        options.prefilter = not args.no_prefilter
        options.cache_dir = None if args.no_cache else (args.cache_dir or config.cache_path())
    if args.stdin_filename:
        options.stdin = (args.stdin_filename, sys.stdin.read())
        return check([], config, options)
    paths = args.paths or [Path(".")]
    missing = [path for path in paths if not path.exists()]
    if missing:
        print(f"boundlint: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return None
    if not Progress.wanted(sys.stderr):
        return check(paths, config, options)
    with Progress(sys.stderr, len(discover(paths, config, args.force_exclude))) as progress:
        options.progress = progress.update
        return check(paths, config, options)


def _write_report(args: argparse.Namespace, result: CheckResult) -> None:
    out = sys.stdout
    if args.output_format == "text":
        WRITERS["text"](  # type: ignore[call-arg]
            result, out, statistics=args.statistics, summary=not args.quiet, show_fixes=args.show_fixes
        )
    else:
        WRITERS[args.output_format](result, out)
        if args.statistics:
            write_statistics(result.findings, sys.stderr)
    for error in result.errors:
        print(f"boundlint: {error}", file=sys.stderr)
    _warn_unmatched(result)
    _note_unfollowed(result)
    if result.inferred_tools:
        print(
            f"boundlint: {result.inferred_tools} tool{'s' if result.inferred_tools != 1 else ''} of an in-house "
            "framework found by their shape (`boundlint inventory` marks them `in-house`); their BL001 findings "
            "are `low` (`--min-confidence low`) until `[tool.boundlint]` names their base class or decorator",
            file=sys.stderr,
        )
    if result.tools_found == 0 and result.files_checked:
        print(
            "boundlint: no agent tools found in the checked files; if your agents use an in-house framework, "
            "`boundlint inventory --suggest` lists tool base classes, decorators and name patterns to configure",
            file=sys.stderr,
        )


UNFOLLOWED_SHOWN = 10


def _note_unfollowed(result: CheckResult) -> None:
    """Registrations the checker could not follow to a function: what they register goes unchecked."""
    entries = result.unfollowed
    if not entries:
        return
    count = len(entries)
    print(
        f"boundlint: {count} tool registration{'s' if count != 1 else ''} could not be followed to a function "
        "of the checked files, so the tools registered there are not checked:",
        file=sys.stderr,
    )
    for entry in entries[:UNFOLLOWED_SHOWN]:
        print(f"  {entry}", file=sys.stderr)
    if count > UNFOLLOWED_SHOWN:
        print(f"  ... and {count - UNFOLLOWED_SHOWN} more", file=sys.stderr)
    print(
        "  (where a loader registers them by name or base class, `boundlint inventory --suggest` "
        "may find the [tool.boundlint] line that names them)",
        file=sys.stderr,
    )


def _warn_unmatched(result: CheckResult) -> None:
    """A configured name that matched nothing in the whole tree is most likely a typo."""
    for entry in result.unmatched_config:
        key, _, name = entry.partition(": ")
        print(f'boundlint: warning: {key} entry "{name}" matched nothing in the checked files', file=sys.stderr)


def _exit_status(args: argparse.Namespace, result: CheckResult) -> int:
    if result.errors:
        return EXIT_ERROR
    if result.findings and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _write_baseline(path: Path, result: CheckResult) -> int:
    for error in result.errors:
        print(f"boundlint: {error}", file=sys.stderr)
    if result.errors:
        # Files that failed would be missing from it, and reported as new later.
        print(f"boundlint: error: baseline {path} not written because of the errors above", file=sys.stderr)
        return EXIT_ERROR
    try:
        count = write_baseline(path, result)
    except OSError as error:
        print(f"boundlint: error: cannot write baseline file {path}: {error.strerror or error}", file=sys.stderr)
        return EXIT_ERROR
    print(f"boundlint: recorded {count} finding{'s' if count != 1 else ''} in baseline {path}", file=sys.stderr)
    return EXIT_CLEAN


def _checked_names(args: argparse.Namespace, config: Config) -> set[str]:
    """Display names of the files this run looked at, whether or not they had findings."""
    if args.stdin_filename:
        return {display_name(Path(args.stdin_filename).absolute())}
    return {display_name(path) for path in discover(args.paths or [Path(".")], config, args.force_exclude)}


def _without_baseline(
    result: CheckResult, baseline: Counter[Key], path: Path, config: Config, checked: set[str]
) -> CheckResult:
    comparison = compare(result, baseline, path, checked, lambda code: code_enabled(code, config))
    if comparison.known:
        print(
            f"boundlint: {comparison.known} finding{'s' if comparison.known != 1 else ''} in baseline {path}"
            " not reported",
            file=sys.stderr,
        )
    stale = sum(comparison.stale.values())
    if stale:
        print(
            f"boundlint: {stale} baseline {'entries' if stale != 1 else 'entry'} in {path} "
            f"{'match' if stale != 1 else 'matches'} no finding any more"
            f" (fixed, or not found by this run); run with --write-baseline {path} to drop them",
            file=sys.stderr,
        )
    return dataclasses.replace(result, findings=comparison.new)


def _add_ignore(result: CheckResult, reason: str) -> int:
    for error in result.errors:
        print(f"boundlint: {error}", file=sys.stderr)
    report = add_ignores(result.findings, reason)
    for message in report.skipped:
        print(f"boundlint: {message}", file=sys.stderr)
    files = len(report.files)
    merged = f" ({report.merged} merged into existing comments)" if report.merged else ""
    print(
        f"boundlint: added {report.changed} ignore comment{'s' if report.changed != 1 else ''}{merged}"
        f" in {files} file{'s' if files != 1 else ''}",
        file=sys.stderr,
    )
    if result.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if report.skipped else EXIT_CLEAN


def run_inventory(args: argparse.Namespace) -> int:
    config = _config_or_report(args)
    if config is None:
        return EXIT_ERROR
    if args.suggest:
        return _suggest(args, config)
    result = _run(args, config)
    if result is None:
        return EXIT_ERROR
    if args.output_format == "table" and (sys.stdout.isatty() or "COLUMNS" in os.environ):
        write_table(result.tool_rows, sys.stdout, width=shutil.get_terminal_size().columns)  # fit the terminal
    else:
        INVENTORY_WRITERS[args.output_format](result.tool_rows, sys.stdout)
    for internal in result.errors:
        print(f"boundlint: {internal}", file=sys.stderr)
    _warn_unmatched(result)
    _note_unfollowed(result)
    return EXIT_ERROR if result.errors else EXIT_CLEAN


def _suggest(args: argparse.Namespace, config: Config) -> int:
    from boundlint.find.suggest import suggest
    from boundlint.report.suggestions import write_suggestions

    paths = args.paths or [Path(".")]
    missing = [path for path in paths if not path.exists()]
    if missing:
        print(f"boundlint: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return EXIT_ERROR
    files = discover(paths, config, args.force_exclude)
    suggestions = suggest(files, {path: display_name(path) for path in files})
    write_suggestions(suggestions, sys.stdout, "json" if args.output_format == "json" else "text")
    return EXIT_CLEAN


def run_rule(args: argparse.Namespace) -> int:
    if args.all or not args.code:
        for rule in rules.ALL_RULES:
            print(rule.documentation() if args.all else f"{rule.code}  {rule.name:<28} {rule.summary}")
        return EXIT_CLEAN
    found = rules.lookup(args.code)
    if found is None:
        print(f"boundlint: error: unknown rule {args.code!r}; `boundlint rule` lists them", file=sys.stderr)
        return EXIT_ERROR
    print(found.documentation())
    return EXIT_CLEAN


def run_server(args: argparse.Namespace) -> int:
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        print(
            "boundlint: error: the server needs pygls and lsprotocol: pip install 'boundlint[server]'",
            file=sys.stderr,
        )
        return EXIT_ERROR
    from boundlint.server.app import serve

    serve()
    return EXIT_CLEAN


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(_optional_reason(list(sys.argv[1:] if argv is None else argv)))
    _stdin_as_dash(args)
    handlers = {
        "check": run_check,
        "fix": run_fix_command,
        "inventory": run_inventory,
        "rule": run_rule,
        "runtime": run_runtime,
        "server": run_server,
    }
    if getattr(args, "show_settings", False):
        return show_settings(args)
    target = getattr(args, "output_file", None)
    if getattr(args, "silent", False) or target is not None:
        # The handlers write to sys.stdout: point it at the file, or at nothing.
        with open(os.devnull if target is None else target, "w", encoding="utf-8") as out:
            with contextlib.redirect_stdout(out):
                return run_with_deep_stack(lambda: handlers[args.command](args))
    return run_with_deep_stack(lambda: handlers[args.command](args))


def _stdin_as_dash(args: argparse.Namespace) -> None:
    """`boundlint check -` reads the source from standard input, as ruff does: the same as
    `--stdin-filename` (named `-` unless that option names it)."""
    paths = getattr(args, "paths", None)
    if paths and any(str(path) == "-" for path in paths) and hasattr(args, "stdin_filename"):
        if len(paths) > 1:
            build_parser().error("`-` (standard input) cannot be checked with other paths")
        args.paths = []
        args.stdin_filename = args.stdin_filename or "-"


_PAIRED_ENTRIES = {"extend_tool_base_classes": ":", "extend_tool_methods": "."}


def show_settings(args: argparse.Namespace) -> int:
    """`check --show-settings`: the configuration in effect, as `[tool.boundlint]` would say it."""
    config = _config_or_report(args)
    if config is None:
        return EXIT_ERROR
    print(f"# from {config.source or 'the defaults'}; root {config.root}")
    print("[tool.boundlint]")
    for setting in dataclasses.fields(config):
        if setting.name in ("root", "source") or setting.metadata.get("key", "") is None:
            continue
        value = getattr(config, setting.name)
        if value is None:  # TOML has no null: an unset key is shown commented out
            print(f"# {setting.name.replace('_', '-')} is not set")
            continue
        if setting.name in _PAIRED_ENTRIES:  # as written in the file: "pkg.Class:method", "pkg.Class.method"
            value = [_PAIRED_ENTRIES[setting.name].join(pair) for pair in value]
        if isinstance(value, dict):
            rendered = "{ " + ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in value.items()) + " }"
        else:
            rendered = json.dumps(
                [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, list) else value
            )
        print(f"{setting.name.replace('_', '-')} = {rendered}")
    return EXIT_CLEAN


def _optional_reason(argv: list[str]) -> list[str]:
    """`--add-ignore` alone means "no reason": only `--add-ignore=REASON` takes one.

    With an ordinary optional value, `check --add-ignore src` would read
    `src` as the reason.
    """
    end = argv.index("--") if "--" in argv else len(argv)
    return [("--add-ignore=" if item == "--add-ignore" else item) for item in argv[:end]] + argv[end:]


def entry() -> None:
    try:
        code = main()
        for stream in (sys.stdout, sys.stderr):
            if not stream.closed:  # the server's transport closes standard output when the editor leaves
                stream.flush()
    except BrokenPipeError:
        # The reader went away (`| head`): the report was not delivered, but
        # that needs no traceback. Point stdout at devnull so the interpreter's
        # final flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_ERROR)
    # The report is out and every file we wrote is closed (writes are atomic
    # renames). Leave without the interpreter's teardown, which frees every
    # object one by one: a fifth of a warm run on a 2,000-file tree.
    os._exit(code)
