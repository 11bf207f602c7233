"""Models Atomic Agents 1.x tools (atomic-forge at v1.0.x): `class X(BaseTool)` from atomic_agents.lib.base.base_tool with input_schema/output_schema class attributes and run(params); the orchestrator adds the output to the agent's memory (memory.add_message("system", output))."""

import json

import requests
from pydantic import Field

from atomic_agents.agents.base_agent import BaseAgent, BaseAgentConfig, BaseIOSchema
from atomic_agents.lib.base.base_tool import BaseTool, BaseToolConfig


class WeatherInput(BaseIOSchema):
    """Current weather for a city."""

    city: str = Field(..., description="City name")


class WeatherOutput(BaseIOSchema):
    """Temperature and humidity."""

    temperature_c: float
    humidity: int


class WeatherTool(BaseTool):
    input_schema = WeatherInput
    output_schema = WeatherOutput

    def __init__(self, config: BaseToolConfig = BaseToolConfig()):
        super().__init__(config)

    def run(self, params: WeatherInput) -> WeatherOutput:  # expect: tool
        data = requests.get("https://wttr.in/" + params.city, params={"format": "j1"}, timeout=10).json()
        current = data["current_condition"][0]
        return WeatherOutput(temperature_c=float(current["temp_C"]), humidity=int(current["humidity"]))


class WikiInput(BaseIOSchema):
    """Summary of a Wikipedia article."""

    title: str


class WikiOutput(BaseIOSchema):
    """Article extract."""

    extract: str


class WikipediaTool(BaseTool):
    input_schema = WikiInput
    output_schema = WikiOutput

    def run(self, params: WikiInput) -> WikiOutput:  # expect: tool BL001
        page = requests.get(f"https://en.wikipedia.org/api/rest_v1/page/summary/{params.title}", timeout=10).json()
        return WikiOutput(extract=page["extract"])


class ApiInput(BaseIOSchema):
    """Call an internal JSON endpoint."""

    path: str


class ApiOutput(BaseIOSchema):
    """Raw JSON body."""

    body: str


class InternalApiTool(BaseTool):
    input_schema = ApiInput
    output_schema = ApiOutput

    def run(self, params: ApiInput) -> ApiOutput:  # expect: tool BL001
        resp = requests.get(f"https://internal.example.com/{params.path}", timeout=10)
        return ApiOutput(body=json.dumps(resp.json()))

    def health(self) -> bool:
        return requests.get("https://internal.example.com/health", timeout=5).ok


def answer(agent: BaseAgent, tool: WikipediaTool, title: str):
    output = tool.run(WikiInput(title=title))
    agent.memory.add_message("system", output)
    return agent.run()


agent = BaseAgent(BaseAgentConfig(client=None, model="gpt-4o-mini"))
