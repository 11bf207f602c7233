"""Benchmark boundlint_runtime against the costs it must stay far below.

    python benchmarks/runtime_bench.py [--repeat 7] [--no-competitors]

1. truncate_text on 50 MB of ASCII and on 50 M non-ASCII characters, 16 KB
   budget, against one ``.encode("utf-8")`` of the same string (target: < 1%).
2. truncate_for_llm on a ~10 MB document with ~1e6 leaves, 16 KB budget,
   against ``json.dumps`` of it and against the JSON shrinkers on PyPI
   (shrinkfit, headson).  Those are installed in their own virtual environment
   under ~/.cache/boundlint-bench (never into yours) and timed in a subprocess,
   in-process there, so interpreter start-up is not counted against them.
   Target: 20x faster than the fastest of them, output valid JSON within budget.

Times are medians over ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boundlint_runtime import truncate_for_llm, truncate_text

BUDGET = 16_000
BENCH_HOME = Path(os.environ.get("BOUNDLINT_BENCH_HOME", Path.home() / ".cache" / "boundlint-bench"))
COMPETITORS = ["shrinkfit", "headson"]


def median_seconds(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def make_document(records: int = 100_000) -> dict[str, Any]:
    """A search-API-like response: 12 MB of JSON (10 MB compact), 10 leaves a record: 1e6 leaves."""
    return {
        "total": records,
        "next_cursor": "c2Vjb25kLXBhZ2U=",
        "items": [
            {
                "id": i,
                "ok": i % 3 == 0,
                "score": round(i / 7, 2),
                "tags": [str(i * k % 10) for k in range(1, 6)],
                "user": {"name": f"u{i % 97}", "admin": i % 11 == 0},
            }
            for i in range(records)
        ],
    }


def count_leaves(value: Any) -> int:
    if isinstance(value, dict):
        return sum(count_leaves(v) for v in value.values())
    if isinstance(value, list):
        return sum(count_leaves(v) for v in value)
    return 1


def ms(seconds: float) -> str:
    return f"{seconds * 1000:10.3f} ms"


def bench_text(repeat: int) -> list[tuple[str, float, float, str]]:
    rows = []
    for name, unit in [("50 MB ASCII", "a"), ("50 M non-ASCII chars", "\u00e9\u6f22\U0001f600")]:
        text = unit * (50_000_000 // len(unit))
        encode = median_seconds(lambda text=text: text.encode("utf-8"), max(3, repeat // 2))
        for mode in ("head_tail", "lines"):
            ours = median_seconds(lambda text=text, mode=mode: truncate_text(text, BUDGET, mode=mode), repeat)  # type: ignore[arg-type]
            assert len(truncate_text(text, BUDGET, mode=mode)) <= BUDGET  # type: ignore[arg-type]
            rows.append((f"truncate_text {name}, mode={mode}", ours, encode, "one .encode('utf-8')"))
        del text
    return rows


# Runs inside the competitors' virtual environment: time each library call in-process.
CHILD = r"""
import json, statistics, sys, time
path, budget, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
text = open(path, encoding="utf-8").read()
doc = json.loads(text)

def median(fn):
    times = []
    for _ in range(repeat):
        start = time.perf_counter(); out = fn(); times.append(time.perf_counter() - start)
    return statistics.median(times), out

results = {}
try:
    import shrinkfit
    results["shrinkfit (Python object in)"] = median(lambda: shrinkfit.shrink(doc, budget, indent=0))
    results["shrinkfit (JSON text in)"] = median(lambda: shrinkfit.shrink(text, budget, indent=0))
except ImportError as exc:
    print("shrinkfit unavailable:", exc, file=sys.stderr)
try:
    import headson
    summarize = lambda t: headson.summarize(t, format="json", style="strict", byte_budget=budget)
    results["headson (Python object in)"] = median(lambda: summarize(json.dumps(doc, ensure_ascii=False)))
    results["headson (JSON text in)"] = median(lambda: summarize(text))
except ImportError as exc:
    print("headson unavailable:", exc, file=sys.stderr)
report = {}
for name, (seconds, out) in results.items():
    try:
        json.loads(out); valid = True
    except ValueError:
        valid = False
    report[name] = {"seconds": seconds, "chars": len(out), "bytes": len(out.encode()), "valid_json": valid}
print(json.dumps(report))
"""


def competitor_python() -> Path | None:
    """The bench venv's interpreter, with shrinkfit and headson installed; None if that fails."""
    env_dir = BENCH_HOME / "venv"
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        print(f"creating {env_dir} for {', '.join(COMPETITORS)} ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    check = subprocess.run([python, "-c", "import shrinkfit, headson"], capture_output=True)
    if check.returncode:
        install = subprocess.run(
            [python, "-m", "pip", "install", "--quiet", *COMPETITORS], capture_output=True, text=True
        )
        if install.returncode:
            print(f"could not install {COMPETITORS}: {install.stderr[-500:]}", file=sys.stderr)
            return None
    return python


def bench_competitors(doc_text: str, repeat: int) -> dict[str, dict[str, Any]]:
    python = competitor_python()
    if python is None:
        return {}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as handle:
        handle.write(doc_text)
    try:
        done = subprocess.run(
            [python, "-c", CHILD, handle.name, str(BUDGET), str(repeat)], capture_output=True, text=True, check=True
        )
    finally:
        os.unlink(handle.name)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--no-competitors", action="store_true", help="skip shrinkfit/headson")
    args = parser.parse_args()

    print(f"python {sys.version.split()[0]}, budget {BUDGET} chars, medians of {args.repeat} runs\n")
    print(f"{'case':58} {'ours':>13} {'baseline':>13}  ratio   baseline is")
    for case, ours, base, what in bench_text(args.repeat):
        print(f"{case:58} {ms(ours)} {ms(base)}  {ours / base:7.4%} {what}")

    doc = make_document()
    doc_text = json.dumps(doc, ensure_ascii=False)
    leaves = count_leaves(doc)
    ours = median_seconds(lambda: truncate_for_llm(doc, BUDGET), args.repeat)
    out = json.dumps(truncate_for_llm(doc, BUDGET), ensure_ascii=False, allow_nan=False)
    dumps = median_seconds(lambda: json.dumps(doc, ensure_ascii=False), max(3, args.repeat // 2))
    print(
        f"\ndocument: {len(doc_text) / 1e6:.1f} MB of JSON, {leaves:,} leaves; our output {len(out)} chars, valid JSON"
    )
    print(f"{'truncate_for_llm':58} {ms(ours)}")
    print(f"{'json.dumps(document)':58} {ms(dumps)}  ours is {dumps / ours:6.1f}x faster")
    if args.no_competitors:
        return
    others = bench_competitors(doc_text, max(3, args.repeat // 2))
    for name, row in others.items():
        note = f"{row['chars']} chars, {'valid' if row['valid_json'] else 'INVALID'} JSON"
        print(f"{name:58} {ms(row['seconds'])}  ours is {row['seconds'] / ours:6.1f}x faster ({note})")
    if others:
        fastest = min(others, key=lambda name: others[name]["seconds"])
        print(f"\nfastest competitor: {fastest}; ours is {others[fastest]['seconds'] / ours:.1f}x faster (target 20x)")


if __name__ == "__main__":
    main()
