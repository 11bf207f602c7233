"""Fix safety at scale: `boundlint fix --unsafe-fixes` on a copy of whole trees, checked from the outside.

    python benchmarks/fix_at_scale.py PATH [PATH ...] [--safe-only] [--limit N] [--keep DIR] [--tests]

With several trees, each gets its report, then one table sums them up. With
`--safe-only`, the fixes a plain `boundlint fix` applies (no `--unsafe-fixes`)
are the ones checked.

The tree's .py files (and a pyproject.toml at its top) are copied to a
temporary folder, then, in the copy, as a user would:

1. `boundlint check --unsafe-fixes --output-format json --exit-zero .` counts
   the findings;
2. `boundlint fix --unsafe-fixes .` fixes the tree;
3. every changed file must still compile (when the original did);
4. its AST must equal the original's outside the nodes the fixes targeted
   (`tests/ast_mask.py`, from each finding's JSON `fix`);
5. a second `boundlint fix --unsafe-fixes .` must change nothing;
6. where the tree's pyproject.toml configures ruff or black (and it is
   installed here), every changed file that the formatter accepted before
   must be accepted after (`ruff format --check`, `black --check`);
7. every import of the runtime that the fixes added must name a module and a
   name the runtime defines (read from `runtime/`, not imported);
8. with `--tests`, the tree's own tests run before and after (pytest, offline,
   with the project's root and `src/` on the path): every test that passed
   before must pass after. Tests that cannot run here (a dependency not
   installed, a network call) fail or error both times and do not count.

`fix` works in rounds (it checks again after writing, and fixes what the new
check finds), but the JSON of step 1 describes the first round only. So the
targets come from a round-by-round replay in a second copy: `fix --diff`
(exactly one round) gives the round's combined result, `check --output-format
json` on the same state gives that round's targets, the diff is applied, and
so on until a round changes nothing. Each round's result is compared with
the state before it, masked with that round's targets; the replay's last
state must be byte for byte what the real run wrote, else the file counts as
a difference (its changes could not be attributed to announced fixes).

A fix's targets must also sit at its finding (the innermost statement holding
the changed region holds the finding), else that is a difference too. Masks
come from every finding with a fix in the round, applied or not (a BL001 made
unnecessary by the same round's field fixes is not applied): that only ever
masks more, never less, than what was applied.

Prints the figures and exits 1 if a must-be-0 figure is not 0.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from boundlint.knowledge import frameworks as fw  # noqa: E402 - after the path is set
from tests import ast_mask  # noqa: E402

MAX_ROUNDS = 8  # the fixer stops after 4; more here would show a fixer that does not converge
HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
SHOWN = 5  # differences printed


@dataclass
class Figures:
    files: int = 0
    findings_before: int = 0
    fixable_before: int = 0
    files_changed: int = 0
    findings_fixed: int = 0
    findings_after: int = 0
    rounds: int = 0
    refused: list[str] = field(default_factory=list)  # "not fixed: ..." lines: the fixer's own verification
    not_compared: list[str] = field(default_factory=list)  # changed, but `ast` cannot parse the original
    compile_failures: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)
    second_run_changed: list[str] = field(default_factory=list)
    formatter: str | None = None  # what the tree formats with, when it says and it is installed here
    formatter_regressions: list[str] = field(default_factory=list)
    formatted_changed: int = 0  # changed files that were in the formatter's format before
    imports_added: int = 0
    import_failures: list[str] = field(default_factory=list)  # an added runtime import that names nothing
    tests_run: bool = False
    tests_passed_before: int = 0
    test_regressions: list[str] = field(default_factory=list)  # passed before the fixes, not after
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not (
            self.compile_failures
            or self.differences
            or self.second_run_changed
            or self.formatter_regressions
            or self.import_failures
            or self.test_regressions
        )

    def write(self, out: TextIO) -> None:
        out.write(f"files in tree: {self.files}\n")
        out.write(f"findings before: {self.findings_before} ({self.fixable_before} with a fix)\n")
        out.write(f"files changed: {self.files_changed}\n")
        out.write(
            f"findings fixed: {self.findings_fixed} ({self.findings_after} left; "
            f"{self.rounds} fix round{'s' if self.rounds != 1 else ''} in the replay)\n"
        )
        out.write(f"fixes refused by the fixer's own verification: {len(self.refused)}\n")
        for line in self.refused[:SHOWN]:
            out.write(f"  {line}\n")
        if self.not_compared:
            out.write(
                f"changed files whose original this Python cannot parse (not compared): "
                f"{len(self.not_compared)}: {', '.join(self.not_compared[:SHOWN])}\n"
            )
        out.write(f"files that failed to compile: {len(self.compile_failures)} (must be 0)\n")
        for line in self.compile_failures[:SHOWN]:
            out.write(f"  {line}\n")
        out.write(f"AST differences outside targeted nodes: {len(self.differences)} (must be 0)\n")
        for line in self.differences[:SHOWN]:
            out.write(f"  {line}\n")
        out.write(f"files changed by the second run: {len(self.second_run_changed)} (must be 0)\n")
        for line in self.second_run_changed[:SHOWN]:
            out.write(f"  {line}\n")
        if self.formatter is None:
            out.write("formatter: none configured (or not installed here): not checked\n")
        else:
            out.write(
                f"formatted files the fixes unformatted ({self.formatter}): {len(self.formatter_regressions)} "
                f"of {self.formatted_changed} changed files in its format before (must be 0)\n"
            )
            for line in self.formatter_regressions[:SHOWN]:
                out.write(f"  {line}\n")
        out.write(f"runtime imports added: {self.imports_added}; naming nothing the runtime defines: ")
        out.write(f"{len(self.import_failures)} (must be 0)\n")
        for line in self.import_failures[:SHOWN]:
            out.write(f"  {line}\n")
        if self.tests_run:
            out.write(
                f"the tree's tests: {self.tests_passed_before} passed before the fixes; "
                f"{len(self.test_regressions)} of them failed after (must be 0)\n"
            )
            for line in self.test_regressions[:SHOWN]:
                out.write(f"  {line}\n")
        out.write(f"time: {self.seconds:.1f} s\n")


# -- files --------------------------------------------------------------------


def copy_tree(source: Path, destination: Path, limit: int | None = None) -> list[str]:
    """Copy the .py files (sorted, the first `limit`) and the top-level configuration; their relative paths."""
    source = source.resolve()
    files = sorted(
        path.relative_to(source).as_posix() for path in source.rglob("*.py") if path.is_file() and not path.is_symlink()
    )
    if limit is not None:
        files = files[:limit]
    for relative in files:
        target = destination / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / relative, target)
    for name in ("pyproject.toml", "ruff.toml", ".ruff.toml"):  # the configuration, the formatter's too
        if (source / name).is_file():
            shutil.copyfile(source / name, destination / name)
    return files


def snapshot(root: Path, files: list[str]) -> dict[str, bytes]:
    return {relative: (root / relative).read_bytes() for relative in files}


def decode(data: bytes) -> tuple[str, str, bool]:
    """(text, encoding, BOM) as Python reads a source file; UTF-8 with replacement if that fails."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        encoding = "utf-8"
    bom = data.startswith(b"\xef\xbb\xbf")
    if bom:
        data = data[3:]
    if encoding == "utf-8-sig":
        encoding = "utf-8"
    try:
        return data.decode(encoding), encoding, bom
    except (UnicodeDecodeError, LookupError):
        return data.decode("utf-8", "replace"), "utf-8", bom


