"""truncate_text: budgets, UTF-8 safety, markers, idempotence, modes, cost."""

from __future__ import annotations

import copy
import functools
import json
import re
import unicodedata
from collections.abc import Callable

import pytest
from boundlint_runtime import reset_truncation, truncate_text, truncation_occurred
from hypothesis import assume, example, given
from hypothesis import strategies as st
from spies import Overread, SpyStr, instrumented
from strategies import PROPERTY, budgets, clean_texts, texts

MODES = ["head", "tail", "head_tail", "lines"]
FULL = re.compile(
    r"\[truncated: (\d+) chars(?:, (\d+) lines)? total, (?:last |first )?(\d+) chars(?: \((\d+) lines\))? omitted"
)
SHORT_MARKER_ROOM = 40  # "[truncated, N chars total]" plus joins fits in this for the inputs below


def _encodable(s: str) -> bool:
    try:
        s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _utf8(s: str) -> int:
    return len(s.encode("utf-8"))


@PROPERTY
@given(texts, budgets, st.sampled_from(MODES))
def test_chars_budget_is_never_exceeded_and_output_encodes(text: str, budget: int, mode: str) -> None:
    out = truncate_text(text, budget, mode=mode)  # type: ignore[arg-type]
    assert len(out) <= budget
    out.encode("utf-8")  # never raises: no lone surrogates, no split pairs


@PROPERTY
@given(texts, budgets, st.sampled_from(MODES))
def test_bytes_budget_is_never_exceeded(text: str, budget: int, mode: str) -> None:
    out = truncate_text(text, max_bytes=budget, mode=mode)  # type: ignore[arg-type]
    assert _utf8(out) <= budget


@PROPERTY
@given(texts, budgets, budgets, st.sampled_from(MODES))
def test_both_budgets_hold_at_once(text: str, chars: int, nbytes: int, mode: str) -> None:
    out = truncate_text(text, chars, max_bytes=nbytes, mode=mode)  # type: ignore[arg-type]
    assert len(out) <= chars
    assert _utf8(out) <= nbytes


@PROPERTY
@given(texts, budgets, st.one_of(st.none(), budgets), st.sampled_from(MODES))
def test_idempotent(text: str, chars: int, nbytes: int | None, mode: str) -> None:
    once = truncate_text(text, chars, max_bytes=nbytes, mode=mode)  # type: ignore[arg-type]
    assert truncate_text(once, chars, max_bytes=nbytes, mode=mode) == once  # type: ignore[arg-type]


@PROPERTY
@given(texts, st.sampled_from(MODES))
def test_nothing_changes_when_it_fits(text: str, mode: str) -> None:
    assume(_encodable(text))
    reset_truncation()
    assert truncate_text(text, len(text), max_bytes=_utf8(text), mode=mode) is text  # type: ignore[arg-type]
    assert not truncation_occurred()


@PROPERTY
@given(texts, budgets, st.sampled_from(MODES))
def test_a_cut_always_states_the_original_size(text: str, budget: int, mode: str) -> None:
    out = truncate_text(text, budget, mode=mode)  # type: ignore[arg-type]
    if len(text) <= budget:
        assert "[truncated" not in out or "[truncated" in text  # only cleaned, never cut
        return
    if budget >= SHORT_MARKER_ROOM + len(str(len(text))):
        assert f"{len(text)} chars" in out, out
        assert "[truncated" in out
    elif out:
        assert "[truncated" in out  # tiny budgets: at least a bare marker, or nothing at all


@PROPERTY
@given(clean_texts, st.integers(60, 400), st.sampled_from(MODES))
def test_marker_counts_add_up_and_kept_text_is_original(text: str, budget: int, mode: str) -> None:
    out = truncate_text(text, budget, mode=mode)  # type: ignore[arg-type]
    match = FULL.search(out)
    if len(text) <= budget:
        assert out == text
        return
    if match is None:  # the short marker was chosen: the budget is too small for the full one
        assert f"[truncated, {len(text)} chars total]" in out
        return
    total, _lines, omitted = int(match[1]), match[2], int(match[3])
    assert total == len(text)
    head = out[: match.start()]
    tail = out[out.index("]", match.end()) + 1 :]
    if mode in ("head", "head_tail") and head:
        head = head[:-1]  # the space before the marker
    if tail:
        tail = tail[1:]  # the space or newline after the marker
    if mode == "lines" and head and not text.startswith(head):
        head = head[:-1]  # the newline put before a marker that follows a cut line
    if mode == "tail":
        assert head == ""
    if mode == "head":
        assert tail == ""
    assert text.startswith(head)
    assert text.endswith(tail)
    assert len(head) + omitted + len(tail) == len(text)


