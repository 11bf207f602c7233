import subprocess

from boundlint_runtime import truncate_json, truncate_text
from mcp.server import Server
from mcp.server.fastmcp import FastMCP
from mcp.types import TextContent

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

mcp = FastMCP("cluster")
server = Server("releases")


@mcp.tool()
def pods(namespace: str) -> str:
    """The pods of a namespace, as JSON: a text cut would leave it invalid."""
    out = subprocess.run(["kubectl", "get", "pods", "-n", namespace, "-o", "json"], capture_output=True, text=True)
    return truncate_json(out.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS)


@mcp.tool()
def pod_logs(pod: str) -> str:
    """A pod's log: text."""
    out = subprocess.run(["kubectl", "logs", pod], capture_output=True, text=True)
    return truncate_text(out.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS)


@mcp.tool()
def top(namespace: str) -> str:
    """An empty list on the way is no command."""
    flags: list[str] = []
    out = subprocess.run(["kubectl", "top", "pods", "-n", namespace, *flags], capture_output=True, text=True)
    return truncate_text(out.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS)


@mcp.tool()
def events(namespace: str) -> str:
    """Events, told apart by the command's own flag: `--output=json` in a string."""
    return truncate_json(
        subprocess.run(f"kubectl get events -n {namespace} --output=json", shell=True, capture_output=True, text=True).stdout,
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@mcp.tool()
def type_check(path: str) -> str:
    """pyright's own flag for JSON, `--outputjson`."""
    out = subprocess.run(["pyright", path, "--outputjson"], capture_output=True, text=True)
    return truncate_json(out.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS)


@mcp.tool()
def pod_summary(namespace: str) -> str:
    """JSON output formatted into other text is text."""
    out = subprocess.run(["kubectl", "get", "pods", "-n", namespace, "-o", "json"], capture_output=True, text=True)
    return truncate_text(
        f"Pods in {namespace}:\n{out.stdout}", max_chars=MAX_TOOL_OUTPUT_CHARS
    )


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    if name == "helm_list":
        # another branch's JSON flag does not make this one JSON
        result = subprocess.run(["helm", "list", "-A"], capture_output=True, text=True)
        return [TextContent(type="text", text=truncate_text(result.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS))]
    elif name == "helm_values":
        args = ["get", "values", "-a", arguments["release"], "-o", "json"]
        result = subprocess.run(["helm", *args], capture_output=True, text=True)
        return [TextContent(type="text", text=truncate_json(result.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS))]
    return [TextContent(type="text", text="unknown tool")]
