import subprocess

from langchain_core.tools import tool


@tool
def run_command(command: str):
    """No return annotation, but a process run with `text=True` writes a `str`: cut as text."""
    result = subprocess.run(command, shell=True, capture_output=True, text=True)
    return result.stdout


@tool
def list_files(path: str):
    """The same of `check_output` with an encoding."""
    return subprocess.check_output(["ls", "-la", path], encoding="utf-8")


@tool
def run_raw(command: str):
    """What a process writes as bytes: no known kind to cut, no fix."""
    result = subprocess.run(command, shell=True, capture_output=True)
    return result.stdout
