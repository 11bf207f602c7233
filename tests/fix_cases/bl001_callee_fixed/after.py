import shlex
import subprocess

from boundlint_runtime import truncate_text
from mcp.server.fastmcp import FastMCP

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

mcp = FastMCP("gog")


@mcp.tool()
def gog_run(command: str) -> str:
    """Run any gog command."""
    out = subprocess.run(["gog", *shlex.split(command)], capture_output=True, text=True)
    return truncate_text(out.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS)


@mcp.tool()
def gog_drive_search(query: str) -> str:
    """Search Drive: gog_run's own cap bounds it, so it gets none of its own."""
    return gog_run(command=f"drive search {shlex.quote(query)}")


@mcp.tool()
async def gog_docs_cat(doc_id: str) -> str:
    """Print a document."""
    proc = subprocess.run(["gog", "docs", "cat", doc_id], capture_output=True, text=True)
    return truncate_text(proc.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS)
