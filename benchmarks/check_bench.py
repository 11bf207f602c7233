"""Measure `boundlint check` on a tree, side by side with its floor and with fixit.

    python benchmarks/check_bench.py PATH [--runs 3] [--fixit-runs 1] [--sizes 250,500,1000,2000]

Prints, for the same tree in one run (medians of --runs, wall-clock seconds,
peak of the summed RSS of the process and its workers):

1. boundlint cold, cache off (all cores);
2. boundlint warm (cache on, unchanged tree), and after touching one file;
3. the floor: parsing every .py file with libcst in one process;
4. `fixit lint` with its default rules (installed into the benchmark's own
   virtual environment under ~/.cache/boundlint-bench);
5. boundlint with the pre-filter disabled, in one process;
6. boundlint cold with `--output-format json`, which also plans every fix;
and how cold time grows with tree size (the first N files of the tree).

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
from pathlib import Path

BENCH_HOME = Path.home() / ".cache" / "boundlint-bench"


def timed(command: list[str], cwd: Path) -> tuple[float, int]:
    """Wall seconds, and the peak of the summed RSS (KB) of the command and all its child processes.

    Sampled from /proc every 20 ms (the sum counts pages that forked workers
    share once per process, so it errs high).
    """
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while process.poll() is None:
        peak = max(peak, _tree_rss(process.pid))
        time.sleep(0.02)
    return time.perf_counter() - started, peak


def _tree_rss(root: int) -> int:
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir() if Path("/proc").exists() else []:
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        pid = int(entry.name)
        parents[pid] = int(fields.get("PPid", "0").strip() or 0)
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0]) if "VmRSS" in fields else 0
    total, pending = 0, [root]
    while pending:
        pid = pending.pop()
        total += rss.get(pid, 0)
        pending.extend(child for child, parent in parents.items() if parent == pid)
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


def boundlint(*flags: str) -> list[str]:
    return [sys.executable, "-m", "boundlint", "check", ".", "--exit-zero", *flags]


def parse_floor() -> list[str]:
    code = ("import libcst, pathlib\n"
            "for p in sorted(pathlib.Path('.').rglob('*.py')):\n"
            "    try: libcst.parse_module(p.read_bytes())\n"
            "    except Exception: pass\n")
    return [sys.executable, "-c", code]


def fixit_command() -> list[str] | None:
    environment = BENCH_HOME / "fixit-venv"
    executable = environment / "bin" / "fixit"
    if not executable.exists():
        environment.parent.mkdir(parents=True, exist_ok=True)
        venv.create(environment, with_pip=True)
        installed = subprocess.run([str(environment / "bin" / "pip"), "install", "-q", "fixit"], capture_output=True)
        if installed.returncode != 0:
            print(f"(fixit could not be installed: {installed.stderr.decode()[-200:]})")
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fixit-runs", type=int, default=1, help="fixit is slow; 0 skips it")
    parser.add_argument("--sizes", default="250,500,1000,2000")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="boundlint-bench-") as scratch:
        tree = Path(scratch) / "tree"
        count = copy_tree(args.path.resolve(), tree)
        cores = os.cpu_count() or 1
        print(f"tree: {args.path} ({count} .py files, "
              f"{sum(p.stat().st_size for p in tree.rglob('*.py')) / 1e6:.1f} MB), {cores} cores, "
              f"medians of {args.runs} runs\n")
        print(f"| {'what':<52} | {'time':>11} | {'peak RSS':>11} | ratio")
        print(f"|{'-' * 54}|{'-' * 13}|{'-' * 13}|------")
        cache = Path(scratch) / "cache"

        def clear_cache() -> None:
            shutil.rmtree(cache, ignore_errors=True)

        floor, floor_peak = median_of(args.runs, parse_floor(), tree)
        cold, cold_peak = median_of(args.runs, boundlint("--no-cache"), tree)
        median_of(1, boundlint("--cache-dir", str(cache)), tree, before=clear_cache)  # fill the cache
        warm, warm_peak = median_of(args.runs, boundlint("--cache-dir", str(cache)), tree)
        touched = sorted(tree.rglob("*.py"))[len(list(tree.rglob("*.py"))) // 2]

        def touch() -> None:
            touched.write_text(touched.read_text(encoding="utf-8", errors="replace") + "\n# touched\n",
                               encoding="utf-8")

        edited, edited_peak = median_of(args.runs, boundlint("--cache-dir", str(cache)), tree, before=touch)
        unfiltered, unfiltered_peak = median_of(
            args.runs, boundlint("--no-cache", "--no-prefilter", "--jobs", "1"), tree)
        as_json, json_peak = median_of(args.runs, boundlint("--no-cache", "--output-format", "json"), tree)
        print(row("libcst parse of every file, one process (floor)", floor, floor_peak))
        print(row(f"boundlint cold, no cache, --jobs {cores}", cold, cold_peak, floor, "of floor (target <= 0.25)"))
        print(row("boundlint warm, unchanged tree", warm, warm_peak, cold, "of cold (target <= 0.05)"))
        print(row(f"boundlint after touching {touched.name}", edited, edited_peak, cold, "of cold"))
        print(row("boundlint without pre-filter, --jobs 1, no cache", unfiltered, unfiltered_peak, floor, "of floor"))
        print(row("boundlint cold, --output-format json (each fix planned)", as_json, json_peak, floor, "of floor"))
        if args.fixit_runs:
            command = fixit_command()
            if command is not None:
                fixit, fixit_peak = median_of(args.fixit_runs, command, tree)
                print(row("fixit lint, default rules", fixit, fixit_peak, cold,
                          f"(boundlint cold is {fixit / cold:.0f}x faster; target >= 30x)"))

        print("\nscaling (boundlint cold, no cache, first N files of the tree):\n")
        print("| files | time | per 1,000 files |")
        print("|------:|-----:|----------------:|")
        for size in [int(s) for s in args.sizes.split(",") if s]:
            if size > count:
                continue
            subset = Path(scratch) / f"subset-{size}"
            copy_tree(args.path.resolve(), subset, size)
            seconds, _ = median_of(args.runs, boundlint("--no-cache"), subset)
            print(f"| {size:5d} | {seconds:6.2f} s | {seconds / size * 1000:6.2f} s |")


if __name__ == "__main__":
    main()
