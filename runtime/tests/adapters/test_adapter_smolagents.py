"""BoundlintStepCallback on real smolagents runs: the next model call sees each step bounded.

The model is a scripted ``smolagents.Model`` that replays fixed replies (tool calls or
code) and keeps the messages of every call, so the tests read what the model received.
"""

from __future__ import annotations

from typing import Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import reset_truncation, truncation_occurred
from boundlint_runtime.adapters.budget import ToolBudget

smolagents = require("smolagents")

from boundlint_runtime.adapters.smolagents import BoundlintStepCallback  # noqa: E402
from smolagents import tool  # noqa: E402
from smolagents.memory import ActionStep, MemoryStep  # noqa: E402
from smolagents.models import (  # noqa: E402
    ChatMessage,
    ChatMessageToolCall,
    ChatMessageToolCallFunction,
    MessageRole,
    Model,
)
from smolagents.monitoring import LogLevel  # noqa: E402

pytestmark = pytest.mark.integration

BIG = big_text()
OTHER = big_text("other")
SMALL = "42 apples"


@tool
def fetch_big() -> str:
    """Return about 1 MB of text."""
    return BIG


@tool
def fetch_other() -> str:
    """Return another 1 MB of text."""
    return OTHER


@tool
def small() -> str:
    """Return a short text."""
    return SMALL


@tool
def explode() -> str:
    """Fail with a 1 MB error message."""
    raise RuntimeError(BIG)


class ScriptedModel(Model):
    """Replies with ``replies`` in turn and keeps the messages each call received."""

    def __init__(self, *replies: ChatMessage) -> None:
        super().__init__(model_id="scripted")
        self.replies = list(replies)
        self.calls: list[list[ChatMessage]] = []

    def generate(self, messages: list[ChatMessage], **kwargs: Any) -> ChatMessage:
        self.calls.append(list(messages))
        return self.replies[len(self.calls) - 1]


def calls(*names: str, **arguments: Any) -> ChatMessage:
    tool_calls = [
        ChatMessageToolCall(
            id=f"call_{i}", type="function", function=ChatMessageToolCallFunction(name=name, arguments=arguments)
        )
        for i, name in enumerate(names)
    ]
    return ChatMessage(role=MessageRole.ASSISTANT, content="", tool_calls=tool_calls)


FINAL = calls("final_answer", answer="done")


def code(source: str) -> ChatMessage:
    return ChatMessage(role=MessageRole.ASSISTANT, content=f"Thought: go.\n<code>\n{source}\n</code>")


def tool_responses(messages: list[ChatMessage]) -> list[str]:
    """The texts of the tool-response messages the model received, without smolagents' prefix."""
    texts = [m.content[0]["text"] for m in messages if m.role == MessageRole.TOOL_RESPONSE]
    return [t.removeprefix("Observation:\n") for t in texts]


class Spy:
    """A step callback placed before ours: what the step held before it was bounded."""

    def __init__(self) -> None:
        self.observations: list[str | None] = []
        self.errors: list[str] = []

    def __call__(self, step: ActionStep) -> None:
        self.observations.append(step.observations)
        self.errors.append(str(step.error) if step.error else "")


def tool_agent(model: ScriptedModel, tools: list[Any], *callbacks: Any, **kwargs: Any) -> Any:
    return smolagents.ToolCallingAgent(
        tools=tools, model=model, step_callbacks=list(callbacks), verbosity_level=LogLevel.OFF, **kwargs
    )


def code_agent(model: ScriptedModel, tools: list[Any], *callbacks: Any) -> Any:
    return smolagents.CodeAgent(
        tools=tools,
        model=model,
        step_callbacks=list(callbacks),
        verbosity_level=LogLevel.OFF,
        max_print_outputs_length=2 * len(BIG),  # let the whole 1 MB reach the step, as a user may
    )


@pytest.mark.parametrize("stream", [False, True])
def test_tool_calling_agent_model_sees_the_result_bounded(stream: bool, events: list[Any], runtime_logs: Any) -> None:
    model = ScriptedModel(calls("fetch_big"), FINAL)
    agent = tool_agent(model, [fetch_big], BoundlintStepCallback())
    reset_truncation()
    result = agent.run("fetch", stream=stream)
    if stream:
        result = list(result)[-1].output

    assert result == "done"
    [observation] = tool_responses(model.calls[1])
    assert_cut(observation, 16_000, len(BIG))
    assert observation.startswith("HEAD row 0") and observation.endswith("TAIL")
    assert agent.memory.steps[1].observations == observation  # the memory keeps the bounded text
    assert truncation_occurred()
    assert [(e.label, e.unit, e.original) for e in events] == [("smolagents:fetch_big", "chars", len(BIG))]
    assert events[0].kept <= 16_000
    records = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert len(records) == 1 and "label=smolagents:fetch_big" in records[0].getMessage()


def test_code_agent_model_sees_the_execution_logs_bounded(events: list[Any]) -> None:
    model = ScriptedModel(code("text = fetch_big()\nprint(text)\nlen(text)"), code("final_answer('done')"))
    spy = Spy()
    agent = code_agent(model, [fetch_big], spy, BoundlintStepCallback(8_000))
    assert agent.run("fetch") == "done"

    original = spy.observations[0]
    assert original is not None and BIG in original  # smolagents itself did not cut it
    [observation] = tool_responses(model.calls[1])
    assert_cut(observation, 8_000, len(original))
    # head_tail keeps the start of the logs and the code's last output at the end
    assert observation.startswith("Execution logs:\nHEAD row 0")
    assert observation.endswith(f"Last output from code snippet:\n{len(BIG)}")
    assert [(e.label, e.original) for e in events] == [("smolagents:python_interpreter", len(original))]