@PROPERTY
@given(clean_texts, st.integers(1, 300), st.sampled_from(["head", "head_tail", "lines", "tail"]))
@example("\r\n" + "\U0001f468\u200d\U0001f469\u200d\U0001f467" * 3, 16, "lines")  # a head that is one CRLF line
def test_cuts_do_not_split_grapheme_clusters(text: str, budget: int, mode: str) -> None:
    # The test finds the cut by the marker's text: a text that holds "[truncated" itself would be
    # read as cut there (hypothesis found '...[truncated]...' as input).
    assume("[truncated" not in text)
    out = truncate_text(text, budget, mode=mode)  # type: ignore[arg-type]
    if out == text or "[truncated" not in out:
        return
    start = out.index("[truncated")
    # Remove exactly the separator around the marker: a strip would also eat
    # the "\n" of a "\r\n" the cut correctly kept whole. In "lines" mode a head
    # that ends a line gets no separator ("\r\n[truncated]" kept the CRLF whole).
    head = out[:start] if mode != "tail" else ""
    if head and not (mode == "lines" and head.endswith("\n") and text.startswith(head)):
        head = head[:-1]
    tail = out[out.index("]", start) + 1 :][1:] if mode != "head" else ""
    if head and text.startswith(head) and len(head) < len(text):
        after = text[len(head)]
        assert not unicodedata.category(after).startswith("M"), (head, after)
        assert after not in "\u200d\U0001f3fd" and head[-1] != "\u200d"
        assert not (head.endswith("\r") and after == "\n")
    if tail and text.endswith(tail) and len(tail) < len(text):
        assert not unicodedata.category(tail[0]).startswith("M")
        assert tail[0] not in "\u200d\U0001f3fd"


def test_lone_surrogates_are_replaced_and_pairs_joined() -> None:
    assert truncate_text("a\ud83db", 10) == "a\ufffdb"
    assert truncate_text("\ud83d\ude00", 10) == "\U0001f600"
    out = truncate_text("\ud83d\ude00" * 500, 100)
    out.encode("utf-8")
    assert "\ufffd" not in out  # pairs were never split


def test_never_splits_a_code_point_under_a_byte_budget() -> None:
    text = "\U0001f600" * 1000  # 4 bytes each
    for budget in range(0, 200):
        out = truncate_text(text, max_bytes=budget, mode="head")
        assert _utf8(out) <= budget
        assert "\ufffd" not in out


def test_minimal_results_for_budgets_smaller_than_the_marker() -> None:
    text = "a" * 500 + "b" * 500
    assert truncate_text(text, 0) == ""
    assert truncate_text(text, 10) == ""  # not even "[truncated]" fits
    assert truncate_text(text, 13) == "[truncated]"
    assert truncate_text(text, 11) == "[truncated]"
    assert truncate_text(text, 20) == "aaaa [truncated] bbb"
    assert truncate_text(text, 30) == "[truncated, 1000 chars total]"  # the size beats 8 chars of text
    assert truncate_text(text, 45) == "a" * 7 + " [truncated, 1000 chars total] " + "b" * 7
    assert truncate_text(text, 30, mode="head") == "[truncated, 1000 chars total]"
    assert truncate_text(text, 13, mode="tail") == "[truncated] b"


def test_full_marker_examples() -> None:
    text = "a" * 500 + "b" * 500
    assert truncate_text(text, 120) == "a" * 32 + " [truncated: 1000 chars total, 936 chars omitted here] " + "b" * 32
    assert truncate_text(text, 120, mode="head") == "a" * 65 + " [truncated: 1000 chars total, last 935 chars omitted]"
    assert truncate_text(text, 120, mode="tail") == "[truncated: 1000 chars total, first 936 chars omitted] " + "b" * 64


