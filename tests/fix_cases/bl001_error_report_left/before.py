import json
import subprocess

import requests
from langchain_core.tools import tool


def run_gh(args: list[str]) -> str:
    result = subprocess.run(["gh", *args], capture_output=True, text=True)
    if result.returncode != 0:
        return json.dumps({"error": result.stderr[:500]})
    return result.stdout


@tool
def pr_diff(pr: int) -> str:
    """A PR's diff; the error report a failed `gh` writes is returned as it is, and left so."""
    output = run_gh(["pr", "diff", str(pr)])
    if output.startswith('{"error"'):
        return output
    return output


@tool
def run_tests(path: str) -> str:
    """What a failed run prints is the answer too: bounded beside the output of a passing run."""
    result = subprocess.run(["pytest", path], capture_output=True, text=True)
    if result.returncode != 0:
        return result.stdout
    return result.stdout


@tool
def pr_comments(pr: int) -> str:
    """Its comments, simplified; the text `gh` wrote when it is not JSON is left as it is."""
    output = run_gh(["pr", "view", str(pr), "--json", "comments"])
    try:
        return json.dumps(json.loads(output)["comments"])
    except json.JSONDecodeError:
        return output


@tool
def container_logs(container: str) -> str:
    """Its logs; the failure `docker` reports, beside the name asked for, is left as it is."""
    result = subprocess.run(["docker", "logs", container], capture_output=True, text=True)
    if result.returncode != 0:
        return json.dumps({"error": result.stderr, "container": container})
    return json.dumps({"container": container, "logs": result.stdout})


@tool
def fetch_page(url: str) -> str:
    """The page; the body of a failed request, in the message that reports it, is left as it is."""
    response = requests.get(url, timeout=10)
    if response.status_code != 200:
        return f"HTTP error {response.status_code}: {response.text}"
    return response.text
