"""The Strands adapter, through real Agent runs: a scripted model calls the tools, then reads their results."""

from __future__ import annotations

import asyncio
import copy
import json
import subprocess
import sys
from collections.abc import AsyncIterator
from typing import Any

import pytest
from adapter_support import BIG, assert_cut, big_text, require
from boundlint_runtime import reset_truncation, track_truncation, truncation_occurred

pytestmark = pytest.mark.integration

require("strands")
from boundlint_runtime.adapters import ToolBudget  # noqa: E402
from boundlint_runtime.adapters.strands import BoundlintHooks  # noqa: E402
from strands import Agent, tool  # noqa: E402
from strands.hooks import AfterToolCallEvent  # noqa: E402
from strands.models import Model  # noqa: E402

BIG_TEXT = big_text()
BIG_ROWS = {"rows": [{"id": i, "body": f"row {i} lorem ipsum dolor sit amet"} for i in range(20_000)]}
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4_000  # about 1 MB of binary image data
LIMIT = 4_000


class ScriptedModel(Model):
    """Plays ``turns`` in order: a list of tool names to call, or the final text. Keeps what it was sent."""

    def __init__(self, *turns: list[str] | str) -> None:
        self.turns = list(turns)
        self.requests: list[list[Any]] = []

    def update_config(self, **model_config: Any) -> None:
        pass

    def get_config(self) -> Any:
        return {}

    def structured_output(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    async def stream(self, messages: Any, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        self.requests.append(copy.deepcopy(messages))
        turn = self.turns.pop(0)
        yield {"messageStart": {"role": "assistant"}}
        if isinstance(turn, str):
            yield {"contentBlockDelta": {"delta": {"text": turn}}}
            yield {"contentBlockStop": {}}
            yield {"messageStop": {"stopReason": "end_turn"}}
            return
        for n, name in enumerate(turn):
            yield {"contentBlockStart": {"start": {"toolUse": {"name": name, "toolUseId": f"call-{n}"}}}}
            yield {"contentBlockDelta": {"delta": {"toolUse": {"input": "{}"}}}}
            yield {"contentBlockStop": {}}
        yield {"messageStop": {"stopReason": "tool_use"}}

    def results(self) -> list[dict[str, Any]]:
        """The tool results of the last request, in call order: what the model received."""
        blocks = [b["toolResult"] for b in self.requests[-1][-1]["content"] if "toolResult" in b]
        return sorted(blocks, key=lambda r: r["toolUseId"])


def run(*tools: Any, hooks: BoundlintHooks | None = None, how: str = "hooks") -> ScriptedModel:
    """One agent turn calling every tool in ``tools`` at once, installed the ``how`` way."""
    model = ScriptedModel([t.tool_name for t in tools], "done")
    hooks = hooks or BoundlintHooks(LIMIT)
    if how == "plugins":
        agent = Agent(model=model, tools=list(tools), plugins=[hooks], callback_handler=None)
    else:
        agent = Agent(model=model, tools=list(tools), hooks=[hooks] if how == "hooks" else [], callback_handler=None)
        if how == "add_hook":
            agent.hooks.add_hook(hooks)
    agent("go")
    return model


@tool
def big_text_sync() -> str:
    """About 1 MB of text."""
    return BIG_TEXT


@tool
async def big_text_async() -> str:
    """About 1 MB of text, from a coroutine."""
    await asyncio.sleep(0)
    return BIG_TEXT


@tool
def big_dict() -> dict[str, Any]:
    """A big dict: Strands sends it as JSON text."""
    return BIG_ROWS


@tool
def big_json_block() -> dict[str, Any]:
    """A big dict in a json block."""
    return {"status": "success", "content": [{"json": BIG_ROWS}]}


@tool
def text_and_json() -> dict[str, Any]:
    """A big text block and a big json block in one result."""
    return {"status": "success", "content": [{"text": BIG_TEXT}, {"json": BIG_ROWS}]}


SHORT_BLOCK = {"text": "a short note"}


@tool
def short_text_and_big_json() -> dict[str, Any]:
    """A short text block beside a big json block."""
    return {"status": "success", "content": [SHORT_BLOCK, {"json": BIG_ROWS}]}


@tool
def text_and_image() -> dict[str, Any]:
    """A big text block and a big image."""
    return {
        "status": "success",
        "content": [{"text": BIG_TEXT}, {"image": {"format": "png", "source": {"bytes": PNG}}}],
    }


@tool
def many_blocks() -> dict[str, Any]:
    """More text blocks than the budget has room for."""
    return {"status": "success", "content": [{"text": f"block {i} " * 100} for i in range(200)]}


@tool
def with_structured_content() -> dict[str, Any]:
    """A small text block beside a big structuredContent, as an MCP tool returns it."""
    return {"status": "success", "content": [{"text": "see structured"}], "structuredContent": BIG_ROWS}


@tool
def failing() -> str:
    """Raises with a huge message."""
    raise RuntimeError(BIG_TEXT)


SMALL = {"status": "success", "content": [{"text": "hello"}, {"json": {"a": [1, 2.5, None, "x"]}}]}


@tool
def small() -> dict[str, Any]:
    """A small result with a text and a json block."""
    return SMALL


def json_len(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False))


@pytest.mark.parametrize("how", ["hooks", "add_hook", "plugins"])
@pytest.mark.parametrize("big_tool", [big_text_sync, big_text_async], ids=["sync", "async"])
def test_the_model_receives_a_bounded_text_with_the_original_size(big_tool: Any, how: str) -> None:
    (result,) = run(big_tool, how=how).results()

    (block,) = result["content"]
    assert_cut(block["text"], LIMIT, original=len(BIG_TEXT))
    assert block["text"].startswith("HEAD ") and block["text"].endswith(" TAIL")
    assert result["status"] == "success"


def test_without_the_adapter_the_model_receives_the_megabyte() -> None:
    model = ScriptedModel(["big_text_sync"], "done")
    Agent(model=model, tools=[big_text_sync], callback_handler=None)("go")
    assert model.results()[0]["content"][0]["text"] == BIG_TEXT  # what the adapter is for


def test_the_agent_history_keeps_the_bounded_result_too() -> None:
    model = ScriptedModel(["big_text_sync"], "done")
    agent = Agent(model=model, tools=[big_text_sync], hooks=[BoundlintHooks(LIMIT)], callback_handler=None)
    agent("go")
    (stored,) = [b["toolResult"] for m in agent.messages for b in m["content"] if "toolResult" in b]
    assert_cut(stored["content"][0]["text"], LIMIT, original=len(BIG_TEXT))


def test_a_direct_tool_call_is_bounded_and_so_is_its_record() -> None:
    agent = Agent(model=ScriptedModel(), tools=[big_text_sync], hooks=[BoundlintHooks(LIMIT)], callback_handler=None)
    returned = agent.tool.big_text_sync()
    assert_cut(returned["content"][0]["text"], LIMIT, original=len(BIG_TEXT))
    (stored,) = [b["toolResult"] for m in agent.messages for b in m["content"] if "toolResult" in b]
    assert stored["content"] == returned["content"]  # the record the model reads on the next turn


def test_a_returned_dict_is_json_text_and_cut_as_text() -> None:
    (result,) = run(big_dict).results()
    assert_cut(result["content"][0]["text"], LIMIT, original=len(json.dumps(BIG_ROWS)))


def test_a_json_block_stays_json_within_budget() -> None:
    (result,) = run(big_json_block).results()

    (block,) = result["content"]
    rows = block["json"]["rows"]
    assert isinstance(rows, list) and rows[0] == BIG_ROWS["rows"][0]
    assert json_len(block["json"]) <= LIMIT
    assert any(isinstance(r, str) and "items omitted" in r for r in rows), rows[-3:]


def test_text_and_json_blocks_share_one_budget() -> None:
    (result,) = run(text_and_json).results()

    text, data = result["content"]
    assert "[truncated" in text["text"] and "rows" in data["json"]
    assert len(text["text"]) + json_len(data["json"]) <= LIMIT


def test_a_block_that_fits_its_share_is_kept_as_is() -> None:
    model = ScriptedModel(["short_text_and_big_json"], "done")
    agent = Agent(model=model, tools=[short_text_and_big_json], hooks=[BoundlintHooks(LIMIT)], callback_handler=None)
    agent("go")
    (stored,) = [b["toolResult"] for m in agent.messages for b in m["content"] if "toolResult" in b]
    assert stored["content"][0] is SHORT_BLOCK
    assert json_len(stored["content"][1]["json"]) <= LIMIT - len(SHORT_BLOCK["text"])


def test_image_block_is_kept_beside_a_cut_text() -> None:
    (result,) = run(text_and_image).results()

    text, image = result["content"]
    assert_cut(text["text"], LIMIT, original=len(BIG_TEXT))
    assert image == {"image": {"format": "png", "source": {"bytes": PNG}}}
    assert type(image["image"]["source"]["bytes"]) is bytes


def test_text_blocks_without_room_are_dropped_and_counted() -> None:
    (result,) = run(many_blocks).results()

    texts = [b["text"] for b in result["content"]]
    assert sum(map(len, texts)) <= LIMIT
    assert 1 < len(texts) < 200
    assert texts[-1].endswith(f"[{200 - len(texts)} more text blocks omitted]")


def test_structured_content_is_bounded_too() -> None:
    model = ScriptedModel(["with_structured_content"], "done")
    agent = Agent(model=model, tools=[with_structured_content], hooks=[BoundlintHooks(LIMIT)], callback_handler=None)
    agent("go")
    (stored,) = [b["toolResult"] for m in agent.messages for b in m["content"] if "toolResult" in b]
    assert stored["content"] == [{"text": "see structured"}]
    assert json_len(stored["structuredContent"]) <= LIMIT
    assert "items omitted" in json.dumps(stored["structuredContent"])


def test_an_error_result_is_bounded() -> None:
    (result,) = run(failing).results()
    assert result["status"] == "error"
    assert_cut(result["content"][0]["text"], LIMIT)


def test_a_small_result_passes_through_unchanged() -> None:
    model = ScriptedModel(["small"], "done")
    agent = Agent(model=model, tools=[small], hooks=[BoundlintHooks(LIMIT)], callback_handler=None)
    agent("go")
    (stored,) = [b["toolResult"] for m in agent.messages for b in m["content"] if "toolResult" in b]
    assert stored is SMALL  # the very dict the tool returned (Strands only adds its toolUseId)
    assert model.results()[0]["content"] == SMALL["content"]


def test_per_tool_budget_overrides_the_shared_one() -> None:
    hooks = BoundlintHooks(LIMIT, per_tool={"big_text_async": 1_000})
    tight, default = run(big_text_async, big_text_sync, hooks=hooks).results()

    assert_cut(tight["content"][0]["text"], 1_000, original=len(BIG_TEXT))
    assert len(default["content"][0]["text"]) > 1_000
    assert_cut(default["content"][0]["text"], LIMIT, original=len(BIG_TEXT))


def test_a_tool_budget_can_be_shared_between_agents() -> None:
    budget = ToolBudget(2_000, label="strands")
    (result,) = run(big_text_sync, hooks=BoundlintHooks(budget)).results()
    assert_cut(result["content"][0]["text"], 2_000, original=len(BIG_TEXT))
    with pytest.raises(ValueError):
        BoundlintHooks(budget, per_tool={"x": 10})


def test_runs_after_the_other_hooks() -> None:
    def grow(event: AfterToolCallEvent) -> None:  # a user hook that makes the result big
        event.result = {**event.result, "content": [{"text": BIG_TEXT}]}

    model = ScriptedModel(["small"], "done")
    Agent(model=model, tools=[small], hooks=[grow, BoundlintHooks(LIMIT)], callback_handler=None)("go")
    assert_cut(model.results()[0]["content"][0]["text"], LIMIT, original=len(BIG_TEXT))


def test_a_result_discarded_for_a_retry_is_not_cut(events: list[Any]) -> None:
    attempts: list[int] = []

    def retry_once(event: AfterToolCallEvent) -> None:
        attempts.append(1)
        event.retry = len(attempts) == 1

    model = ScriptedModel(["big_text_sync"], "done")
    Agent(model=model, tools=[big_text_sync], hooks=[retry_once, BoundlintHooks(LIMIT)], callback_handler=None)("go")
    assert len(attempts) == 2
    assert [e.label for e in events] == ["strands:big_text_sync"]  # one cut: the result the model got
    assert_cut(model.results()[0]["content"][0]["text"], LIMIT, original=len(BIG_TEXT))


def test_flag_log_and_listener(events: list[Any], runtime_logs: pytest.LogCaptureFixture) -> None:
    reset_truncation()  # a flag cell in this context, shared with the agent's worker thread
    with track_truncation() as flag:
        run(big_text_sync)
    assert flag.occurred and truncation_occurred()

    (event,) = events
    assert (event.label, event.unit, event.original) == ("strands:big_text_sync", "chars", len(BIG_TEXT))
    (record,) = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert record.levelname == "INFO" and "strands:big_text_sync" in record.getMessage()


def test_no_flag_log_or_event_for_a_small_result(events: list[Any], runtime_logs: pytest.LogCaptureFixture) -> None:
    with track_truncation() as flag:
        run(small)
    assert not flag.occurred and events == []
    assert not [r for r in runtime_logs.records if r.name == "boundlint_runtime"]


def test_invoke_async() -> None:
    model = ScriptedModel(["big_text_async"], "done")
    agent = Agent(model=model, tools=[big_text_async], hooks=[BoundlintHooks(LIMIT)], callback_handler=None)
    asyncio.run(agent.invoke_async("go"))
    assert_cut(model.results()[0]["content"][0]["text"], LIMIT, original=len(BIG_TEXT))


def test_the_runtime_does_not_import_strands() -> None:
    code = "import sys, boundlint_runtime, boundlint_runtime.adapters; print('strands' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_big_is_about_a_megabyte() -> None:
    assert len(BIG_TEXT) >= BIG and json_len(BIG_ROWS) >= BIG and len(PNG) >= BIG
