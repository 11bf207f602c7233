from typing import Annotated, Optional

from agents import function_tool
from pydantic import BaseModel, Field

DEFAULT_BODY = ""


class Post(BaseModel):
    abstract: str
    body: str = DEFAULT_BODY
    summary: Optional[str] = None
    subject: Annotated[str, Field(description="As the customer wrote it")]
    tags: list[str] = Field(default_factory=list)


@function_tool
def get_post(post_id: int) -> Post:
    """Fetch a post."""
    return Post(abstract="t", subject="s")
