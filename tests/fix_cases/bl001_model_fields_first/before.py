"""A tool returning a model: bounding the model's fields makes the return bounded."""

from typing import Optional

import requests
from pydantic import BaseModel, Field
from pydantic_ai import Agent

agent = Agent("openai:gpt-4o")


class Article(BaseModel):
    url: str = Field(max_length=2048)
    title: str
    body: Optional[str] = None
    comments: list[str] = Field(default_factory=list)


@agent.tool_plain
def fetch_article(url: str) -> Article:
    """Fetch and summarise an article."""
    text = requests.get(url).text
    return Article(url=url, title=text.split("\n", 1)[0], body=text)