def test_modes_keep_the_right_end() -> None:
    text = "HEAD" + "-" * 10_000 + "TAIL"
    assert truncate_text(text, 200, mode="head").startswith("HEAD")
    assert "TAIL" not in truncate_text(text, 200, mode="head")
    assert truncate_text(text, 200, mode="tail").endswith("TAIL")
    assert "HEAD" not in truncate_text(text, 200, mode="tail")
    both = truncate_text(text, 200)
    assert both.startswith("HEAD") and both.endswith("TAIL")


def test_lines_mode_cuts_at_line_boundaries_and_counts_lines() -> None:
    lines = [f"2024-05-01T10:00:{i % 60:02d} host app[{i}]: message number {i}" for i in range(3000)]
    text = "\n".join(lines) + "\n"
    out = truncate_text(text, 2000, mode="lines")
    assert len(out) <= 2000
    head, _, rest = out.partition("[truncated:")
    marker, tail = rest.split("]\n", 1)
    kept = head.splitlines() + tail.splitlines()
    assert kept and all(line in lines for line in kept)  # every kept line is a whole original line
    assert kept[-1] == lines[-1]
    assert "3000 lines total" in marker
    omitted_lines = int(re.search(r"\((\d+) lines\) omitted", marker)[1])  # type: ignore[index]
    assert omitted_lines + len(kept) == 3000


def test_lines_mode_with_crlf_and_one_giant_line() -> None:
    crlf = "".join(f"row {i}\r\n" for i in range(2000))
    out = truncate_text(crlf, 500, mode="lines")
    head = out.split("[truncated")[0]
    assert head.endswith("\r\n") and "\r\n" in out.split("]\n", 1)[1]
    giant = "y" * 100_000
    out = truncate_text(giant, 500, mode="lines")
    assert len(out) <= 500 and "100000 chars" in out


def test_counts_lines_only_when_cheap() -> None:
    small = "a\n" * 1000
    assert "1000 lines" in truncate_text(small, 200)
    big = "a\n" * 2_000_000
    assert "lines" not in truncate_text(big, 200)  # counting 4 MB of newlines is not "cheap"
    assert "4000000 chars" in truncate_text(big, 200)


