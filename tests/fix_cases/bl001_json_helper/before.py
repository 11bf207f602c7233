import json
import subprocess

import requests
from mcp.server.fastmcp import FastMCP
from mcp.types import TextContent
from pydantic import BaseModel

mcp = FastMCP("search")


def _as_json(payload: dict) -> str:
    return json.dumps(payload, ensure_ascii=False)


def _as_text(payload: dict) -> str:
    if "text" in payload:
        return str(payload["text"])
    return json.dumps(payload)


@mcp.tool()
def search(q: str) -> str:
    """Every return of `_as_json` is JSON text: it is cut as JSON, and stays valid."""
    return _as_json({"query": q, "results": requests.get("https://api.example/search", params={"q": q}).text})


@mcp.tool()
def search_blocks(q: str) -> list[TextContent]:
    """The same text in a content block."""
    hits = requests.get("https://api.example/search", params={"q": q}).text
    return [TextContent(type="text", text=_as_json({"hits": hits}))]


@mcp.tool()
def search_text(q: str) -> str:
    """A helper that may answer other text is cut as text."""
    return _as_text(requests.get("https://api.example/search", params={"q": q}).text)


class Rooms:
    @staticmethod
    def _payload(status: str, **fields: object) -> str:
        return _as_json({"status": status, **fields})

    async def _members(self, room: str) -> str:
        if not room:
            return self._payload("error", message="no room")
        return self._payload("ok", members=requests.get(f"https://api.example/rooms/{room}").text)

    async def _dispatch(self, action: str, room: str) -> str:
        if action == "members":
            return await self._members(room)
        return self._payload("error", message=f"unknown action {action}")

    async def _describe(self, action: str, room: str) -> str:
        if action == "members":
            return await self._members(room)
        return "unknown action"

    @mcp.tool()
    async def room(self, action: str, room: str) -> str:
        """Every answer of the methods it calls through `self` is JSON text: cut as JSON."""
        return await self._dispatch(action, room)

    @mcp.tool()
    async def room_text(self, action: str, room: str) -> str:
        """One of them answers a message the code writes: still cut as JSON (`truncate_json` cuts
        what does not parse as text)."""
        return await self._describe(action, room)


class Output(BaseModel):
    stdout: str
    returncode: int


@mcp.tool()
def run(command: str) -> str:
    """A model's own JSON text: cut as JSON, so `returncode` stays."""
    proc = subprocess.run(command, shell=True, capture_output=True, text=True)
    return Output(stdout=proc.stdout, returncode=proc.returncode).model_dump_json()
