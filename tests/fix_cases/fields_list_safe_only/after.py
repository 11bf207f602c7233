"""Safe fixes only: the str field is cut with a marker; the list field is left (its
TruncatedItems is an unsafe fix: the items dropped would leave no marker the model reads)."""

from typing import Annotated

import requests
from boundlint_runtime.pydantic import Truncated
from pydantic import BaseModel
from pydantic_ai import Agent

agent = Agent("openai:gpt-4o")


class Page(BaseModel):
    body: Annotated[str, Truncated(4_000)]
    links: list[str]


@agent.tool_plain
def fetch_page(url: str) -> Page:
    """Fetch a page and its links."""
    response = requests.get(url)
    return Page(body=response.text, links=response.text.split())
