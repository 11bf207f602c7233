"""Tool-level precision and recall of BL001, against tools read by hand.

`benchmarks/reviewed/tools/*.jsonl` holds every tool boundlint listed on a set of
public agent trees (one line each: repo, commit, file, line, tool), each judged
`unbounded`, `bounded` or `unsure` on a plain reading of its code, blind to what
the checker said (`rubric.md` there). A tool is flagged when BL001 reports on it.
Given a folder with one checkout per repository (`OWNER+NAME`, at the recorded
commit), this runs the current checker on each and prints, per tree and overall,
precision and recall for what is shown by default (`medium` and up) and at every
level:

    python benchmarks/tool_precision.py --trees /path/to/trees benchmarks/reviewed/tools/X.jsonl

`unsure` tools are left out. Tools the checker does not find at all are not in
the set: discovery is measured by the labelled corpus, not here.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reviewed_precision import every_finding  # noqa: E402

ORDER = {"low": 0, "medium": 1, "high": 2}


def flagged_tools(findings: list[dict[str, Any]], least: str) -> set[tuple[str, str]]:
    """(file, tool) of each tool with a BL001 finding at `least` or above."""
    return {
        (f["filename"], f["symbol"])
        for f in findings
        if f["code"] == "BL001" and ORDER[f["confidence"]] >= ORDER[least]
    }


def tally(rows: list[dict[str, Any]], flagged: set[tuple[str, str]]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for row in rows:
        if row["verdict"] == "unsure":
            continue
        hit = (row["file"], row["tool"]) in flagged
        large = row["verdict"] == "unbounded"
        counts["tp" if hit and large else "fp" if hit else "fn" if large else "tn"] += 1
    return counts


def ratio(part: int, whole: int) -> str:
    return f"{part}/{whole} = {part / whole:.2f}" if whole else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=Path, required=True, help="one checkout per repository, named OWNER+NAME")
    parser.add_argument("sets", nargs="+", type=Path, help="tool sets read by hand")
    args = parser.parse_args(argv)
    rows = [json.loads(line) for path in args.sets for line in open(path, encoding="utf-8")]
    by_repo: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_repo.setdefault(row["repo"], []).append(row)
    totals = {"high": Counter[str](), "medium": Counter[str](), "low": Counter[str]()}
    for repo, repo_rows in sorted(by_repo.items()):
        tree = args.trees / repo.replace("/", "+")
        if not tree.is_dir():
            print(f"{repo}: no checkout at {tree}, skipped")
            continue
        findings = every_finding(tree)
        for least, total in totals.items():
            counts = tally(repo_rows, flagged_tools(findings, least))
            total.update(counts)
            if least == "medium":
                precision = ratio(counts["tp"], counts["tp"] + counts["fp"])
                recall = ratio(counts["tp"], counts["tp"] + counts["fn"])
                print(f"{repo}: {len(repo_rows)} tools; shown: precision {precision}, recall {recall}")
    for least, counts in totals.items():
        if least == "high":
            continue
        shown = "shown by default (medium and up)" if least == "medium" else "at every level"
        print(
            f"{shown}: flagged {counts['tp'] + counts['fp']},"
            f" precision {ratio(counts['tp'], counts['tp'] + counts['fp'])},"
            f" recall {ratio(counts['tp'], counts['tp'] + counts['fn'])}"
        )
    # Calibration: each tool at the highest level it is flagged at; right as often as its level says?
    levels, above = [], Counter[str]()
    for least in ("high", "medium", "low"):
        counts = totals[least]
        tp, flagged = counts["tp"] - above["tp"], counts["tp"] + counts["fp"] - above["tp"] - above["fp"]
        levels.append(f"{least} {ratio(tp, flagged)}")
        above = counts
    print("by the highest level a tool is flagged at: " + ", ".join(levels))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
