"""Models Universal MCP (AgentR) applications as its application packages write them: a class
deriving from APIApplication (a REST API, requests through the base's `_get`/`_post` and
`_handle_response`), GraphQLApplication or BaseApplication (a library wrapped), whose
`list_tools()` returns the bound methods the server exposes as tools. Methods it does not list
are not tools."""

import subprocess
from typing import Any

import httpx

from universal_mcp.applications.application import APIApplication, BaseApplication, GraphQLApplication
from universal_mcp.integrations import Integration


class IssuesApp(APIApplication):
    def __init__(self, integration: Integration | None = None, **kwargs: Any) -> None:
        super().__init__(name="issues", integration=integration, **kwargs)
        self.base_url = "https://issues.example/api/v2"

    def search_issues(self, query: str) -> dict[str, Any]:  # expect: tool BL001
        """Search issues by a free-text query."""
        response = self._get(f"{self.base_url}/search", params={"q": query})
        return self._handle_response(response)

    def get_issue_body(self, issue_id: str) -> str:  # expect: tool BL001
        """The issue's full description."""
        return httpx.get(f"{self.base_url}/issues/{issue_id}/body", timeout=20).text

    def create_issue(self, title: str, body: str) -> dict[str, Any]:  # expect: tool
        """Open an issue; answers with its id and link."""
        created = self._handle_response(self._post(f"{self.base_url}/issues", data={"title": title, "body": body}))
        return {"id": created["id"], "url": created["html_url"]}

    def count_open_issues(self) -> int:  # expect: tool
        """How many issues are open."""
        return len(self._handle_response(self._get(f"{self.base_url}/issues", params={"state": "open"})))

    def issue_titles(self, query: str) -> list[str]:  # expect: tool
        """Titles of the first ten issues that match."""
        found = self._handle_response(self._get(f"{self.base_url}/search", params={"q": query}))
        return [item["title"][:120] for item in found["items"][:10]]

    def _paginate(self, url: str) -> list[dict[str, Any]]:
        """Not listed: a helper of the class."""
        return self._handle_response(self._get(url))["items"]

    def export_all(self) -> list[dict[str, Any]]:
        """Public but not listed in `list_tools`: not a tool."""
        return self._paginate(f"{self.base_url}/issues")

    def list_tools(self):
        return [self.search_issues, self.get_issue_body, self.create_issue, self.count_open_issues, self.issue_titles]


class ShellApp(BaseApplication):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="shell", **kwargs)

    async def run_command(self, command: str) -> str:  # expect: tool BL001
        """Run a shell command and answer with what it printed."""
        return subprocess.run(command, shell=True, capture_output=True, text=True).stdout

    async def read_file(self, path: str) -> str:  # expect: tool BL001
        """The whole text of a file."""
        with open(path, encoding="utf-8") as f:
            return f.read()

    async def file_exists(self, path: str) -> bool:  # expect: tool
        """Whether a path exists."""
        return subprocess.run(["test", "-e", path]).returncode == 0

    def list_tools(self):
        return [self.run_command, self.read_file, self.file_exists]


class BoardApp(GraphQLApplication):
    def __init__(self, integration: Integration | None = None, **kwargs: Any) -> None:
        super().__init__(name="board", base_url="https://board.example/graphql", integration=integration, **kwargs)

    def list_cards(self, board_id: str) -> dict[str, Any]:  # expect: tool BL001
        """Every card of a board with its description."""
        return self.query(f'{{ board(id: "{board_id}") {{ cards {{ id title description }} }} }}')

    def ping(self) -> str:  # expect: tool
        """Whether the API answers."""
        return "ok"

    def list_tools(self):
        return (self.list_cards, self.ping)


class NotAnApplication:
    """A look-alike: its `list_tools` lists methods, but no framework serves them."""

    def fetch(self, url: str) -> str:
        return httpx.get(url).text

    def list_tools(self):
        return [self.fetch]
