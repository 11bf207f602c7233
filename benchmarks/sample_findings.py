"""Draw a reproducible sample of findings to read by hand (a new reviewed set).

Runs the checker on each tree (one folder per repository, `OWNER+NAME`, as
`reviewed_precision.py` expects) at every confidence level, then draws, per
tree and with a fixed seed, up to `--shown` findings shown by default (medium
and up) and up to `--low` hidden ones. It writes two files:

- `SHEET.jsonl`: what a reviewer reads, with the confidence left out so that
  it cannot colour the verdict;
- `SHEET.key.jsonl`: the same rows with the confidence and the checker commit,
  to be joined with the verdicts afterwards.

    python benchmarks/sample_findings.py --trees DIR --commits DIR/commits.txt --out /tmp/set-d

`commits.txt` has one `OWNER+NAME COMMIT` line per tree; the commit is recorded
with each row so that the set can be checked out again.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script, next to its sibling
from reviewed_precision import every_finding  # noqa: E402

SHOWN = ("high", "medium")
# Diagnostics about the input itself (BL900 a file that does not parse, BL901 an unused
# suppression): right or wrong on no question of size, so not drawn. A tree whose last commit
# broke nine files would otherwise fill its quota with them.
INPUT_DIAGNOSTICS = ("BL9",)


def checker_commit() -> str:
    here = Path(__file__).resolve().parent
    completed = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=here, capture_output=True, text=True)
    return completed.stdout.strip() or "unknown"


def draw(found: list[dict[str, object]], rng: random.Random, shown: int, low: int) -> list[dict[str, object]]:
    judged = [f for f in found if not str(f["code"]).startswith(INPUT_DIAGNOSTICS)]
    ordered = sorted(judged, key=lambda f: (str(f["filename"]), int(str(f["line"])), str(f["code"])))
    visible = [f for f in ordered if f["confidence"] in SHOWN]
    hidden = [f for f in ordered if f["confidence"] not in SHOWN]
    picked = rng.sample(visible, min(shown, len(visible))) + rng.sample(hidden, min(low, len(hidden)))
    rng.shuffle(picked)  # hidden ones read as a block after the shown ones would give the confidence away
    return picked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=Path, required=True)
    parser.add_argument("--commits", type=Path, required=True, help="lines of `OWNER+NAME COMMIT`")
    parser.add_argument("--out", type=Path, required=True, help="sheet path without extension")
    parser.add_argument("--seed", type=int, default=20261125)
    parser.add_argument("--shown", type=int, default=15, help="findings shown by default, per tree")
    parser.add_argument("--low", type=int, default=5, help="hidden (low) findings, per tree")
    args = parser.parse_args(argv)
    commits = dict(line.split() for line in args.commits.read_text().splitlines() if line.strip())
    checker = checker_commit()
    sheet, key = [], []
    for folder, commit in sorted(commits.items()):
        found = every_finding(args.trees / folder)
        rng = random.Random(f"{args.seed}:{folder}")
        picked = draw(found, rng, args.shown, args.low)
        shown = sum(1 for finding in found if finding["confidence"] in SHOWN)
        print(
            f"{folder}: {len(found)} findings at every level, {shown} shown by default, {len(picked)} drawn",
            file=sys.stderr,
        )
        for finding in picked:
            row = {
                "repo": folder.replace("+", "/", 1),
                "commit": commit,
                "file": finding["filename"],
                "line": finding["line"],
                "code": finding["code"],
                "symbol": finding["symbol"],
                "message": finding["message"],
            }
            sheet.append(row)
            key.append({**row, "confidence": finding["confidence"], "checker": checker})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.with_suffix(".jsonl").write_text("".join(json.dumps(row) + "\n" for row in sheet))
    args.out.with_suffix(".key.jsonl").write_text("".join(json.dumps(row) + "\n" for row in key))
    print(f"{len(sheet)} findings drawn from {len(commits)} trees", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
