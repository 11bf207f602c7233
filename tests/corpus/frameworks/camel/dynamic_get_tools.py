"""Models CAMEL get_tools() bodies that are not a plain list: a name->method map filtered by enabled_tools (hybrid_browser_toolkit_ts.py), a comprehension over methods, conditional appends, module-level functions (twitter_toolkit.py), and an override of a method that the built-in toolkit's own get_tools() registers (eigent's SearchToolkit/TerminalToolkit subclasses)."""

import subprocess
from typing import Any, Callable, Dict, List, Optional, cast

import requests
from camel.toolkits import SearchToolkit
from camel.toolkits.base import BaseToolkit
from camel.toolkits.function_tool import FunctionTool


class BrowserControlToolkit(BaseToolkit):
    DEFAULT_TOOLS = ["browser_open", "browser_get_text", "browser_click"]

    def __init__(self, session, enabled_tools: Optional[List[str]] = None):
        super().__init__()
        self.session = session
        self.enabled_tools = enabled_tools or self.DEFAULT_TOOLS

    async def browser_open(self, url: str) -> Dict[str, Any]:  # expect: tool BL001
        r"""Open a URL and return the page snapshot."""
        await self.session.goto(url)
        return {"result": f"Opened {url}", "snapshot": await self.session.snapshot()}

    async def browser_get_text(self) -> str:  # expect: tool BL001
        r"""Return the visible text of the current page."""
        return await self.session.inner_text("body")

    async def browser_click(self, ref: str) -> str:  # expect: tool
        r"""Click the element with the given ref."""
        await self.session.click(ref)
        return f"Clicked element {ref}"

    async def browser_close(self) -> str:  # expect: tool
        r"""Close the browser."""
        await self.session.close()
        return "Browser closed."

    def get_tools(self) -> List[FunctionTool]:
        tool_map = {
            "browser_open": self.browser_open,
            "browser_get_text": self.browser_get_text,
            "browser_click": self.browser_click,
            "browser_close": self.browser_close,
        }
        enabled = []
        for name in self.enabled_tools:
            if name in tool_map:
                enabled.append(FunctionTool(cast(Callable[..., Any], tool_map[name])))
        return enabled


class RepoToolkit(BaseToolkit):
    def __init__(self, repo_dir: str, allow_writes: bool = False):
        super().__init__()
        self.repo_dir = repo_dir
        self.allow_writes = allow_writes

    def git_log(self, n: int = 20) -> str:  # expect: tool BL001
        r"""Show the last n commits."""
        return subprocess.run(["git", "log", f"-{n}"], cwd=self.repo_dir, capture_output=True, text=True).stdout

    def git_diff(self) -> str:  # expect: tool
        r"""Show the working-tree diff, cut to 3000 characters."""
        out = subprocess.run(["git", "diff"], cwd=self.repo_dir, capture_output=True, text=True).stdout
        return out[:3000] + ("\n... [diff truncated]" if len(out) > 3000 else "")

    def git_commit(self, message: str) -> str:  # expect: tool
        r"""Commit all staged changes."""
        proc = subprocess.run(["git", "commit", "-m", message], cwd=self.repo_dir)
        return f"git commit exited with status {proc.returncode}"

    def get_tools(self) -> List[FunctionTool]:
        tools = [FunctionTool(func) for func in (self.git_log, self.git_diff)]
        if self.allow_writes:
            tools.append(FunctionTool(self.git_commit))
        return tools


def post_status(text: str) -> str:  # expect: tool BL001
    r"""Post a status update and return the API's answer."""
    resp = requests.post("https://social.example.com/api/statuses", json={"status": text}, timeout=20)
    if resp.status_code != 200:
        return f"Request failed: {resp.status_code} {resp.text}"
    return f"Posted status {resp.json()['id']}"


def delete_status(status_id: str) -> str:  # expect: tool
    r"""Delete a status by id."""
    requests.delete(f"https://social.example.com/api/statuses/{status_id}", timeout=20)
    return f"Deleted status {status_id}."


class SocialToolkit(BaseToolkit):
    def get_tools(self) -> List[FunctionTool]:
        return [FunctionTool(post_status), FunctionTool(delete_status)]


class ProxiedSearchToolkit(SearchToolkit):
    """Overrides one search method; CAMEL's inherited SearchToolkit.get_tools() wraps self.search_google."""

    def __init__(self, proxy_url: str):
        super().__init__()
        self.proxy_url = proxy_url

    def search_google(self, query: str, search_type: str = "web", number_of_result_pages: int = 10, start_page: int = 1) -> List[Dict[str, Any]]:  # expect: tool BL001
        return self._proxy_search(query, number_of_result_pages)

    @classmethod
    def available_tools(cls, proxy_url: str) -> List[FunctionTool]:
        """Not a tool: a class's own way to build its tool list (an application's `get_can_use_tools`)."""
        return cls(proxy_url).get_tools() if proxy_url else []

    @property
    def endpoint(self) -> str:
        return f"{self.proxy_url}/google"

    def _proxy_search(self, query: str, n: int) -> List[Dict[str, Any]]:
        return requests.get(f"{self.proxy_url}/google", params={"q": query, "n": n}, timeout=30).json()
