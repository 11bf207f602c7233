import json
import re

from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel

from .db import load

mcp = FastMCP("x")


class Story(BaseModel):
    headline: str
    body: str = ""


@mcp.tool()
def story(story_id: str) -> Story:
    return Story.model_validate(json.loads(load(story_id)))
