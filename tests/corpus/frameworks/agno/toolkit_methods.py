"""Models an Agno Toolkit subclass that lists bound methods in super().__init__(tools=[...]), as in agno/tools/bitbucket.py and third-party toolkits (botcrew's BrowserTools/MemoryTools)."""

import json

import httpx
from agno.tools import Toolkit


class IssueTrackerTools(Toolkit):
    def __init__(self, base_url: str, token: str, **kwargs):
        self.base_url = base_url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}
        super().__init__(
            name="issue_tracker",
            tools=[
                self.list_issues,
                self.get_issue,
                self.count_open_issues,
                self.close_issue,
                self.comment_on_issue,
            ],
            **kwargs,
        )

    def _get(self, path: str) -> dict:
        resp = httpx.get(f"{self.base_url}{path}", headers=self.headers, timeout=15)
        resp.raise_for_status()
        return resp.json()

    def list_issues(self, project: str, state: str = "open") -> str:  # expect: tool BL001
        """List the issues of a project."""
        data = self._get(f"/projects/{project}/issues?state={state}")
        return json.dumps(data["issues"])

    def get_issue(self, issue_id: int) -> str:  # expect: tool BL001
        """Get one issue with its full description and comments."""
        resp = httpx.get(f"{self.base_url}/issues/{issue_id}", headers=self.headers, timeout=15)
        return resp.text

    def count_open_issues(self, project: str) -> int:  # expect: tool
        """How many issues are open in a project."""
        data = self._get(f"/projects/{project}/issues?state=open")
        return len(data["issues"])

    def close_issue(self, issue_id: int) -> str:  # expect: tool
        """Close an issue."""
        try:
            httpx.post(f"{self.base_url}/issues/{issue_id}/close", headers=self.headers, timeout=15)
        except httpx.HTTPError as exc:
            return f"Error closing issue {issue_id}: {exc}"
        return f"Issue {issue_id} closed."

    def comment_on_issue(self, issue_id: int, body: str) -> str:  # expect: tool
        """Add a comment to an issue."""
        httpx.post(
            f"{self.base_url}/issues/{issue_id}/comments",
            headers=self.headers,
            json={"body": body},
            timeout=15,
        )
        return "Comment added."

    def export_all(self, project: str) -> str:
        """Public, but never passed to tools=: the model cannot call it."""
        return json.dumps(self._get(f"/projects/{project}/export"))
