"""Measure `boundlint check` on a tree, side by side with its floor and with fixit.

    python benchmarks/check_bench.py TREE [TREE ...] [--runs 3] [--fixit-runs 1] [--sizes 250,500,1000,2000]

A figure from the one tree you optimise on says little: give it many trees.
Prints, for each tree (medians of --runs, wall-clock seconds, peak of the
summed RSS of the process and its workers):

1. the floor: parsing every .py file with libcst in one process;
2. boundlint cold, cache off (all cores), with the text and JSON outputs
   (JSON also plans and verifies every fix);
3. boundlint warm (cache on, unchanged tree), and after touching one file;
4. with `--unfiltered`, boundlint with the pre-filter disabled, in one process;
then, with several trees, one table of every tree's figures and ratios and
the worst cold ratio; and on the largest tree, `fixit lint` with its default
rules (installed into the benchmark's own virtual environment under
~/.cache/boundlint-bench) and how cold time grows with tree size (the first N
files of the tree).

boundlint runs as pre-commit and CI install it: the script installs this
working tree (not editable) into its own virtual environment under
~/.cache/boundlint-bench, and runs boundlint and the floor with that
interpreter (`--python` names another one).

The tree is copied to a temporary folder first, so touching a file never
changes the original.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from dataclasses import dataclass
from pathlib import Path

BENCH_HOME = Path.home() / ".cache" / "boundlint-bench"


def timed(command: list[str], cwd: Path) -> tuple[float, int]:
    """Wall seconds, and the peak of the summed RSS (KB) of the command and all its child processes.

    Sampled from /proc every 20 ms (the sum counts pages that forked workers
    share once per process, so it errs high). A sample follows the command's
    own process tree, so the sampler costs about 0.1 ms, not the run's cores.
    """
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while process.poll() is None:
        peak = max(peak, _tree_rss(process.pid))
        time.sleep(0.02)
    return time.perf_counter() - started, peak


def _tree_rss(root: int) -> int:
    """Summed VmRSS (KB) of `root` and its descendants, found through /proc/PID/task/TID/children."""
    total, pending = 0, [root]
    while pending:
        pid = pending.pop()
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue  # ended between two reads
        total += next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
        for task in tasks:
            try:
                pending.extend(int(child) for child in (task / "children").read_text().split())
            except OSError:
                continue
    return total


def median_of(runs: int, command: list[str], cwd: Path, before=None) -> tuple[float, int]:
    times, peaks = [], []
    for _ in range(runs):
        if before is not None:
            before()
        elapsed, peak = timed(command, cwd)
        times.append(elapsed)
        peaks.append(peak)
    return statistics.median(times), max(peaks)


PROJECT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable  # replaced in main() by the benchmark's own installation


def installed_python() -> str:
    """The interpreter of a virtual environment holding boundlint as pre-commit and CI install
    it: a regular (not editable) install from this working tree, with the bytecode pip compiles,
    and no site-packages of this machine. Re-installed on every run, so it is the code here."""
    sources = [str(PROJECT / "runtime"), str(PROJECT)]
    for extra in ([], ["--no-deps", "--force-reinstall"]):  # the dependencies, then this tree's code
        failure = _install("boundlint-venv", *extra, *sources)
        if failure is not None:
            sys.exit(f"could not install boundlint into {BENCH_HOME / 'boundlint-venv'}:\n{failure}")
    return str(BENCH_HOME / "boundlint-venv" / "bin" / "python")


def _install(environment_name: str, *arguments: str) -> str | None:
    """`pip install ARGUMENTS` in the benchmark's virtual environment of that name (made when
    missing); the end of pip's complaint if it failed."""
    environment = BENCH_HOME / environment_name
    if not (environment / "bin" / "python").exists():
        environment.parent.mkdir(parents=True, exist_ok=True)
        venv.create(environment, with_pip=True)
    installed = subprocess.run(
        [str(environment / "bin" / "python"), "-m", "pip", "install", "-q", *arguments], capture_output=True, text=True
    )
    return installed.stderr[-2000:] if installed.returncode != 0 else None


