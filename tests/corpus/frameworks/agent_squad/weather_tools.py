"""Models Agent Squad's tool examples (examples/tools, examples/python-demo): functions wrapped in
`AgentTool(name=..., description=..., func=fn)`, grouped in `AgentTools(tools=[...])` and given to a
Bedrock or Anthropic agent."""

import requests

from agent_squad.agents import BedrockLLMAgent, BedrockLLMAgentOptions
from agent_squad.utils import AgentTool, AgentTools


def get_weather(city: str):  # expect: tool
    """The weather for a city."""
    return f"It is sunny in {city}!"


def fetch_forecast(latitude: str, longitude: str):  # expect: tool BL001
    """The raw Open-Meteo forecast for a place."""
    url = f"https://api.open-meteo.com/v1/forecast?latitude={latitude}&longitude={longitude}&hourly=temperature_2m"
    return requests.get(url, timeout=10).text


def search_web(query: str) -> str:  # expect: tool BL001
    """The result page of a web search."""
    return requests.get("https://html.duckduckgo.com/html/", params={"q": query}, timeout=10).text


def _format_city(city: str) -> str:
    return city.strip().title()


weather_tools = AgentTools(
    tools=[
        AgentTool(name="get_weather", description="The weather for a city.", func=get_weather),
        AgentTool(
            name="fetch_forecast",
            description="Hourly forecast.",
            func=fetch_forecast,
            properties={"latitude": {"type": "string"}, "longitude": {"type": "string"}},
            required=["latitude", "longitude"],
        ),
    ]
)

search_web_tool = AgentTool("search_web", "Search the web.", None, None, search_web)

agent = BedrockLLMAgent(
    BedrockLLMAgentOptions(name="Weather Agent", description="Weather questions.", tool_config={"tool": weather_tools})
)