def encode(text: str, encoding: str, bom: bool) -> bytes:
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode(encoding)


def parses(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def compiles(data: bytes) -> str | None:
    """None if `data` compiles, else why not."""
    try:
        compile(data, "<file>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        return f"{type(error).__name__}: {error}"
    return None


# -- running boundlint --------------------------------------------------------


def boundlint(arguments: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    environment = dict(os.environ, PYTHONIOENCODING="utf-8")
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), environment.get("PYTHONPATH")]))
    run = subprocess.run(
        [sys.executable, "-m", "boundlint", *arguments], cwd=cwd, env=environment, capture_output=True, check=False
    )
    if b"Traceback (most recent call last)" in run.stderr:  # a crash, not a status: 1 also means "findings"
        raise RuntimeError(f"boundlint {' '.join(arguments)} crashed:\n{run.stderr.decode(errors='replace')[-3000:]}")
    return run


def fix_flags(unsafe: bool) -> list[str]:
    """Every finding's fix, whatever its confidence (`fix-min-confidence`): the question here is
    whether fixes keep the code working, not which ones a reviewer wants."""
    every = ["--config", "fix-min-confidence = 'low'"]
    return [*every, "--unsafe-fixes"] if unsafe else every


def check_json(root: Path, unsafe: bool = True) -> list[dict]:
    run = boundlint(["check", ".", *fix_flags(unsafe), "--output-format", "json", "--exit-zero"], root)
    if run.returncode != 0:
        raise RuntimeError(f"check failed ({run.returncode}): {run.stderr.decode(errors='replace')[-2000:]}")
    return json.loads(run.stdout)


