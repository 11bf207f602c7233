import json
import subprocess
from typing import Any

import requests
from boundlint_runtime import truncate_for_llm, truncate_text
from mcp.server.fastmcp import FastMCP

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

mcp = FastMCP("ops")


@mcp.tool()
def run_playbook(playbook: str) -> dict[str, Any]:
    """Run a playbook: the dict stays a dict, its output is cut as text."""
    proc = subprocess.run(["ansible-playbook", playbook], capture_output=True)
    out = proc.stdout.decode("utf-8", errors="replace")
    return {"ok": proc.returncode == 0, "rc": proc.returncode, "stdout": truncate_text(out, max_chars=MAX_TOOL_OUTPUT_CHARS), "command": f"ansible-playbook {playbook}"}


@mcp.tool()
def inventory(url: str) -> dict[str, Any]:
    """The parsed inventory a service answers is cut as data."""
    return {"source": url, "inventory": truncate_for_llm(json.loads(requests.get(url, timeout=10).text), max_chars=MAX_TOOL_OUTPUT_CHARS)}


@mcp.tool()
def page(url: str) -> dict[str, Any]:
    """What `fetch_page` gives is of no known kind: no fix, the finding stays."""
    return {"source": url, "page": fetch_page(url).body}


def fetch_page(url: str) -> Any:
    return requests.get(url, timeout=10)
