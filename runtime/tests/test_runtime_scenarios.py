"""The seeds' scenarios, end to end: what the model would actually see."""

from __future__ import annotations

import json
import re

from boundlint_runtime import (
    TruncationEvent,
    bounded,
    reset_truncation,
    truncate_for_llm,
    truncate_json,
    truncate_text,
    truncation_occurred,
)


def test_reddit_post_body_of_70000_chars(events: list[TruncationEvent]) -> None:
    body = "Apple announced a major partnership with" + "\n" * 70_000  # the blank-line flood
    posts = {"status": "success", "ticker": "AAPL", "posts": [{"title": "AAPL to the moon", "snippet": body}]}
    reset_truncation()
    out = truncate_for_llm(posts, 2000, label="fetch_reddit")
    text = json.dumps(out, ensure_ascii=False)
    assert len(text) <= 2000
    snippet = out["posts"][0]["snippet"]
    assert snippet.startswith("Apple announced a major partnership with")
    assert f"{len(body)} chars" in snippet
    assert out["ticker"] == "AAPL" and out["posts"][0]["title"] == "AAPL to the moon"
    assert truncation_occurred()
    assert [e.label for e in events] == ["fetch_reddit.posts[0].snippet"]


def test_list_of_500_layer_names() -> None:
    layers = ["lm_head", "model", "model.embed_tokens"] + [f"model.layers.{i}.mlp" for i in range(495)]
    layers += ["model.norm", "model.rotary_emb"]
    out = truncate_for_llm(layers, 2000)
    assert len(json.dumps(out)) <= 2000
    assert out[:3] == ["lm_head", "model", "model.embed_tokens"]
    assert out[-2:] == ["model.norm", "model.rotary_emb"]
    marker = next(x for x in out if x.startswith("[truncated"))
    omitted = int(re.match(r"\[truncated: (\d+) of 500 items omitted here\]", marker)[1])  # type: ignore[index]
    assert omitted == 500 - (len(out) - 1)


def test_syslog_of_180_kb_keeps_the_errors_at_the_end() -> None:
    lines = [f"May  1 10:{i // 60 % 60:02d}:{i % 60:02d} host cron[{i}]: job finished ok" for i in range(4500)]
    lines[-3:] = [
        "May  1 11:06:37 host kernel: Out of memory: Killed process 4242 (python)",
        "May  1 11:06:38 host systemd[1]: agent.service: Main process exited, code=killed",
        "May  1 11:06:38 host systemd[1]: agent.service: Failed with result 'oom-kill'.",
    ]
    syslog = "\n".join(lines) + "\n"
    assert len(syslog) > 180_000
    out = truncate_text(syslog, 3500, mode="lines")
    assert len(out) <= 3500
    assert "Failed with result 'oom-kill'." in out and "Out of memory" in out
    assert "4500 lines total" in out
    kept = [line for line in out.splitlines() if not line.startswith("[truncated")]
    assert all(line in lines for line in kept)


def test_jsonl_line_of_40_kb_stays_valid_json() -> None:
    line = json.dumps(
        {
            "type": "assistant",
            "timestamp": "2025-10-18T22:31:07.123Z",
            "message": {"content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "x = 1\n" * 6000}]},
        }
    )
    assert 40_000 <= len(line) <= 45_000
    out = truncate_json(line, 5120)
    assert len(out.encode("utf-8")) <= 5120
    parsed = json.loads(out)
    assert parsed["type"] == "assistant" and parsed["timestamp"] == "2025-10-18T22:31:07.123Z"
    assert parsed["message"]["content"][0]["tool_use_id"] == "toolu_01"


def test_tool_that_paginates_after_a_result_too_large() -> None:
    @bounded(16_000, on_overflow="error")
    def search_orders(query: str, page_size: int = 20) -> list[dict[str, object]]:
        return [{"id": i, "customer": f"c{i}", "status": "shipped", "total_cents": 1999} for i in range(page_size)]

    error = search_orders("acme", page_size=5000)
    assert error["error"] == "result_too_large" and error["tool"].endswith("search_orders")
    assert error["size_chars"] > error["limit_chars"] == 16_000
    assert len(search_orders("acme")) == 20  # a page that fits comes back untouched
