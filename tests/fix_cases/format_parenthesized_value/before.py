import json
import subprocess

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def run(cmd: str) -> str:
    """A value in parentheses of its own: its lines are already where the call's arguments go."""
    completed = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    return (
        f"exit_code={completed.returncode}\n"
        f"stdout:\n{completed.stdout}\n"
        f"stderr:\n{completed.stderr}"
    )


@mcp.tool()
def run_json(cmd: str) -> str:
    """A value that spans lines without parentheses of its own moves one indentation in."""
    completed = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    return json.dumps(
        {"stdout": completed.stdout, "stderr": completed.stderr},
        indent=2,
    )
