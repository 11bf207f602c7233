from typing import Annotated, Optional

from agents import function_tool
from pydantic import BaseModel, Field

DEFAULT_BODY = ""


class Post(BaseModel):
    abstract: str = Field(max_length=4_000)
    body: str = Field(default=DEFAULT_BODY, max_length=4_000)
    summary: Optional[str] = Field(default=None, max_length=4_000)
    subject: Annotated[str, Field(description="As the customer wrote it", max_length=4_000)]
    tags: list[str] = Field(default_factory=list, max_length=50)


@function_tool
def get_post(post_id: int) -> Post:
    """Fetch a post."""
    return Post(abstract="t", subject="s")