def fix_diff(root: Path, unsafe: bool = True) -> dict[str, list[str]]:
    """One fix round as a unified diff, by file: {path: the diff's lines}."""
    run = boundlint(["fix", *fix_flags(unsafe), "--diff", "."], root)
    if run.returncode not in (0, 1, 2):
        raise RuntimeError(f"fix --diff failed ({run.returncode}): {run.stderr.decode(errors='replace')[-2000:]}")
    patches: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in ast_mask.split_lines(run.stdout.decode("utf-8")):
        if line.startswith("--- a/"):
            current = None
        elif line.startswith("+++ b/"):
            current = patches.setdefault(line[len("+++ b/") :].rstrip("\r\n"), [])
        elif current is not None:
            current.append(line)
    return patches


def apply_patch(text: str, patch: list[str]) -> str:
    """Apply one file's unified diff (as `fix --diff` writes it) to `text`; checks every context line."""
    operations: list[tuple[str, str]] = []
    for line in patch:
        if line.startswith("\\"):  # "\ No newline at end of file": the line before has none
            kind, body = operations[-1]
            operations[-1] = (kind, body[:-1] if body.endswith("\n") else body)
        elif line.startswith("@@"):
            operations.append(("@", line))
        elif line[:1] in (" ", "-", "+"):
            operations.append((line[0], line[1:]))
    old = ast_mask.split_lines(text)
    new: list[str] = []
    at = 0  # the next line of `old` to copy
    for kind, body in operations:
        if kind == "@":
            match = HUNK.match(body)
            assert match is not None, body
            start = int(match.group(1)) - (0 if match.group(2) == "0" else 1)
            new.extend(old[at:start])
            at = start
        elif kind == "+":
            new.append(body)
        else:
            if at >= len(old) or old[at] != body:
                raise ValueError(f"the patch does not match the file at line {at + 1}")
            if kind == " ":
                new.append(body)
            at += 1
    new.extend(old[at:])
    return "".join(new)


# -- the round-by-round replay ------------------------------------------------

INSTALL = "Install `"  # how the message of a fix that installs an adapter starts


def adapter_installed(difference: str) -> bool:
    """`difference` (from `ast_mask.compare`) is part of an adapter installed for another module's
    tools: an added import of the runtime, or an added argument or list item naming an adapter."""
    code = difference.split("`", 1)[1] if "`" in difference else ""
    added = "was added" in difference
    return added and (code.startswith("from boundlint_runtime") or bool(ADAPTER_NAMES.search(code)))


ADAPTER_NAMES = re.compile("|".join(sorted({install.adapter.rsplit(".", 1)[-1] for install in fw.ADAPTER_INSTALLS})))


@dataclass
class Step:
    before: str
    after: str
    differences: list[str]


# `... via map_search_places() (line 238) without a checkpoint`: the line of this file where the
# message says the value is made (a finding of another file names it `path:line`).
_NAMED_LINE = re.compile(r"\(line (\d+)\)")


def _at_named_line(
    statements: ast_mask.Statements, positions: ast_mask.Text, region: tuple[int, int], finding: dict
) -> bool:
    """A fix made where its finding's message says the value is made: a dispatcher's finding whose
    fix bounds the text block a helper builds (the type the framework receives is kept)."""
    named = _NAMED_LINE.search(finding.get("message", ""))
    if named is None:
        return False
    line = int(named.group(1))
    extent = statements.innermost(region)
    return extent is not None and extent[0] < positions.offset(line + 1, 1) and positions.offset(line, 1) <= extent[1]


