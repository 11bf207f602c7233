"""Models LiveKit Agents 0.x function calling (`llm.FunctionContext` with `@llm.ai_callable()`
methods), still found in older voice agents."""

import requests

from livekit.agents import llm


class AssistantFnc(llm.FunctionContext):
    @llm.ai_callable(description="Get the weather in a city")
    async def get_weather(self, location: str) -> str:  # expect: tool BL001
        return requests.get(f"https://wttr.in/{location}?format=j1", timeout=10).text

    @llm.ai_callable()
    async def toggle_light(self, room: str, on: bool) -> str:  # expect: tool
        return f"The light in {room} is now {'on' if on else 'off'}."

    def _unused(self) -> str:
        return "not a tool"
