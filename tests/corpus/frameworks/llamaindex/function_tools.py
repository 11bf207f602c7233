"""Models LlamaIndex FunctionTool.from_defaults (positional fn, fn=, async_fn= closures from a factory as in McpToolSpec, bound methods as in quercle-llama-index) and the FunctionTool constructor."""

from pathlib import Path

import aiofiles
import requests
from llama_index.core.tools import FunctionTool, ToolMetadata


def get_weather(city: str) -> str:  # expect: tool BL001
    """Current weather report for a city."""
    return requests.get(f"https://wttr.in/{city}", params={"format": "j1"}, timeout=20).text


def multiply(a: int, b: int) -> int:  # expect: tool
    """Multiply two integers."""
    return a * b


weather_tool = FunctionTool.from_defaults(get_weather)
multiply_tool = FunctionTool.from_defaults(fn=multiply, name="multiply")


def make_remote_tool(client, tool_name: str, description: str) -> FunctionTool:
    async def call_remote(**kwargs):  # expect: tool BL001
        result = await client.call_tool(tool_name, kwargs)
        return "\n".join(block.text for block in result.content)

    return FunctionTool.from_defaults(async_fn=call_remote, name=tool_name, description=description)


def make_counter_tool(store: dict) -> FunctionTool:
    def count_items(kind: str) -> int:  # expect: tool
        """How many items of a kind are stored."""
        return len(store.get(kind, []))

    return FunctionTool.from_defaults(fn=count_items)


class NotesClient:
    """Not a tool spec: its methods become tools only through FunctionTool below."""

    def __init__(self, root: str) -> None:
        self.root = Path(root)

    def read_note(self, name: str) -> str:  # expect: tool BL001
        """Read a note file."""
        return (self.root / name).read_text()

    async def aread_note(self, name: str) -> str:  # expect: tool BL001
        """Async read of a note file."""
        async with aiofiles.open(self.root / name) as f:
            return await f.read()

    def delete_note(self, name: str) -> str:  # expect: tool
        """Delete a note file."""
        (self.root / name).unlink()
        return f"Deleted note {name}"

    def rename_note(self, old: str, new: str) -> str:
        (self.root / old).rename(self.root / new)
        return new


notes = NotesClient("./notes")
read_tool = FunctionTool.from_defaults(fn=notes.read_note, async_fn=notes.aread_note, name="read_note")
delete_tool = FunctionTool(
    fn=notes.delete_note,
    metadata=ToolMetadata(name="delete_note", description="Delete a note by file name."),
)
