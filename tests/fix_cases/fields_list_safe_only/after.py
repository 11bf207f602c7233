"""Safe fixes only: neither field is bounded. Both fixes cut wherever the model is validated, not
only in the tool's answer (data read back from storage, a form a UI posts), and a list's
TruncatedItems leaves no marker the model reads: they are unsafe fixes."""

import requests
from pydantic import BaseModel
from pydantic_ai import Agent

agent = Agent("openai:gpt-4o")


class Page(BaseModel):
    body: str
    lines: list[str]


@agent.tool_plain
def fetch_page(url: str) -> Page:
    """Fetch a page and its lines."""
    response = requests.get(url)
    return Page(body=response.text, lines=response.text.splitlines())
