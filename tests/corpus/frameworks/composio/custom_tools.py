"""Models Composio 3.x custom tools (docs custom-tools.mdx, python/examples/custom_tools.py): functions decorated with @composio.tools.custom_tool or @composio.tools.custom_tool(toolkit="github") on a Composio() instance, taking a pydantic request (plus execute_request and auth_credentials for toolkit tools); Composio wraps the return as {"data": ...} for the model."""

import base64

import requests
from pydantic import BaseModel, Field

from composio import Composio
from composio.types import ExecuteRequestFn

composio = Composio()


class AddTwoNumbersInput(BaseModel):
    a: int = Field(..., description="The first number to add")
    b: int = Field(..., description="The second number to add")


class IssueInput(BaseModel):
    issue_number: int = Field(..., description="Issue number")


class RepoInput(BaseModel):
    repository: str = Field(..., description="owner/name")


class FileInput(BaseModel):
    repository: str
    path: str


@composio.tools.custom_tool
def add_two_numbers(request: AddTwoNumbersInput) -> int:  # expect: tool
    """Add two numbers."""
    return request.a + request.b


@composio.tools.custom_tool(toolkit="github")
def get_issue_info(request: IssueInput, execute_request: ExecuteRequestFn, auth_credentials: dict) -> dict:  # expect: tool BL001
    """Get information about a GitHub issue."""
    response = execute_request(endpoint=f"/repos/composiohq/composio/issues/{request.issue_number}", method="GET")
    return {"data": response.data}


@composio.tools.custom_tool(toolkit="github")
def get_issue_info_direct(request: IssueInput, execute_request: ExecuteRequestFn, auth_credentials: dict) -> dict:  # expect: tool (one issue by its number: one record)
    """Get information about a GitHub issue with a direct API call."""
    response = requests.get(
        f"https://api.github.com/repos/composiohq/composio/issues/{request.issue_number}",
        headers={"Authorization": f"Bearer {auth_credentials['access_token']}"},
        timeout=10,
    )
    return {"data": response.json()}


@composio.tools.custom_tool(toolkit="github")
def star_repository(request: RepoInput, execute_request: ExecuteRequestFn, auth_credentials: dict) -> dict:  # expect: tool
    """Star a repository."""
    response = execute_request(endpoint=f"/user/starred/{request.repository}", method="PUT")
    return {"starred": response.status_code == 204, "repository": request.repository}


@composio.tools.custom_tool(toolkit="github")
def read_repo_file(request: FileInput, execute_request: ExecuteRequestFn, auth_credentials: dict) -> str:  # expect: tool BL001
    """Contents of one file of a repository."""
    response = execute_request(endpoint=f"/repos/{request.repository}/contents/{request.path}", method="GET")
    return base64.b64decode(response.data["content"]).decode()


@composio.tools.custom_tool(toolkit="github")
def count_open_issues(request: RepoInput, execute_request: ExecuteRequestFn, auth_credentials: dict) -> int:  # expect: tool
    """Open issues of a repository."""
    response = execute_request(endpoint=f"/repos/{request.repository}", method="GET")
    return int(response.data["open_issues_count"])


def issue_url(number: int) -> str:
    return f"https://github.com/composiohq/composio/issues/{number}"


result = composio.tools.execute(user_id="default", slug=get_issue_info.slug, arguments={"issue_number": 1})
tools = composio.tools.get(user_id="default", tools=[add_two_numbers.slug, star_repository.slug])
