"""`boundlint fix` / `boundlint check --fix`: options, the run, the report, the exit status.

Exit status, as for check: 0 when no finding is left, 1 when findings remain
after fixing, 2 on an error (a fix that failed verification, a file that could
not be written, an internal error). With `--diff` nothing is written: the
unified diff goes to standard output, and the status is 1 when there is
something to fix, else 0 (2 on error). With `--stdin-filename` the fixed source
goes to standard output and the remaining findings to standard error.
SIGINT or SIGTERM while files are written stops the run after the file being
written (each file is written whole or not at all): status 128 + the signal.
"""

from __future__ import annotations

import difflib
import os
import signal
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from boundlint.cli.fix_flags import add_fix_arguments  # noqa: F401 - part of this module's interface
from boundlint.core import interrupts
from boundlint.core.config import Config
from boundlint.core.findings import CONFIDENCE_ORDER, Finding
from boundlint.core.result import CheckResult, ModuleRewrite
from boundlint.engine.fix_rounds import fix_in_memory as _fix_in_memory
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check
from boundlint.fix.apply import split_lines
from boundlint.fix.declared import adds_runtime_import, declaration_hint, has_runtime
from boundlint.fix.planning import UNSAFE_REASON, has_fix
from boundlint.fix.writer import WriteRefused, write_fixed
from boundlint.report.writers import WRITERS, write_text
from boundlint.rules.filter import below_fix_confidence

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def run_fix(
    paths: list[Path],
    config: Config,
    options: CheckOptions,
    *,
    diff: bool,
    unsafe: bool,
    out: TextIO,
    err: TextIO,
    output_format: str = "text",
    quiet: bool = False,
    exit_non_zero_on_fix: bool = False,
) -> int:
    """Apply the fixes; report what was fixed, then what is left in `output_format` (a machine
    format keeps standard output for the findings, and says what it fixed on standard error)."""
    options = replace(options, request=Request(apply_fixes="unsafe" if unsafe else "safe"))
    if options.stdin is not None:
        return _run_stdin(paths, config, options, diff=diff, out=out, err=err)
    roots = [Path(path) for path in (paths or [Path(".")])]
    notes: list[str] = []  # said, but not errors
    fixed, result, problems = _fix_in_memory(roots, config, options, notes)
    rewrites = [rewrite for rewrite in fixed.values() if rewrite.new != rewrite.old]
    if rewrites and result.budget_note:
        notes.append(result.budget_note)
    undeclared = _undeclared_runtime(rewrites, config)
    held_back = _held_back_for_confidence(result, config)
    if held_back:
        notes.append(held_back)
    if diff:
        for note in [*notes, undeclared] if undeclared else notes:
            err.write(f"boundlint: {note}\n")
        return _report_diff(rewrites, problems + [str(e) for e in result.errors], out, err)
    written: dict[str, list[Finding]] = {}
    done_here: set[str] = set()
    # SIGINT and SIGTERM wait for the file being written: the run stops between two files.
    with interrupts.deferred():
        # Real files first: a link to one of them is then already fixed, through its target.
        for rewrite in sorted(rewrites, key=lambda r: (r.path.is_symlink(), r.display)):
            if interrupts.interrupted():
                break
            real = os.path.realpath(rewrite.path)
            if real in done_here:
                continue
            if rewrite.path.is_symlink():
                notes.append(f"{rewrite.display}: skipped: it is a symbolic link; fix the file it points to")
                continue
            try:
                write_fixed(rewrite.path, rewrite.old, rewrite.new, roots)
            except WriteRefused as error:
                problems.append(f"{rewrite.display}: not written: {error}")
                continue
            done_here.add(real)
            written[rewrite.display] = rewrite.fixed
    received = interrupts.interrupted()
    if received:
        return _report_interrupted(received, written, out, err)
    if len(written) < len(rewrites):  # what is reported must be what is on disk
        result = check(roots, config, replace(options, overlays={}))
    if written and undeclared:
        notes.append(undeclared)  # once per run, whatever the number of files
    for note in _unique(notes):
        err.write(f"boundlint: {note}\n")
    problems = _unique(problems + [str(e) for e in result.errors])
    if output_format != "text":
        status = _report_as(output_format, result, written, problems, out, err)
    else:
        status = _report(result, written, problems, out, err, quiet=quiet)
    return EXIT_FINDINGS if status == EXIT_CLEAN and written and exit_non_zero_on_fix else status


def _report_interrupted(received: int, fixed: dict[str, list[Finding]], out: TextIO, err: TextIO) -> int:
    """Stopped by a signal between two files: say which were fixed; the status is 128 + the signal's number."""
    for display in sorted(fixed):
        out.write(f"{display}: fixed {_describe(fixed[display])}\n")
    name = signal.Signals(received).name
    files = len(fixed)
    err.write(
        f"boundlint: interrupted by {name}: {files} file{'s' if files != 1 else ''} fixed, "
        "every other file left as it was\n"
    )
    return 128 + received


def _report(
    result: CheckResult,
    fixed: dict[str, list[Finding]],
    problems: list[str],
    out: TextIO,
    err: TextIO,
    *,
    quiet: bool = False,
) -> int:
    notes = _unfixed_reasons(result)
    if quiet:
        write_text(result, out, notes=notes, summary=False)  # the findings left, nothing else
    else:
        _write_summary(result, fixed, notes, out)
    for problem in problems:
        err.write(f"boundlint: {problem}\n")
    if problems:
        return EXIT_ERROR
    return EXIT_FINDINGS if result.findings else EXIT_CLEAN


