import subprocess

from boundlint_runtime import truncate_text
from langchain_core.tools import tool

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model


@tool
def run_command(command: str):
    """No return annotation, but a process run with `text=True` writes a `str`: cut as text."""
    result = subprocess.run(command, shell=True, capture_output=True, text=True)
    return truncate_text(result.stdout, max_chars=MAX_TOOL_OUTPUT_CHARS)


@tool
def list_files(path: str):
    """The same of `check_output` with an encoding."""
    return truncate_text(
        subprocess.check_output(["ls", "-la", path], encoding="utf-8"),
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@tool
def run_raw(command: str):
    """What a process writes as bytes: no known kind to cut, no fix."""
    result = subprocess.run(command, shell=True, capture_output=True)
    return result.stdout
