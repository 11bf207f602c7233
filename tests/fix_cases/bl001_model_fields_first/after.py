"""A tool returning a model: bounding the model's fields makes the return bounded."""

from typing import Annotated, Optional

import requests
from boundlint_runtime.pydantic import Truncated, TruncatedItems
from pydantic import BaseModel, Field
from pydantic_ai import Agent

agent = Agent("openai:gpt-4o")


class Article(BaseModel):
    url: str = Field(max_length=2048)
    title: str
    body: Optional[Annotated[str, Truncated(4_000)]] = None
    comments: Annotated[list[str], TruncatedItems(50)] = Field(default_factory=list)


@agent.tool_plain
def fetch_article(url: str) -> Article:
    """Fetch and summarise an article."""
    text = requests.get(url).text
    return Article(url=url, title=text.split("\n", 1)[0], body=text)
