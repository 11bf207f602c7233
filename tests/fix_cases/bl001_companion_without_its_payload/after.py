import subprocess
from dataclasses import dataclass

from langchain_core.tools import tool


@dataclass
class Scan:
    report: str


@tool
def scan(directory: str):
    """The scan's report, in an object: no fix, and what a failed run printed is not cut alone."""
    result = subprocess.run(["checkov", "-d", directory], capture_output=True, text=True)
    if not result.stdout:
        return f"Error: no output from Checkov.\n{result.stderr}"
    return Scan(report=result.stdout)
