import json
import subprocess

from boundlint_runtime import truncate_for_llm
from langchain_core.tools import tool


@tool
def scan(directory: str):
    """The report Checkov prints, parsed into a local: cut as data, the dict stays a dict."""
    result = subprocess.run(["checkov", "-d", directory, "-o", "json"], capture_output=True, text=True)
    report = json.loads(result.stdout)
    return truncate_for_llm(report, max_chars=16_000)
