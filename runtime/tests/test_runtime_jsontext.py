"""truncate_json: valid JSON in, valid JSON out within a character and/or byte budget."""

from __future__ import annotations

import json
from typing import Any

import pytest
from boundlint_runtime import truncate_json
from hypothesis import given
from hypothesis import strategies as st
from strategies import PROPERTY, json_values, texts

byte_budgets = st.one_of(st.integers(2, 100), st.integers(2, 5000))


@PROPERTY
@given(json_values, byte_budgets, st.sampled_from([None, 2]))
def test_valid_json_in_gives_valid_json_out_within_budget(value: Any, budget: int, indent: int | None) -> None:
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    out = truncate_json(text, budget)
    assert len(out.encode("utf-8")) <= budget
    json.loads(out)
    if len(text.encode("utf-8")) <= budget:
        assert out == text


@PROPERTY
@given(json_values, byte_budgets, st.sampled_from([None, 2]))
def test_a_character_budget_counts_characters(value: Any, budget: int, indent: int | None) -> None:
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    out = truncate_json(text, max_chars=budget)
    assert len(out) <= budget
    json.loads(out)
    if len(text) <= budget:
        assert out == text  # fits in characters, though maybe not in bytes: nothing to cut


@PROPERTY
@given(json_values, byte_budgets, byte_budgets)
def test_both_budgets_hold_at_once(value: Any, chars: int, nbytes: int) -> None:
    text = json.dumps(value, ensure_ascii=False)
    out = truncate_json(text, nbytes, max_chars=chars)
    assert len(out) <= chars and len(out.encode("utf-8")) <= nbytes
    json.loads(out)
    if len(text) <= chars and len(text.encode("utf-8")) <= nbytes:
        assert out == text


@PROPERTY
@given(texts, byte_budgets)
def test_any_text_stays_in_a_character_budget(text: str, budget: int) -> None:
    assert len(truncate_json(text, max_chars=budget)) <= budget


def test_a_budget_is_required() -> None:
    with pytest.raises(TypeError, match="needs max_chars or max_bytes"):
        truncate_json("[]")
    with pytest.raises(ValueError, match="max_chars must be >= 2"):
        truncate_json("[]", max_chars=1)


def test_multibyte_text_within_its_character_budget_is_kept() -> None:
    text = json.dumps({"t": "\u6f22" * 900}, ensure_ascii=False)  # 909 characters, 2,709 bytes
    assert truncate_json(text, max_chars=1000) == text
    cut = truncate_json(text, max_chars=500)
    assert len(cut) <= 500 and json.loads(cut)["t"].startswith("\u6f22")
    assert "900 chars" in json.loads(cut)["t"]  # the marker tells the original size


@PROPERTY
@given(json_values, byte_budgets)
def test_idempotent(value: Any, budget: int) -> None:
    once = truncate_json(json.dumps(value, ensure_ascii=False), budget)
    assert truncate_json(once, budget) == once


@PROPERTY
@given(texts, byte_budgets)
def test_any_text_stays_in_budget_and_encodes(text: str, budget: int) -> None:
    out = truncate_json(text, budget)
    assert len(out.encode("utf-8")) <= budget


def test_invalid_json_falls_back_to_a_marked_text_cut() -> None:
    out = truncate_json('{"broken": ' + "x" * 10_000, 200)
    assert len(out.encode()) <= 200 and "10011 chars" in out


def test_jsonl_line_of_40_kb_keeps_key_fields() -> None:
    line = json.dumps(
        {
            "type": "user",
            "timestamp": "2025-10-18T22:33:45Z",
            "error": None,
            "message": {"role": "user", "content": [{"type": "tool_result", "content": "file line\n" * 4000}]},
            "session_id": "abc123",
        }
    )
    assert len(line) > 40_000
    out = truncate_json(line, 5120)
    assert len(out.encode()) <= 5120
    parsed = json.loads(out)
    assert parsed["type"] == "user" and parsed["timestamp"] == "2025-10-18T22:33:45Z"
    assert parsed["error"] is None and parsed["session_id"] == "abc123"
    content = parsed["message"]["content"][0]["content"]
    assert content.startswith("file line\n") and "40000 chars, 4000 lines total" in content


def test_multibyte_strings_are_cut_by_bytes() -> None:
    text = json.dumps({"t": "\u6f22" * 10_000}, ensure_ascii=False)  # 3 bytes a char
    out = truncate_json(text, 1000)
    assert len(out.encode()) <= 1000 and json.loads(out)["t"].startswith("\u6f22")


def test_tiny_budgets() -> None:
    assert truncate_json("[1, 2, 3]", 2) == '""'  # the smallest JSON string: nothing fits
    assert truncate_json(json.dumps(list(range(100))), 30) == '"[truncated: 100 items]"'
    assert (
        truncate_json(json.dumps(list(range(100))), 60) == '[0,1,2,3,"[truncated: 94 of 100 items omitted here]",98,99]'
    )
    with pytest.raises(ValueError, match="max_bytes must be >= 2"):
        truncate_json("[]", 1)