def _write_summary(
    result: CheckResult, fixed: dict[str, list[Finding]], notes: dict[Finding, str], out: TextIO
) -> None:
    for display in sorted(fixed):
        out.write(f"{display}: fixed {_describe(fixed[display])}\n")
    write_text(result, out, notes=notes)  # each finding left once, with why it was not fixed
    if fixed:
        count = sum(len(findings) for findings in fixed.values())
        out.write(
            f"Fixed {count} finding{'s' if count != 1 else ''} in {len(fixed)} file{'s' if len(fixed) != 1 else ''}.\n"
        )
    with_unsafe = sum(1 for reason in notes.values() if reason.startswith(UNSAFE_REASON))
    if with_unsafe:
        out.write(
            f"{with_unsafe} of them {'has an unsafe fix' if with_unsafe == 1 else 'have unsafe fixes'}: "
            "review them, then run again with --unsafe-fixes.\n"
        )


def _held_back_for_confidence(result: CheckResult, config: Config) -> str:
    """What to say of the findings `fix` leaves only because they are less sure than
    `fix-min-confidence` (a run that fixes nothing would otherwise not say why)."""
    held = [f for f in result.findings if has_fix(f.code) and below_fix_confidence(f, config)]
    if not held:
        return ""
    lowest = min((f.confidence for f in held), key=lambda level: CONFIDENCE_ORDER.get(level, 1))
    count = len(held)
    return (
        f"{count} finding{'s' if count != 1 else ''} left for {'its' if count == 1 else 'their'} confidence: "
        f'fixes apply from `fix-min-confidence = "{config.fix_min_confidence}"`; set it to "{lowest}" '
        f"(or `--config \"fix-min-confidence='{lowest}'\"`) to fix {'it' if count == 1 else 'them'} too"
    )


def _undeclared_runtime(rewrites: list[ModuleRewrite], config: Config) -> str:
    """What to say when the fixes import the runtime and the project does not declare it."""
    adding = [r for r in rewrites if adds_runtime_import(r.old, r.new)]
    if adding and not has_runtime(config):
        return declaration_hint(config.root, adding[0].path)
    return ""


def _report_as(
    output_format: str,
    result: CheckResult,
    fixed: dict[str, list[Finding]],
    problems: list[str],
    out: TextIO,
    err: TextIO,
) -> int:
    """`check --fix --output-format sarif`: the findings left, in that format, alone on standard output."""
    for display in sorted(fixed):
        err.write(f"boundlint: {display}: fixed {_describe(fixed[display])}\n")
    WRITERS[output_format](result, out)
    for problem in problems:
        err.write(f"boundlint: {problem}\n")
    if problems:
        return EXIT_ERROR
    return EXIT_FINDINGS if result.findings else EXIT_CLEAN


def _unfixed_reasons(result: CheckResult) -> dict[Finding, str]:
    """Why each finding left was not fixed: its fix's refusal, or a rule with no automatic fix."""
    reasons = result.fix_round.unfixed if result.fix_round is not None else {}
    return {
        finding: reasons.get(finding, "no automatic fix for this rule")
        for finding in result.findings
        if finding in reasons or not has_fix(finding.code)
    }


def _report_diff(rewrites: list[ModuleRewrite], problems: list[str], out: TextIO, err: TextIO) -> int:
    count = 0
    for rewrite in sorted(rewrites, key=lambda r: r.display):
        _write_diff(rewrite, out)
        count += len(rewrite.fixed)
    for problem in _unique(problems):
        err.write(f"boundlint: {problem}\n")
    files = len(rewrites)
    if count:
        err.write(f"Would fix {count} finding{'s' if count != 1 else ''} in {files} file{'s' if files != 1 else ''}.\n")
    else:
        err.write("No fixes available.\n")
    if problems:
        return EXIT_ERROR
    return EXIT_FINDINGS if count else EXIT_CLEAN


def _write_diff(rewrite: ModuleRewrite, out: TextIO) -> None:
    display = rewrite.display
    lines = difflib.unified_diff(
        split_lines(rewrite.old), split_lines(rewrite.new), fromfile=f"a/{display}", tofile=f"b/{display}"
    )
    for line in lines:
        if line.endswith(("\n", "\r")):
            out.write(line)
        else:  # the file's last line has no newline
            out.write(line + "\n\\ No newline at end of file\n")


def _run_stdin(
    paths: list[Path], config: Config, options: CheckOptions, *, diff: bool, out: TextIO, err: TextIO
) -> int:
    """Fix the text of standard input: the fixed text goes to standard output, what is left to standard error."""
    assert options.stdin is not None
    fixed, remaining, problems = _fix_in_memory(paths, config, options)
    rewrites = [rewrite for rewrite in fixed.values() if rewrite.new != rewrite.old]
    problems = _unique(problems + [str(error) for error in remaining.errors])
    if diff:
        return _report_diff(rewrites, problems, out, err)
    out.write(rewrites[0].new if rewrites else options.stdin[1])
    write_text(remaining, err)
    for problem in problems:
        err.write(f"boundlint: {problem}\n")
    if problems:
        return EXIT_ERROR
    return EXIT_FINDINGS if remaining.findings else EXIT_CLEAN


def _describe(findings: list[Finding]) -> str:
    counts = Counter(finding.code for finding in findings)
    parts = ", ".join(f"{code} x{count}" if count > 1 else code for code, count in sorted(counts.items()))
    return f"{len(findings)} finding{'s' if len(findings) != 1 else ''} ({parts})"


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))
