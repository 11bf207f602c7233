"""Models a function-set module inside a Letta server checkout or fork (letta/functions/function_sets/*.py, loaded by load_function_set(): every public top-level function is a tool, its docstring and signature the schema; `self: "Agent"` / `agent_state` are injected). Private helpers are not tools."""

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from letta.agents.letta_agent import LettaAgent as Agent
    from letta.schemas.agent import AgentState


def _client():
    from letta_client import Letta

    return Letta()


def send_message(self: "Agent", message: str) -> Optional[str]:  # expect: tool
    """Send a message to the human user."""
    if self.interface:
        self.interface.assistant_message(message)
    return None


def conversation_search(self: "Agent", query: str, limit: Optional[int] = None) -> Optional[str]:  # expect: tool BL001
    """Search prior conversation history."""
    import json

    messages = self.message_manager.list_messages_for_agent(agent_id=self.agent_state.id, query_text=query, limit=limit or 5)
    if not messages:
        return "No results found."
    return f"Found {len(messages)} results: " + json.dumps([{"role": m.role, "text": m.content[0].text} for m in messages])


def core_memory_append(agent_state: "AgentState", label: str, content: str) -> str:  # expect: tool BL001
    """Append to a core memory block; returns the block's new value."""
    new_value = str(agent_state.memory.get_block(label).value) + "\n" + content
    agent_state.memory.update_block_value(label=label, value=new_value)
    return new_value


def memory_finish_edits(agent_state: "AgentState") -> None:  # expect: tool
    """Call when done editing memory."""
    return None


async def fetch_webpage(url: str) -> str:  # expect: tool
    """Fetch a web page as markdown (run by the builtin executor, never here)."""
    raise NotImplementedError("This should never be invoked directly.")


def ask_agent(message: str, other_agent_id: str) -> str:  # expect: tool BL001
    """Send a message to another agent and wait for its reply."""
    response = _client().agents.messages.create(agent_id=other_agent_id, messages=[{"role": "user", "content": message}])
    return str([m.content for m in response.messages if m.message_type == "assistant_message"])
