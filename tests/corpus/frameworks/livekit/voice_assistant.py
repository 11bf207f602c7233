"""Models LiveKit Agents' voice examples (examples/voice_agents): `@function_tool` methods of an
`Agent` subclass, a handoff that returns the next agent with a line to say, and free functions
given to `Agent(tools=[...])`."""

import os
from typing import Any

import httpx

from livekit.agents import Agent, RunContext, function_tool


@function_tool
async def lookup_weather(context: RunContext, location: str) -> dict[str, Any]:  # expect: tool
    """The weather for a location."""
    return {"weather": "sunny", "temperature_f": 70, "location": location}


@function_tool(name="read_page", description="Read a web page aloud.")
async def read_page(context: RunContext, url: str) -> str:  # expect: tool BL001
    async with httpx.AsyncClient() as client:
        response = await client.get(url)
    return response.text


@function_tool
async def list_recordings(context: RunContext, folder: str) -> str:  # expect: tool BL001
    """Every recording in a folder."""
    return "\n".join(sorted(os.listdir(folder)))


class BillingAgent(Agent):
    def __init__(self) -> None:
        super().__init__(instructions="You handle billing questions.")

    @function_tool()
    async def account_balance(self, context: RunContext, account_id: str) -> str:  # expect: tool
        """The balance of an account."""
        return f"The balance of {account_id} is 42 dollars."


class Assistant(Agent):
    def __init__(self) -> None:
        super().__init__(
            instructions="You are a helpful voice assistant.", tools=[lookup_weather, read_page, list_recordings]
        )

    @function_tool()
    async def transfer_to_billing(self, context: RunContext):  # expect: tool
        """Hand the caller over to billing."""
        return BillingAgent(), "Transferring you to billing."

    @function_tool()
    async def read_call_log(self, context: RunContext, path: str) -> str:  # expect: tool BL001
        """The whole call log file."""
        with open(path, encoding="utf-8") as handle:
            return handle.read()

    def _greeting(self) -> str:
        return "Hello!"
