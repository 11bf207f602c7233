"""The sampler draws findings a reviewer can judge on size, reproducibly."""

from __future__ import annotations

import random

from benchmarks.sample_findings import draw


def _finding(code: str, line: int, confidence: str = "medium") -> dict[str, object]:
    return {"filename": "tools.py", "line": line, "code": code, "confidence": confidence}


def test_diagnostics_about_the_input_are_not_drawn():
    found = [_finding("BL900", line) for line in range(1, 10)] + [_finding("BL001", 20), _finding("BL901", 30)]
    picked = draw(found, random.Random(1), shown=15, low=5)
    assert [f["code"] for f in picked] == ["BL001"]


def test_the_same_seed_draws_the_same_findings():
    found = [_finding("BL001", line, "high" if line % 2 else "low") for line in range(1, 40)]
    first = draw(found, random.Random(7), shown=5, low=2)
    again = draw(list(reversed(found)), random.Random(7), shown=5, low=2)
    assert first == again
    assert sum(f["confidence"] == "high" for f in first) == 5
