"""Precision as reviewers read it, re-measured on findings already read by hand.

`benchmarks/reviewed/*.jsonl` holds findings of boundlint on public agent code,
each judged right or wrong on a plain reading of what the model would receive
(one line each: repo, commit, file, line, code, symbol, the confidence it had,
the checker commit it was read at, verdict, why). The trees are not kept here.
Given a folder with one checkout per repository (`OWNER+NAME`, at the recorded
commit), this runs the current checker on each (every confidence level) and
reports, for the findings it still reports, precision per confidence level and
for what is shown by default (medium and up):

    python benchmarks/reviewed_precision.py --trees /path/to/trees [benchmarks/reviewed/X.jsonl ...]

A finding the checker no longer reports counts as gone (right or wrong). New
findings have no verdict: read them, and add them to a new file. Once a set has
guided a change, its figures no longer say how the checker does on unseen code.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LEVELS = ("high", "medium", "low", "gone")


def every_finding(tree: Path) -> list[dict[str, Any]]:
    """What the checker reports on `tree` at every confidence level, as JSON objects."""
    completed = subprocess.run(
        [sys.executable, "-m", "boundlint", "check", ".", "--no-cache", "--exit-zero"]
        + ["--min-confidence", "low", "--output-format", "json"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        raise SystemExit(f"boundlint failed on {tree}: {completed.stderr.strip()}")
    found: list[dict[str, Any]] = json.loads(completed.stdout)
    return found


def current_findings(tree: Path) -> dict[tuple[str, int, str, str | None], str]:
    """(file, line, code, symbol) -> confidence, for every finding the checker reports now."""
    return {(f["filename"], f["line"], f["code"], f["symbol"]): f["confidence"] for f in every_finding(tree)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=Path, required=True, help="one checkout per repository, named OWNER+NAME")
    parser.add_argument("sets", nargs="*", type=Path, help="reviewed sets (default: all of benchmarks/reviewed)")
    args = parser.parse_args(argv)
    sets = args.sets or sorted((HERE / "reviewed").glob("*.jsonl"))
    rows = [json.loads(line) for path in sets for line in open(path, encoding="utf-8")]
    rows = [row for row in rows if "repo" in row and row.get("verdict") in ("right", "wrong")]  # not fix-hunk readings
    now: dict[str, dict[tuple[str, int, str, str | None], str]] = {}
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        folder = row["repo"].replace("/", "+", 1)
        if folder not in now:
            tree = args.trees / folder
            if not tree.is_dir():
                print(f"skipped {row['repo']}: no checkout at {tree}", file=sys.stderr)
                now[folder] = {}
                continue
            now[folder] = current_findings(tree)
        if not now[folder] and not (args.trees / folder).is_dir():
            continue
        level = now[folder].get((row["file"], row["line"], row["code"], row["symbol"]), "gone")
        right = row["verdict"] == "right"
        for key in (level, "shown by default") if level in ("high", "medium") else (level,):
            tally[key][0] += right
            tally[key][1] += 1
    print(f"{'level':18s} {'right':>5s} {'read':>5s} precision")
    for key in (*LEVELS, "shown by default"):
        right, read = tally.get(key, [0, 0])
        print(f"{key:18s} {right:5d} {read:5d} {right / read:9.2f}" if read else f"{key:18s} {0:5d} {0:5d}         -")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
