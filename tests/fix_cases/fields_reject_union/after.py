import requests
from agents import function_tool
from boundlint_runtime import truncate_for_llm
from pydantic import BaseModel


class Reading(BaseModel):
    value: str | int = 0


@function_tool
def reading(sensor: str) -> Reading:
    """A sensor reading."""
    return truncate_for_llm(Reading(value=requests.get(sensor).text), max_chars=16_000)
