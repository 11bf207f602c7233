"""Models Mirascope 1.x (`mirascope.core`) tools from its docs and third-party agents: BaseTool subclasses whose call() runs the tool, plain functions passed in a provider call's tools=[...] (@openai.call, @anthropic.call, @llm.call), and BaseToolKit classes whose @toolkit_tool methods become tools; the caller returns tool.call() to the model with tool_message_params."""

import json
import os
from typing import ClassVar

import requests
from pydantic import Field

from mirascope import llm
from mirascope.core import BaseTool, BaseToolKit, anthropic, openai, prompt_template, toolkit_tool


class FormatBook(BaseTool):
    """Returns a nicely formatted book recommendation."""

    title: str = Field(..., description="The title of the book.")
    author: str = Field(..., description="The author of the book.")

    def call(self) -> str:  # expect: tool
        return f"{self.title} by {self.author}"


class GetWeather(BaseTool):
    """Current weather report for a city."""

    city: str

    def call(self) -> str:  # expect: tool BL001
        return requests.get(f"https://wttr.in/{self.city}", timeout=10).text


class SearchIssues(BaseTool):
    """Search the issue tracker."""

    query: str

    async def call(self) -> str:  # expect: tool BL001
        import httpx

        async with httpx.AsyncClient() as client:
            resp = await client.get("https://api.github.com/search/issues", params={"q": self.query})
        return json.dumps(resp.json()["items"])


def get_book_author(title: str) -> str:  # expect: tool
    """Returns the author of the book with the given title."""
    if title == "The Name of the Wind":
        return "Patrick Rothfuss"
    return "Unknown"


def search_web(query: str) -> str:  # expect: tool BL001
    """Search the web and return the raw result page."""
    return requests.get("https://html.duckduckgo.com/html/", params={"q": query}, timeout=10).text


def word_count(text: str) -> int:  # expect: tool
    """Number of words in a text."""
    return len(text.split())


class FileToolKit(BaseToolKit):
    """Tools over one project directory."""

    __namespace__: ClassVar[str | None] = "files"
    root: str

    @toolkit_tool
    def read_file(self, path: str) -> str:  # expect: tool BL001
        """Read a file under {self.root}."""
        with open(os.path.join(self.root, path)) as f:
            return f.read()

    @toolkit_tool
    def file_count(self) -> str:  # expect: tool
        """Number of files under {self.root}."""
        return str(len(os.listdir(self.root)))

    def _resolve(self, path: str) -> str:
        return os.path.abspath(os.path.join(self.root, path))


@openai.call("gpt-4o-mini", tools=[FormatBook, get_book_author, search_web])
@prompt_template("Recommend a {genre} book")
def recommend_book(genre: str): ...


@anthropic.call("claude-3-5-sonnet-20240620", tools=[GetWeather, SearchIssues])
def assistant(question: str) -> str:
    return question


@llm.call(provider="openai", model="gpt-4o-mini", tools=[word_count])
def counter(text: str) -> str:
    return f"Count the words in: {text}"


@openai.call("gpt-4o-mini")
def files_agent(question: str) -> openai.OpenAIDynamicConfig:
    return {"tools": FileToolKit(root="./project").create_tools(), "messages": [{"role": "user", "content": question}]}


def run(genre: str) -> str:
    response = recommend_book(genre)
    if tool := response.tool:
        output = tool.call()
        return str(output)
    return response.content
