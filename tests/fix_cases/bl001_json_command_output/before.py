import subprocess

from mcp.server import Server
from mcp.server.fastmcp import FastMCP
from mcp.types import TextContent

mcp = FastMCP("cluster")
server = Server("releases")


@mcp.tool()
def pods(namespace: str) -> str:
    """The pods of a namespace, as JSON: a text cut would leave it invalid."""
    out = subprocess.run(["kubectl", "get", "pods", "-n", namespace, "-o", "json"], capture_output=True, text=True)
    return out.stdout


@mcp.tool()
def pod_logs(pod: str) -> str:
    """A pod's log: text."""
    out = subprocess.run(["kubectl", "logs", pod], capture_output=True, text=True)
    return out.stdout


@mcp.tool()
def top(namespace: str) -> str:
    """An empty list on the way is no command."""
    flags: list[str] = []
    out = subprocess.run(["kubectl", "top", "pods", "-n", namespace, *flags], capture_output=True, text=True)
    return out.stdout


@mcp.tool()
def events(namespace: str) -> str:
    """Events, told apart by the command's own flag: `--output=json` in a string."""
    return subprocess.run(f"kubectl get events -n {namespace} --output=json", shell=True, capture_output=True, text=True).stdout


@mcp.tool()
def type_check(path: str) -> str:
    """pyright's own flag for JSON, `--outputjson`."""
    out = subprocess.run(["pyright", path, "--outputjson"], capture_output=True, text=True)
    return out.stdout


@mcp.tool()
def pod_summary(namespace: str) -> str:
    """JSON output formatted into other text is text."""
    out = subprocess.run(["kubectl", "get", "pods", "-n", namespace, "-o", "json"], capture_output=True, text=True)
    return f"Pods in {namespace}:\n{out.stdout}"


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    if name == "helm_list":
        # another branch's JSON flag does not make this one JSON
        result = subprocess.run(["helm", "list", "-A"], capture_output=True, text=True)
        return [TextContent(type="text", text=result.stdout)]
    elif name == "helm_values":
        args = ["get", "values", "-a", arguments["release"], "-o", "json"]
        result = subprocess.run(["helm", *args], capture_output=True, text=True)
        return [TextContent(type="text", text=result.stdout)]
    return [TextContent(type="text", text="unknown tool")]