def boundlint(*flags: str) -> list[str]:
    return [PYTHON, "-m", "boundlint", "check", ".", "--exit-zero", *flags]


def parse_floor() -> list[str]:
    code = (
        "import libcst, pathlib\n"
        "for p in sorted(pathlib.Path('.').rglob('*.py')):\n"
        "    try: libcst.parse_module(p.read_bytes())\n"
        "    except Exception: pass\n"
    )
    return [PYTHON, "-c", code]


def fixit_command() -> list[str] | None:
    executable = BENCH_HOME / "fixit-venv" / "bin" / "fixit"
    if not executable.exists():
        failure = _install("fixit-venv", "fixit")
        if failure is not None:
            print(f"(fixit could not be installed: {failure[-200:]})")
            return None
    return [str(executable), "lint", "."]


def copy_tree(source: Path, target: Path, limit: int | None = None) -> int:
    files = sorted(p for p in source.rglob("*.py") if ".git" not in p.parts)
    if limit is not None:
        files = files[:limit]
    for path in files:
        destination = target / path.relative_to(source)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, destination)
    for config in source.glob("pyproject.toml"):
        shutil.copy2(config, target / config.name)
    return len(files)


def row(name: str, seconds: float, peak: int, reference: float | None = None, label: str = "") -> str:
    ratio = f"{seconds / reference:8.3f}x {label}" if reference else ""
    return f"| {name:<52} | {seconds:9.2f} s | {peak / 1024:8.0f} MB | {ratio}"


@dataclass
class Measured:
    """One tree's figures (seconds, peak summed RSS in KB)."""

    name: str
    files: int
    megabytes: float
    floor: tuple[float, int]
    cold: tuple[float, int]
    warm: tuple[float, int]
    touched: tuple[float, int]
    as_json: tuple[float, int]  # against `cold`, which writes the text output