def targets_of(text: str, findings: list[dict], where: str) -> tuple[ast_mask.Targets, list[str]]:
    """The union of the targets of the findings' fixes in `text`, and the fixes that are not at their finding."""
    targets = ast_mask.Targets()
    problems: list[str] = []
    statements: ast_mask.Statements | None = None
    positions = ast_mask.Text(text)
    for finding in findings:
        if not finding.get("fix"):
            continue
        edits = ast_mask.edits_from_json(text, finding["fix"])
        try:
            found = ast_mask.targets_from_edits(text, edits)
        except SyntaxError as error:
            problems.append(f"{where}:{finding['line']}: {finding['code']}'s fix alone does not parse: {error}")
            continue
        region = found.region()
        if region is not None and not finding["fix"]["message"].startswith(INSTALL):
            statements = statements or ast_mask.Statements(text)
            span = (
                positions.offset(finding["line"], finding["column"]),
                positions.offset(finding["end_line"], finding["end_column"]),
            )
            if not (statements.near(region, span) or _at_named_line(statements, positions, region, finding)):
                problems.append(
                    f"{where}:{finding['line']}: {finding['code']}'s fix changes code away from its finding"
                )
        targets.extend(found)
    return targets, problems


def replay(root: Path, figures: Figures, unsafe: bool = True) -> tuple[dict[str, list[Step]], list[dict]]:
    """Fix `root` one round at a time; each file's steps, and the first round's findings."""
    steps: dict[str, list[Step]] = {}
    first: list[dict] | None = None
    for _ in range(MAX_ROUNDS):
        patches = fix_diff(root, unsafe)
        if not patches and first is not None:
            break
        findings = check_json(root, unsafe)  # the targets of this round: the same state as the diff's
        if first is None:
            first = findings
        if not patches:
            break
        figures.rounds += 1
        by_file: dict[str, list[dict]] = {}
        for finding in findings:
            by_file.setdefault(finding["filename"], []).append(finding)
        for relative, patch in sorted(patches.items()):
            path = root / relative
            before, encoding, bom = decode(path.read_bytes())
            after = apply_patch(before, patch)
            if not parses(before):  # e.g. newer syntax than this Python's: `ast` cannot compare it
                figures.not_compared.append(relative)
                differences = []
            else:
                targets, problems = targets_of(before, by_file.get(relative, []), relative)
                found = ast_mask.compare(before, after, targets)
                if not any(finding.get("fix") for finding in by_file.get(relative, [])):
                    # No fix of this file's own: the adapter installed where a server or agent
                    # is made, for the tools of another module, which no finding's edits describe.
                    found = [difference for difference in found if not adapter_installed(difference)]
                differences = problems + [f"{relative}: {d}" for d in found]
            steps.setdefault(relative, []).append(Step(before, after, differences))
            path.write_bytes(encode(after, encoding, bom))
    else:
        figures.differences.append(f"the fixer still changed files after {MAX_ROUNDS} rounds")
    return steps, first or []


# -- the whole check ----------------------------------------------------------


