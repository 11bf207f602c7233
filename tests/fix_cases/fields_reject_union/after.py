import requests
from agents import function_tool
from pydantic import BaseModel


class Reading(BaseModel):
    value: str | int = 0


@function_tool
def reading(sensor: str) -> Reading:
    """A sensor reading."""
    return Reading(value=requests.get(sensor).text)
