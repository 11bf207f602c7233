import json
import re
from typing import Annotated

from boundlint_runtime.pydantic import Truncated
from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel

from .db import load

mcp = FastMCP("x")


class Story(BaseModel):
    headline: Annotated[str, Truncated(4_000)]
    body: Annotated[str, Truncated(4_000)] = ""


@mcp.tool()
def story(story_id: str) -> Story:
    return Story.model_validate(json.loads(load(story_id)))