def run(
    tree: Path,
    limit: int | None = None,
    keep: Path | None = None,
    out: TextIO | None = None,
    tests: bool = False,
    unsafe: bool = True,
) -> Figures:
    started = time.perf_counter()
    figures = Figures()
    work = Path(tempfile.mkdtemp(prefix="boundlint-fix-at-scale-")) if keep is None else keep
    try:
        fixed_root, replay_root = work / "fixed", work / "replay"
        files = copy_tree(tree, fixed_root, limit)
        copy_tree(tree, replay_root, limit)
        figures.files = len(files)
        original = snapshot(fixed_root, files)
        passed_before: set[str] = set()
        if tests:
            copy_tree(tree, work / "tests-before", limit)
            passed_before = passed_tests(work / "tests-before", work / "before.xml")
            figures.tests_run, figures.tests_passed_before = True, len(passed_before)

        steps, findings = replay(replay_root, figures, unsafe)
        figures.findings_before = len(findings)
        figures.fixable_before = sum(1 for finding in findings if finding.get("fix"))

        figures.formatter = formatter_of(fixed_root)
        unformatted_before = unformatted(figures.formatter, fixed_root, files)
        first = boundlint(["fix", *fix_flags(unsafe), "."], fixed_root)
        report = first.stdout.decode("utf-8", "replace")
        match = re.search(r"^Fixed (\d+) findings? in", report, re.MULTILINE)
        figures.findings_fixed = int(match.group(1)) if match else 0
        figures.refused = [
            line for line in first.stderr.decode("utf-8", "replace").splitlines() if "not fixed:" in line
        ]
        if first.returncode not in (0, 1, 2):
            figures.differences.append(
                f"fix exited with {first.returncode}: {first.stderr.decode(errors='replace')[-500:]}"
            )
        fixed = snapshot(fixed_root, files)
        changed = [relative for relative in files if fixed[relative] != original[relative]]
        figures.files_changed = len(changed)
        figures.findings_after = len(re.findall(r"^\S[^\n]*:\d+:\d+: BL\d{3} ", report, re.MULTILINE))

        for relative in changed:
            if compiles(original[relative]) is None and (why := compiles(fixed[relative])) is not None:
                figures.compile_failures.append(f"{relative}: {why}")
            chain = steps.get(relative)
            final, _, _ = decode(fixed[relative])
            if not chain or chain[-1].after != final:
                figures.differences.append(f"{relative}: the fix run wrote what the round-by-round replay did not")
                continue
            for step in chain:
                figures.differences.extend(step.differences)
        for relative in steps:
            if relative not in changed:
                figures.differences.append(f"{relative}: the replay changed it, the fix run did not")
        unformatted_after = unformatted(figures.formatter, fixed_root, changed)
        figures.formatted_changed = sum(1 for relative in changed if relative not in unformatted_before)
        figures.formatter_regressions = [
            relative for relative in changed if relative in unformatted_after and relative not in unformatted_before
        ]

        for relative in changed:
            added = added_runtime_imports(decode(original[relative])[0], decode(fixed[relative])[0])
            figures.imports_added += len(added)
            figures.import_failures += [f"{relative}: {why}" for why in map(runtime_import_problem, added) if why]

        boundlint(["fix", *fix_flags(unsafe), "."], fixed_root)
        again = snapshot(fixed_root, files)
        figures.second_run_changed = [relative for relative in files if again[relative] != fixed[relative]]
        if tests:
            passed_after = passed_tests(fixed_root, work / "after.xml")
            figures.test_regressions = sorted(passed_before - passed_after)
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)
    figures.seconds = time.perf_counter() - started
    if out is not None:
        figures.write(out)
    return figures


# -- imports and tests -----------------------------------------------------------

RUNTIME_SOURCE = REPO / "runtime"
TEST_TIMEOUT = 900  # seconds for one run of a tree's tests


def added_runtime_imports(before: str, after: str) -> list[tuple[str, str]]:
    """(module, name) of each `from boundlint_runtime... import name` in `after` and not in `before`."""

    def imported(text: str) -> set[tuple[str, str]]:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return set()
        return {
            (node.module, alias.name)
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
            if node.module.split(".")[0] == "boundlint_runtime"
            for alias in node.names
        }

    return sorted(imported(after) - imported(before))


def runtime_import_problem(item: tuple[str, str]) -> str | None:
    """Why `from module import name` would fail against the runtime's source; None if it would not."""
    module, name = item
    base = RUNTIME_SOURCE.joinpath(*module.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    if not path.is_file():
        return f"`{module}` is not a module of the runtime"
    if (base / f"{name}.py").is_file() or (base / name / "__init__.py").is_file():
        return None  # a submodule
    defined: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined.update(target.id for target in targets if isinstance(target, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return None if name in defined else f"`{module}` defines no `{name}`"


def passed_tests(root: Path, report: Path) -> set[str]:
    """The ids of the tests of the tree at `root` that pass here (pytest's JUnit report)."""
    import xml.etree.ElementTree as ElementTree

    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(root / "src")]))
    try:
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}", "."],
            cwd=root,
            env=environment,
            capture_output=True,
            timeout=TEST_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return set()
    if not report.is_file():
        return set()
    passed: set[str] = set()
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        if not any(child.tag in ("failure", "error", "skipped") for child in case):
            passed.add(f"{case.get('classname')}::{case.get('name')}")
    return passed


# -- the tree's formatter -------------------------------------------------------


def formatter_of(root: Path) -> str | None:
    """ "ruff" or "black" when the tree's pyproject.toml configures it and it is installed here."""
    from boundlint.fix.formatting import configured_formatter

    found = configured_formatter(root)
    if found is None or found[1] != root:
        return None
    name = found[0]
    installed = subprocess.run([sys.executable, "-m", name, "--version"], capture_output=True).returncode == 0
    return name if installed else None


