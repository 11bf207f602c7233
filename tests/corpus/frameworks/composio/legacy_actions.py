"""Models pre-3.0 Composio custom actions (composio-core 0.5-0.7, docs old_custom_tools.py): functions decorated with @action(toolname=..., requires=[...]) from composio or a provider package, with an injected execute_request, then toolset.get_tools(actions=[...])."""

import json
import typing as t

from composio import ComposioToolSet, action
from composio_crewai import action as crewai_action


@action(toolname="github")
def get_github_repo_topics(owner: t.Annotated[str, "Repository owner"], repo: t.Annotated[str, "Repository name"], execute_request: t.Callable) -> dict:  # expect: tool
    """Gets the topics of a GitHub repository."""
    data = execute_request(endpoint=f"/repos/{owner}/{repo}/topics", method="GET")
    return {"topics": data.get("names", [])[:20]}


@action(toolname="github", requires=["requests"])
def get_readme(owner: t.Annotated[str, "Owner"], repo: t.Annotated[str, "Repository"], execute_request: t.Callable) -> dict:  # expect: tool BL001
    """Return a repository's README."""
    import requests

    text = requests.get(f"https://raw.githubusercontent.com/{owner}/{repo}/HEAD/README.md", timeout=10).text
    return {"readme": text}


@action(toolname="cow", requires=["cowsay"])
def say(message: str) -> str:  # expect: tool BL001
    """Cow will say whatever you want it to say."""
    import cowsay

    return cowsay.get_output_string("cow", message)


@crewai_action(toolname="local")
def list_dir(path: t.Annotated[str, "Directory"]) -> str:  # expect: tool BL001
    """List a directory."""
    import os

    return json.dumps(sorted(os.listdir(path)))


@crewai_action(toolname="local")
def dir_size(path: t.Annotated[str, "Directory"]) -> int:  # expect: tool
    """Number of entries in a directory."""
    import os

    return len(os.listdir(path))


toolset = ComposioToolSet()
tools = toolset.get_tools(actions=[get_github_repo_topics, get_readme, say, list_dir, dir_size])
