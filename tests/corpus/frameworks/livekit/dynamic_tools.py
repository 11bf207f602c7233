"""Models LiveKit Agents' dynamic tools (examples/voice_agents/dynamic_tool_creation.py): functions
wrapped with `function_tool(fn, name=...)` and added to an agent later."""

import subprocess

from livekit.agents import Agent, RunContext, function_tool
from livekit.agents.llm import function_tool as llm_function_tool


async def run_diagnostics(context: RunContext, host: str) -> str:  # expect: tool BL001
    completed = subprocess.run(["ping", "-c", "50", host], capture_output=True, text=True, check=False)
    return completed.stdout


async def server_time(context: RunContext) -> str:  # expect: tool
    return "12:00"


def make_agent() -> Agent:
    diagnostics = function_tool(run_diagnostics, name="run_diagnostics", description="Ping a host.")
    clock = llm_function_tool(server_time)
    return Agent(instructions="You are an ops assistant.", tools=[diagnostics, clock])


def count_words(text: str) -> int:
    return len(text.split())
