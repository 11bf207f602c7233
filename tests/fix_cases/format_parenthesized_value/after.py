import json
import subprocess

from boundlint_runtime import truncate_json, truncate_text
from mcp.server.fastmcp import FastMCP

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

mcp = FastMCP("x")


@mcp.tool()
def run(cmd: str) -> str:
    """A value in parentheses of its own: its lines are already where the call's arguments go."""
    completed = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    return truncate_text(
        f"exit_code={completed.returncode}\n"
        f"stdout:\n{completed.stdout}\n"
        f"stderr:\n{completed.stderr}",
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@mcp.tool()
def run_json(cmd: str) -> str:
    """A value that spans lines without parentheses of its own moves one indentation in."""
    completed = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    return truncate_json(
        json.dumps(
            {"stdout": completed.stdout, "stderr": completed.stderr},
            indent=2,
        ),
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )
