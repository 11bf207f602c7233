"""Models letta-client 1.x code that uploads a function's source (client.tools.upsert(source_code=inspect.getsource(f)), client.tools.create(source_code=...)), tools taking the injected agent_state, and AsyncLetta with await client.tools.upsert_from_function(func=...) (Letta tests and tutorials)."""

import inspect
import logging

from letta_client import AsyncLetta, Letta

log = logging.getLogger(__name__)

ADD_SOURCE = '''
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b
'''


def get_agent_id(agent_state: "AgentState") -> str:  # expect: tool
    """Return this agent's id."""
    return agent_state.id


def render_memory(agent_state: "AgentState") -> str:  # expect: tool BL001
    """Every memory block of this agent, rendered as one string."""
    return agent_state.memory.compile()


def search_archive(agent_state: "AgentState", query: str) -> str:  # expect: tool BL001
    """Semantic search over this agent's archival passages."""
    import json
    import os

    from letta_client import Letta

    client = Letta(base_url=os.environ["LETTA_SERVER_URL"])
    hits = client.agents.passages.search(agent_id=agent_state.id, query=query)
    return json.dumps([h.model_dump(mode="json") for h in hits])


def read_notes(path: str) -> str:  # expect: tool BL001
    """Read a notes file from the sandbox's mounted directory."""
    with open(path, encoding="utf-8") as f:
        return f.read()


def roll_dice(sides: int = 6) -> str:  # expect: tool
    """Roll a die with the given number of sides."""
    import random

    return f"Rolled a {random.randint(1, sides)}"


def count_words(text: str) -> int:  # expect: tool
    """Number of words in a text."""
    return len(text.split())


def describe(fn) -> str:
    """Logging helper: reads a function's source but registers nothing."""
    return inspect.getsource(fn)


def setup(client: Letta) -> list:
    tools = [
        client.tools.upsert(source_code=inspect.getsource(get_agent_id)),
        client.tools.upsert(source_code=inspect.getsource(render_memory)),
        client.tools.create(source_code=inspect.getsource(search_archive), tags=["memory"]),
        client.tools.create(source_code=inspect.getsource(read_notes)),
        client.tools.create(source_code=ADD_SOURCE),
    ]
    log.debug(describe(setup))
    return tools


async def setup_async(client: AsyncLetta):
    dice = await client.tools.upsert_from_function(func=roll_dice)
    words = await client.tools.create_from_function(func=count_words)
    return [dice.id, words.id]
