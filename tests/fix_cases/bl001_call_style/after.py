"""Research tools (LangChain)."""

from __future__ import annotations

import json
import subprocess

import requests
from boundlint_runtime import truncate_json, truncate_text
from langchain_core.tools import BaseTool, tool

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model


@tool
def fetch_page(url: str) -> str:
    """Fetch a web page."""
    resp = requests.get(url, timeout=10)
    return truncate_text(resp.text, max_chars=MAX_TOOL_OUTPUT_CHARS)  # the whole body


@tool
async def run(cmd: str):
    """Run a command (no annotation: the f-string says it is text)."""
    out = subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout
    return truncate_text(f"$ {cmd}\n{out}", max_chars=MAX_TOOL_OUTPUT_CHARS)


@tool
def dump(table: str) -> str:
    """A JSON dump, returned over several lines."""
    rows = requests.get(f"https://db.example/{table}").json()
    return truncate_json(
        json.dumps(rows), max_chars=MAX_TOOL_OUTPUT_CHARS
    )


class FetchTool(BaseTool):
    name: str = "fetch"
    description: str = "Fetch a URL."

    def _run(self, url: str) -> str:
        if not url:
            return "no url"
        return truncate_text(requests.get(url).text, max_chars=MAX_TOOL_OUTPUT_CHARS)