def unformatted(formatter: str | None, root: Path, files: list[str]) -> set[str]:
    """The files of `files` that the formatter would change (with the tree's settings)."""
    if formatter is None or not files:
        return set()
    # `--diff` in both: a file it would change gets a `--- PATH` header (any ruff or black version).
    check = ["format", "--diff"] if formatter == "ruff" else ["--diff", "-q"]
    done = subprocess.run([sys.executable, "-m", formatter, *check, *files], cwd=root, capture_output=True, text=True)
    headers = {line[4:].split("\t", 1)[0].strip() for line in done.stdout.splitlines() if line.startswith("--- ")}
    return {relative for relative in files if relative in headers}


def main(argv: list[str] | None = None) -> int:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))  # `ast` walks of deeply nested code
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trees", type=Path, nargs="+")
    parser.add_argument("--safe-only", action="store_true", help="the fixes `boundlint fix` applies without flags")
    parser.add_argument("--limit", type=int, default=None, help="only the first N .py files of each (sorted by path)")
    parser.add_argument("--keep", type=Path, default=None, help="work in this (empty) folder and keep it")
    parser.add_argument("--tests", action="store_true", help="run each tree's own tests before and after the fixes")
    args = parser.parse_args(argv)
    several = len(args.trees) > 1
    results: list[tuple[str, Figures]] = []
    for tree in args.trees:
        keep = args.keep / tree.name if args.keep is not None and several else args.keep
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
        if several:
            sys.stdout.write(f"== {tree.name}\n")
        figures = run(tree, args.limit, keep, sys.stdout, tests=args.tests, unsafe=not args.safe_only)
        results.append((tree.name, figures))
    if several:
        write_table(results, sys.stdout)
    return 0 if all(figures.ok for _, figures in results) else 1


TABLE_COLUMNS = (
    "tree",
    "files",
    "findings",
    "fixed",
    "changed",
    "compile",
    "ast",
    "again",
    "format",
    "imports",
    "tests",
    "s",
)


def write_table(results: list[tuple[str, Figures]], out: TextIO) -> None:
    """One row per tree and a total: what was fixed, then every must-be-0 count (`format`: files
    the fixes took out of the formatter's format, of those in it before; `tests`: tests that passed
    before and not after, of those that passed)."""
    rows = [[name, *_row(figures)] for name, figures in results]
    total = Figures()
    for _, figures in results:
        for name in ("files", "findings_before", "findings_fixed", "files_changed", "formatted_changed"):
            setattr(total, name, getattr(total, name) + getattr(figures, name))
        for name in ("compile_failures", "differences", "second_run_changed", "formatter_regressions"):
            getattr(total, name).extend(getattr(figures, name))
        total.imports_added += figures.imports_added
        total.import_failures += figures.import_failures
        total.tests_run = total.tests_run or figures.tests_run
        total.tests_passed_before += figures.tests_passed_before
        total.test_regressions += figures.test_regressions
        total.seconds += figures.seconds
        total.formatter = total.formatter or figures.formatter
    rows.append(["total", *_row(total)])
    widths = [max(len(str(row[i])) for row in [list(TABLE_COLUMNS), *rows]) for i in range(len(TABLE_COLUMNS))]
    out.write("\n")
    for row in [list(TABLE_COLUMNS), *rows]:
        cells = [
            str(cell).ljust(width) if i == 0 else str(cell).rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        out.write("  ".join(cells).rstrip() + "\n")


def _row(figures: Figures) -> list[object]:
    formatted = f"{len(figures.formatter_regressions)}/{figures.formatted_changed}" if figures.formatter else "-"
    tests = f"{len(figures.test_regressions)}/{figures.tests_passed_before}" if figures.tests_run else "-"
    return [
        figures.files,
        figures.findings_before,
        figures.findings_fixed,
        figures.files_changed,
        len(figures.compile_failures),
        len(figures.differences),
        len(figures.second_run_changed),
        formatted,
        f"{len(figures.import_failures)}/{figures.imports_added}",
        tests,
        f"{figures.seconds:.0f}",
    ]


if __name__ == "__main__":
    sys.exit(main())