@pytest.mark.parametrize("kind", ["tool_calling", "code"])
def test_small_result_passes_unchanged(kind: str, events: list[Any]) -> None:
    spy = Spy()
    if kind == "tool_calling":
        model = ScriptedModel(calls("small"), FINAL)
        agent = tool_agent(model, [small], spy, BoundlintStepCallback())
        expected = SMALL
    else:
        model = ScriptedModel(code("print(small())"), code("final_answer('done')"))
        agent = code_agent(model, [small], spy, BoundlintStepCallback())
        expected = f"Execution logs:\n{SMALL}\nLast output from code snippet:\nNone"
    reset_truncation()
    agent.run("small")

    assert tool_responses(model.calls[1]) == [expected]
    assert agent.memory.steps[1].observations is spy.observations[0]  # the very same string
    assert not truncation_occurred()
    assert events == []


def test_per_tool_budget_applies_to_its_tool_only(events: list[Any]) -> None:
    model = ScriptedModel(calls("fetch_big"), calls("fetch_other"), FINAL)
    agent = tool_agent(model, [fetch_big, fetch_other], BoundlintStepCallback(16_000, per_tool={"fetch_big": 2_000}))
    agent.run("fetch both")

    first, second = tool_responses(model.calls[2])
    assert_cut(first, 2_000, len(BIG))
    assert_cut(second, 16_000, len(OTHER))
    assert len(second) > 8_000  # the shared budget, not the override
    assert [(e.label, e.original) for e in events] == [
        ("smolagents:fetch_big", len(BIG)),
        ("smolagents:fetch_other", len(OTHER)),
    ]


def test_parallel_calls_share_the_sum_of_their_budgets(events: list[Any]) -> None:
    model = ScriptedModel(calls("fetch_big", "small"), FINAL)
    agent = tool_agent(model, [fetch_big, small], BoundlintStepCallback(16_000, per_tool={"fetch_big": 2_000}))
    agent.run("fetch")

    [observation] = tool_responses(model.calls[1])
    original = len(BIG) + 1 + len(SMALL)  # smolagents joins the results with a newline
    assert_cut(observation, 18_000, original)
    assert observation.endswith("TAIL\n" + SMALL)  # the small result survives whole
    assert [e.label for e in events] == ["smolagents:fetch_big+small"]


def test_error_message_is_bounded_too(events: list[Any]) -> None:
    model = ScriptedModel(calls("explode"), FINAL)
    spy = Spy()
    agent = tool_agent(model, [explode], spy, BoundlintStepCallback(4_000))
    agent.run("explode")

    original = spy.errors[0]
    assert BIG in original
    [response] = tool_responses(model.calls[1])
    prefix, suffix = "Error:\n", "\nNow let's retry"  # no call id: smolagents records the calls after they ran
    assert response.startswith(prefix)
    message = response[len(prefix) : response.index(suffix)]
    assert_cut(message, 4_000, len(original))
    error = agent.memory.steps[1].error
    assert type(error).__name__ == "AgentToolExecutionError"  # same exception, type kept
    assert error.message == str(error) == message  # what to_messages and dict() render
    assert [(e.label, e.original) for e in events] == [("smolagents:explode", len(original))]


def test_images_are_kept(events: list[Any]) -> None:
    from PIL import Image

    image = Image.new("RGB", (4, 4))
    model = ScriptedModel(calls("fetch_big"), FINAL)
    agent = tool_agent(model, [fetch_big], BoundlintStepCallback())
    agent.run("look", images=[image])

    blocks = [block for m in model.calls[1] if isinstance(m.content, list) for block in m.content]
    images = [block["image"] for block in blocks if block["type"] == "image"]
    assert len(images) == 2 and all(i is image for i in images)  # the task's and the step's
    assert agent.memory.steps[1].observations_images == [image]
    assert_cut(tool_responses(model.calls[1])[0], 16_000, len(BIG))


def test_dict_form_for_every_step_type_and_planning_calls_see_it_bounded(events: list[Any]) -> None:
    plan = ChatMessage(role=MessageRole.ASSISTANT, content="1. fetch")
    model = ScriptedModel(plan, calls("fetch_big"), plan, FINAL)
    # Registered for MemoryStep, the callback also gets planning and final-answer steps: it leaves them alone.
    agent = smolagents.ToolCallingAgent(
        tools=[fetch_big],
        model=model,
        step_callbacks={MemoryStep: BoundlintStepCallback(4_000)},
        planning_interval=1,
        verbosity_level=LogLevel.OFF,
    )
    assert agent.run("plan") == "done"

    assert len(model.calls) == 4
    for later in model.calls[2:]:  # the plan update and the final step
        text = "".join(b["text"] for m in later if isinstance(m.content, list) for b in m.content if "text" in b)
        assert BIG not in text and "[truncated" in text
    assert len(events) == 1


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError):
        BoundlintStepCallback(-1)
    with pytest.raises(TypeError):
        BoundlintStepCallback(16_000, per_tool={"fetch_big": "big"})  # type: ignore[dict-item]
    budget = ToolBudget(1_000, label="smolagents")
    assert BoundlintStepCallback(budget).budget is budget
    with pytest.raises(ValueError):
        BoundlintStepCallback(budget, per_tool={"fetch_big": 10})