def test_invalid_arguments_raise_clear_errors() -> None:
    with pytest.raises(TypeError, match="max_chars or max_bytes"):
        truncate_text("x")
    with pytest.raises(ValueError, match="max_chars must be >= 0"):
        truncate_text("x", -1)
    with pytest.raises(ValueError, match="max_bytes must be >= 0"):
        truncate_text("x", max_bytes=-5)
    with pytest.raises(ValueError, match="mode must be one of"):
        truncate_text("x", 10, mode="middle")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be an int"):
        truncate_text("x", 1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be an int"):
        truncate_text("x", True)


def test_non_str_input_is_made_text_rather_than_crashing() -> None:
    assert truncate_text(b"caf\xc3\xa9", 10) == "caf\u00e9"  # type: ignore[arg-type]
    assert truncate_text(12345, 10) == "12345"  # type: ignore[arg-type]


# ---------------------------------------------------------------- cost: structural, not timed
# "Cost grows with the budget, not with the input": the input is a SpyStr
# (runtime/tests/spies.py) that records every read, so a full scan fails the
# test however fast the machine.  Speed figures live in benchmarks/runtime_bench.py.

BIG = 4_000_000  # chars: over the 1,000,000 up to which lines are counted (a documented, bounded scan)
LOOK_AROUND = 2_000 + 32  # documented: "lines" looks 2,000 chars for a break, a cut moves <= 32 for a grapheme
UNITS = {
    "ascii": "a",
    "ascii lines": "log line 42\r\n",
    "non-ascii lines": "e\u0301\u6f22\U0001f468\u200d\U0001f469 \u00e9\n",  # combining mark, CJK, ZWJ emoji
}
BUDGETS = [
    {"max_chars": 16_000},
    {"max_bytes": 16_000},
    {"max_chars": 16_000, "max_bytes": 9_000},
    {"max_chars": 60},
]


@functools.cache
def _big(unit: str, size: int = BIG) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _truncate_bounded(
    text: str, mode: str, budget: dict[str, int], truncate: Callable[..., str] = truncate_text
) -> str:
    """truncate_text on a spy of ``text``: fails if it reads more than the budget and the look-around."""
    limit = min(budget.values())
    spy = SpyStr(text, max_read=limit + LOOK_AROUND)  # any single read past this raises Overread
    with instrumented(spy) as watch:
        out = truncate(spy, mode=mode, **budget)
    assert watch.unbound_calls == []  # str.count(spy, ...) and the like, bypassing the spy
    # A few slices (head, tail, the UTF-8 check of each) and look-arounds, never a sweep of small reads.
    assert spy.total_read <= 4 * limit + 2 * LOOK_AROUND, spy.reads
    # Copies of the input (str(), "".join, encode) allocate in proportion to it: up to 4 bytes a
    # char for a slice, its UTF-8, its clean copy and the result, plus a small constant.
    assert watch.peak_memory <= 16 * (limit + LOOK_AROUND) + 16_384, watch.peak_memory
    return out


@pytest.mark.parametrize("budget", BUDGETS, ids=lambda b: ",".join(f"{k}={v}" for k, v in b.items()))
@pytest.mark.parametrize("unit", UNITS.values(), ids=UNITS.keys())
@pytest.mark.parametrize("mode", MODES)
def test_cost_grows_with_the_budget_not_the_input(unit: str, mode: str, budget: dict[str, int]) -> None:
    text = _big(unit)
    out = _truncate_bounded(text, mode, budget)
    assert type(out) is str and out == truncate_text(text, mode=mode, **budget)  # type: ignore[arg-type]
    assert len(out) <= budget.get("max_chars", BIG) and _utf8(out) <= budget.get("max_bytes", 4 * BIG)
    assert f"{BIG} chars" in out  # the marker states the size, from len()


def test_lines_are_not_counted_past_the_documented_size() -> None:
    text = _big("x\n", 1_000_001)
    out = _truncate_bounded(text, "lines", {"max_chars": 1000})
    assert "1000001 chars total" in out and "lines" not in out.split("[truncated")[1]


REGRESSIONS = {  # what a full scan or copy could look like; each must trip the instrument
    "encode": lambda s: s.encode("utf-8"),
    "unbound encode": lambda s: str.encode(s, "utf-8"),
    "count": lambda s: s.count("\n"),
    "unbound count": lambda s: str.count(s, "\n"),
    "isascii": lambda s: s.isascii(),
    "unbound isascii": lambda s: str.isascii(s),
    "find from a cut to the end": lambda s: s.find("\n", 100),
    "rfind": lambda s: s.rfind("\n"),
    "splitlines": lambda s: s.splitlines(),
    "split": lambda s: s.split("\n", 1),
    "replace": lambda s: s.replace("\r", ""),
    "translate": lambda s: s.translate({13: None}),
    "in": lambda s: "\x00" in s,
    "iteration": lambda s: sum(1 for _ in s),
    "small slices over everything": lambda s: [s[i : i + 1000] for i in range(0, len(s), 1000)],
    "str()": lambda s: str(s),
    "unbound str.__str__": lambda s: str.__str__(s),
    "format": lambda s: f"{s}",
    "join": lambda s: "".join([s]),
    "concatenation": lambda s: s + "",
    "hash": lambda s: hash(s),
    "json.dumps": lambda s: json.dumps(s),
    "copy.copy": lambda s: copy.copy(s),
}


@pytest.mark.parametrize("scan", REGRESSIONS.values(), ids=REGRESSIONS.keys())
def test_the_instrument_catches_full_scans_and_copies(scan: Callable[[str], object]) -> None:
    text = _big(UNITS["ascii lines"])

    def scanning(spy: str, **kwargs: object) -> str:
        scan(spy)
        return truncate_text(spy, **kwargs)  # type: ignore[arg-type]

    with pytest.raises((Overread, AssertionError)):
        _truncate_bounded(text, "head_tail", {"max_chars": 16_000}, scanning)
