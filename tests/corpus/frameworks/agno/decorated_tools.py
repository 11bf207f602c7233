"""Models Agno's @tool decorator from agno.tools: bare, called with options, stacked with @approval, on async functions, and on Toolkit methods listed in tools= (cookbook 91_tools/tool_decorator/*.py, 11_approvals)."""

import json
import subprocess

import httpx
from agno.agent.agent import Agent
from agno.approval import approval
from agno.tools import Toolkit, tool


@tool
def get_top_hackernews_stories(num_stories: int = 10) -> str:  # expect: tool BL001
    """Get the top stories from Hacker News."""
    ids = httpx.get("https://hacker-news.firebaseio.com/v0/topstories.json").json()
    stories = [
        httpx.get(f"https://hacker-news.firebaseio.com/v0/item/{i}.json").json() for i in ids[:num_stories]
    ]
    return json.dumps(stories)


@tool(show_result=True, stop_after_tool_call=True)
def get_weather(city: str) -> str:  # expect: tool
    """Get a one-line weather summary for a city."""
    return f"The weather in {city} is sunny."


@tool(name="word_count", description="Count the words in a text", cache_results=True)
def count_words(text: str) -> int:  # expect: tool
    return len(text.split())


@approval
@tool(requires_confirmation=True)
def run_shell(command: str) -> str:  # expect: tool BL001
    """Run a shell command after the user approves it."""
    return subprocess.run(command, shell=True, capture_output=True, text=True).stdout


@tool()
async def fetch_release_notes(repo: str) -> str:  # expect: tool BL001
    """Fetch the latest release notes of a GitHub repository."""
    async with httpx.AsyncClient() as client:
        resp = await client.get(f"https://api.github.com/repos/{repo}/releases/latest")
    return resp.json()["body"]


class GreetingToolkit(Toolkit):
    def __init__(self, multiplier: int = 2):
        self.multiplier = multiplier
        super().__init__(name="greeting_toolkit", tools=[self.multiply_number, self.get_greeting])

    @tool(stop_after_tool_call=True)
    def multiply_number(self, number: int) -> int:  # expect: tool
        """Multiply a number by the toolkit's multiplier."""
        return number * self.multiplier

    @tool()
    def get_greeting(self, name: str) -> str:  # expect: tool
        """Greet someone by name."""
        return f"Hello, {name}! The multiplier is {self.multiplier}."


agent = Agent(
    tools=[get_top_hackernews_stories, get_weather, count_words, run_shell, fetch_release_notes, GreetingToolkit()],
    markdown=True,
)
