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

import argparse
import difflib
import os
import signal
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from boundlint.core import interrupts
from boundlint.engine.run import CheckOptions, CheckResult, check
from boundlint.core.config import Config
from boundlint.core.findings import Finding
from boundlint.fix.apply import Applied, split_lines
from boundlint.fix.planning import Plan, Round, fix_round, plan
from boundlint.cli.fix_flags import add_fix_arguments  # noqa: F401 - part of this module's interface
from boundlint.fix.writer import WriteRefused, write_fixed
from boundlint.report.writers import write_text

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
MAX_ROUNDS = 4  # a round normally finishes the job; the second only confirms it


def run_fix(paths: list[Path], config: Config, options: CheckOptions, *, diff: bool, unsafe: bool,
            out: TextIO, err: TextIO) -> int:
    options = _with_analysis(options)
    if options.stdin is not None:
        return _run_stdin(paths, config, options, diff=diff, unsafe=unsafe, out=out, err=err)
    roots = [Path(path) for path in (paths or [Path(".")])]
    fixed: dict[str, list[Finding]] = {}
    problems: list[str] = []  # errors: exit status 2
    notes: list[str] = []  # said, but not errors
    result = check(roots, config, options)
    internal = [str(error) for error in result.errors]
    for _ in range(1 if diff else MAX_ROUNDS):
        the_plan = plan(result, config)
        outcome = fix_round(result, config, unsafe, the_plan)
        problems.extend(f"{module.display}: not fixed: {reason}" for module, reason in outcome.failed)
        if diff:
            return _report_diff(outcome, problems + internal, out, err)
        written = 0
        fixed_here: set[str] = set()
        # SIGINT and SIGTERM wait for the file being written: the run stops between two files.
        with interrupts.deferred():
            # Real files first: a link to one of them is then already fixed, through its target.
            for applied in sorted(outcome.applied, key=lambda a: a.module.path.is_symlink()):
                if interrupts.interrupted():
                    break
                path = applied.module.path
                real = os.path.realpath(path)
                if real in fixed_here:
                    continue
                if path.is_symlink():
                    notes.append(f"{applied.module.display}: skipped: it is a symbolic link; fix the file it points to")
                    continue
                try:
                    write_fixed(path, applied.old, applied.new, roots)
                except WriteRefused as error:
                    problems.append(f"{applied.module.display}: not written: {error}")
                    continue
                written += 1
                fixed_here.add(real)
                fixed.setdefault(applied.module.display, []).extend(c.finding for c in applied.candidates)
        received = interrupts.interrupted()
        if received:
            return _report_interrupted(received, fixed, out, err)
        if not written:
            break
        result = check(roots, config, options)
        internal = [str(error) for error in result.errors]
    for note in _unique(notes):
        err.write(f"boundlint: {note}\n")
    return _report(result, config, unsafe, fixed, _unique(problems + internal), out, err)


def _report_interrupted(received: int, fixed: dict[str, list[Finding]], out: TextIO, err: TextIO) -> int:
    """Stopped by a signal between two files: say which were fixed; the status is 128 + the signal's number."""
    for display in sorted(fixed):
        out.write(f"{display}: fixed {_describe(fixed[display])}\n")
    name = signal.Signals(received).name
    files = len(fixed)
    err.write(f"boundlint: interrupted by {name}: {files} file{'s' if files != 1 else ''} fixed, "
              "every other file left as it was\n")
    return 128 + received


def _report(result: CheckResult, config: Config, unsafe: bool, fixed: dict[str, list[Finding]],
            problems: list[str], out: TextIO, err: TextIO) -> int:
    for display in sorted(fixed):
        out.write(f"{display}: fixed {_describe(fixed[display])}\n")
    write_text(result, out)
    if fixed:
        count = sum(len(findings) for findings in fixed.values())
        out.write(f"Fixed {count} finding{'s' if count != 1 else ''} in {len(fixed)} file{'s' if len(fixed) != 1 else ''}.\n")
    _report_remaining(result, plan(result, config), unsafe, out)
    for problem in problems:
        err.write(f"boundlint: {problem}\n")
    if problems:
        return EXIT_ERROR
    return EXIT_FINDINGS if result.findings else EXIT_CLEAN


def _report_remaining(result: CheckResult, the_plan: Plan, unsafe: bool, out: TextIO) -> None:
    reasons = [(finding, the_plan.reason(finding, unsafe)) for finding in result.findings]
    unfixed = [(finding, reason) for finding, reason in reasons if reason is not None]
    if not unfixed:
        return
    out.write("Not fixed automatically:\n")
    for finding, reason in unfixed:
        out.write(f"  {finding.filename}:{finding.line}:{finding.column}: {finding.code} {reason}\n")
    with_unsafe = sum(1 for finding, _ in unfixed if finding in the_plan.candidates)
    if with_unsafe:
        out.write(f"{with_unsafe} of them {'has an unsafe fix' if with_unsafe == 1 else 'have unsafe fixes'}: "
                  "review them, then run again with --unsafe-fixes.\n")


def _report_diff(outcome: Round, problems: list[str], out: TextIO, err: TextIO) -> int:
    count = 0
    for applied in outcome.applied:
        _write_diff(applied, out)
        count += len(applied.candidates)
    for problem in _unique(problems):
        err.write(f"boundlint: {problem}\n")
    files = len(outcome.applied)
    if count:
        err.write(f"Would fix {count} finding{'s' if count != 1 else ''} in {files} file{'s' if files != 1 else ''}.\n")
    else:
        err.write("No fixes available.\n")
    if problems:
        return EXIT_ERROR
    return EXIT_FINDINGS if count else EXIT_CLEAN


def _write_diff(applied: Applied, out: TextIO) -> None:
    display = applied.module.display
    lines = difflib.unified_diff(split_lines(applied.old), split_lines(applied.new),
                                 fromfile=f"a/{display}", tofile=f"b/{display}")
    for line in lines:
        if line.endswith(("\n", "\r")):
            out.write(line)
        else:  # the file's last line has no newline
            out.write(line + "\n\\ No newline at end of file\n")


def _run_stdin(paths: list[Path], config: Config, options: CheckOptions, *, diff: bool, unsafe: bool,
               out: TextIO, err: TextIO) -> int:
    assert options.stdin is not None
    filename, text = options.stdin
    result = check(paths, config, options)
    outcome = fix_round(result, config, unsafe)
    problems = [f"{module.display}: not fixed: {reason}" for module, reason in outcome.failed]
    problems += [str(error) for error in result.errors]
    if diff:
        return _report_diff(outcome, problems, out, err)
    new = outcome.applied[0].new if outcome.applied else text
    out.write(new)
    remaining = check(paths, config, replace(options, stdin=(filename, new)))
    write_text(remaining, err)
    for problem in _unique(problems + [str(error) for error in remaining.errors]):
        err.write(f"boundlint: {problem}\n")
    if problems or remaining.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if remaining.findings else EXIT_CLEAN


def _with_analysis(options: CheckOptions) -> CheckOptions:
    """Fixing needs the trees and the analysis of every file with a finding (this also bypasses the cache)."""
    return replace(options, keep_analysis=True)


def _describe(findings: list[Finding]) -> str:
    counts = Counter(finding.code for finding in findings)
    parts = ", ".join(f"{code} x{count}" if count > 1 else code for code, count in sorted(counts.items()))
    return f"{len(findings)} finding{'s' if len(findings) != 1 else ''} ({parts})"


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))
