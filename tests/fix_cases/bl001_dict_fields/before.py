import json
import subprocess
from typing import Any

import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ops")


@mcp.tool()
def run_playbook(playbook: str) -> dict[str, Any]:
    """Run a playbook: the dict stays a dict, its output is cut as text."""
    proc = subprocess.run(["ansible-playbook", playbook], capture_output=True)
    out = proc.stdout.decode("utf-8", errors="replace")
    return {"ok": proc.returncode == 0, "rc": proc.returncode, "stdout": out, "command": f"ansible-playbook {playbook}"}


@mcp.tool()
def inventory(url: str) -> dict[str, Any]:
    """The parsed inventory a service answers is cut as data."""
    return {"source": url, "inventory": json.loads(requests.get(url, timeout=10).text)}


@mcp.tool()
def page(url: str) -> dict[str, Any]:
    """What `fetch_page` gives is of no known kind: no fix, the finding stays."""
    return {"source": url, "page": fetch_page(url).body}


def fetch_page(url: str) -> Any:
    return requests.get(url, timeout=10)
