"""Models the same form under the framework's old package name (multi-agent-orchestrator 0.x,
third-party travel and movie demos): `AgentTool(name=..., func=...)` at module level."""

import subprocess

from multi_agent_orchestrator.utils import AgentTool


def list_directory(path: str) -> str:  # expect: tool BL001
    """Everything `ls -la` prints for a folder."""
    return subprocess.run(["ls", "-la", path], capture_output=True, text=True).stdout


def count_files(path: str) -> int:  # expect: tool
    """How many entries a folder has."""
    return len(subprocess.run(["ls", path], capture_output=True, text=True).stdout.splitlines())


list_tool = AgentTool(name="list_directory", description="List a folder.", func=list_directory)
count_tool = AgentTool(name="count_files", description="Count a folder.", func=count_files)
