"""Models LiveKit Agents' dynamic tools (examples/voice_agents/dynamic_tool_creation.py): functions
wrapped with `function_tool(fn, name=...)` and added to an agent later."""

import subprocess

from livekit.agents import Agent, RunContext, function_tool
from livekit.agents.llm import function_tool as llm_function_tool


async def service_logs(context: RunContext, service: str) -> str:  # expect: tool BL001
    completed = subprocess.run(["journalctl", "--no-pager", "-u", service], capture_output=True, text=True, check=False)
    return completed.stdout


async def server_time(context: RunContext) -> str:  # expect: tool
    return "12:00"


def make_agent() -> Agent:
    logs = function_tool(service_logs, name="service_logs", description="The journal of a service.")
    clock = llm_function_tool(server_time)
    return Agent(instructions="You are an ops assistant.", tools=[logs, clock])


def count_words(text: str) -> int:
    return len(text.split())
