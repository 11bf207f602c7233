import shlex
import subprocess

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("gog")


@mcp.tool()
def gog_run(command: str) -> str:
    """Run any gog command."""
    out = subprocess.run(["gog", *shlex.split(command)], capture_output=True, text=True)
    return out.stdout


@mcp.tool()
def gog_drive_search(query: str) -> str:
    """Search Drive: gog_run's own cap bounds it, so it gets none of its own."""
    return gog_run(command=f"drive search {shlex.quote(query)}")


@mcp.tool()
async def gog_docs_cat(doc_id: str) -> str:
    """Print a document."""
    proc = subprocess.run(["gog", "docs", "cat", doc_id], capture_output=True, text=True)
    return proc.stdout