def measure(source: Path, scratch: Path, runs: int, unfiltered: bool) -> Measured:
    """Every figure of one tree, on a copy of it (touching a file never changes the original)."""
    tree = scratch / "tree"
    shutil.rmtree(tree, ignore_errors=True)
    count = copy_tree(source.resolve(), tree)
    megabytes = sum(p.stat().st_size for p in tree.rglob("*.py")) / 1e6
    cache = scratch / "cache"

    def clear_cache() -> None:
        shutil.rmtree(cache, ignore_errors=True)

    floor = median_of(runs, parse_floor(), tree)
    cold = median_of(runs, boundlint("--no-cache"), tree)
    median_of(1, boundlint("--cache-dir", str(cache)), tree, before=clear_cache)  # fill the cache
    warm = median_of(runs, boundlint("--cache-dir", str(cache)), tree)
    files = sorted(tree.rglob("*.py"))
    touched_file = files[len(files) // 2]

    def touch() -> None:
        touched_file.write_text(
            touched_file.read_text(encoding="utf-8", errors="replace") + "\n# touched\n", encoding="utf-8"
        )

    touched = median_of(runs, boundlint("--cache-dir", str(cache)), tree, before=touch)
    as_json = median_of(runs, boundlint("--no-cache", "--output-format", "json"), tree)
    measured = Measured(source.name, count, megabytes, floor, cold, warm, touched, as_json)
    if unfiltered:
        plain = median_of(runs, boundlint("--no-cache", "--no-prefilter", "--jobs", "1"), tree)
        print(row(f"{source.name}: without pre-filter, --jobs 1", *plain, floor[0], "of floor"))
    return measured


def print_tree(measured: Measured) -> None:
    floor, cold = measured.floor[0], measured.cold[0]
    print(f"\n{measured.name}: {measured.files} .py files, {measured.megabytes:.1f} MB\n")
    print(f"| {'what':<52} | {'time':>11} | {'peak RSS':>11} | ratio")
    print(f"|{'-' * 54}|{'-' * 13}|{'-' * 13}|------")
    print(row("libcst parse of every file, one process (floor)", *measured.floor))
    print(row(f"boundlint cold, no cache, --jobs {os.cpu_count() or 1}", *measured.cold, floor, "of floor (<= 0.25)"))
    print(row("boundlint warm, unchanged tree", *measured.warm, cold, "of cold (target <= 0.05)"))
    print(row("boundlint after touching one file", *measured.touched, cold, "of cold (target <= 0.1)"))
    print(
        row(
            "boundlint cold, --output-format json (each fix planned)",
            *measured.as_json,
            cold,
            "of text (<= 1.2)",
        )
    )


def print_summary(trees: list[Measured]) -> None:
    print("\nall trees (seconds; ratios: cold/floor, warm/cold, touched/cold, json/text; peak MB):\n")
    columns = "tree files MB floor cold warm touched json cold/floor warm/cold touched/cold json/text peak_MB"
    print("| " + " | ".join(columns.split()) + " |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for m in trees:
        peak = max(m.cold[1], m.as_json[1]) / 1024
        print(
            f"| {m.name} | {m.files} | {m.megabytes:.1f} | {m.floor[0]:.2f} | {m.cold[0]:.2f} | {m.warm[0]:.2f} "
            f"| {m.touched[0]:.2f} | {m.as_json[0]:.2f} | {m.cold[0] / m.floor[0]:.2f} | {m.warm[0] / m.cold[0]:.3f} "
            f"| {m.touched[0] / m.cold[0]:.2f} | {m.as_json[0] / m.cold[0]:.2f} | {peak:.0f} |"
        )
    worst = max(trees, key=lambda m: m.cold[0] / m.floor[0])
    print(f"\nworst cold ratio: {worst.cold[0] / worst.floor[0]:.2f}x the parse floor ({worst.name})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", type=Path, nargs="+", help="one tree or several (each measured on its own)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fixit-runs", type=int, default=1, help="fixit is slow; 0 skips it")
    parser.add_argument("--sizes", default="250,500,1000,2000", help="the scaling series, on the largest tree")
    parser.add_argument("--unfiltered", action="store_true", help="also time each tree without the pre-filter")
    parser.add_argument(
        "--python",
        help="run boundlint and the floor with this interpreter, as it is "
        "(default: install this tree into the benchmark's own virtual environment)",
    )
    args = parser.parse_args()
    global PYTHON
    PYTHON = args.python or installed_python()
    print(f"{os.cpu_count() or 1} cores, medians of {args.runs} runs\ninterpreter: {PYTHON}")

    with tempfile.TemporaryDirectory(prefix="boundlint-bench-") as scratch:
        trees = [measure(path, Path(scratch), args.runs, args.unfiltered) for path in args.paths]
        for measured in trees:
            print_tree(measured)
        if len(trees) > 1:
            print_summary(trees)
        largest = max(zip(trees, args.paths, strict=True), key=lambda pair: pair[0].files)
        if args.fixit_runs:
            command = fixit_command()
            if command is not None:
                tree = Path(scratch) / "fixit-tree"
                copy_tree(largest[1].resolve(), tree)
                fixit, _ = median_of(args.fixit_runs, command, tree)
                cold = largest[0].cold[0]
                print(
                    f"\nfixit lint, default rules, on {largest[0].name}: {fixit:.2f} s "
                    f"(boundlint cold is {fixit / cold:.0f}x faster; target >= 30x)"
                )
        print(f"\nscaling on {largest[0].name} (boundlint cold, no cache, first N files of the tree):\n")
        print("| files | time | per 1,000 files |")
        print("|------:|-----:|----------------:|")
        for size in [int(s) for s in args.sizes.split(",") if s]:
            if size > largest[0].files:
                continue
            subset = Path(scratch) / f"subset-{size}"
            copy_tree(largest[1].resolve(), subset, size)
            seconds, _ = median_of(args.runs, boundlint("--no-cache"), subset)
            print(f"| {size:5d} | {seconds:6.2f} s | {seconds / size * 1000:6.2f} s |")


if __name__ == "__main__":
    main()
