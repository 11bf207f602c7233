"""Models the Griptape custom-tools docs (RandomTool / RandomNumberGenerator): @activity with the four parameter styles (keyword args, values, params, **kwargs) and small artifacts."""

import random

from schema import Literal, Optional, Schema

from griptape.artifacts import ListArtifact, TextArtifact
from griptape.structures import Agent
from griptape.tools import BaseTool
from griptape.utils.decorators import activity


class RandomTool(BaseTool):
    @activity(config={"description": "Can be used to generate a random number between 0 and 1"})
    def generate_rand_num(self) -> TextArtifact:  # expect: tool
        return TextArtifact(random.random())

    @activity(
        config={
            "description": "Can be used to generate a random number in a range",
            "schema": Schema({Literal("start"): int, Literal("stop"): int}),
        }
    )
    def generate_rand_range(self, start: int, stop: int) -> TextArtifact:  # expect: tool
        return TextArtifact(random.randrange(start, stop))

    @activity(config={"description": "Can be used to pick one item", "schema": Schema({"items": [str]})})
    def select_rand_item(self, *, values: dict) -> TextArtifact:  # expect: tool
        return TextArtifact(random.choice(values["items"]))

    @activity(
        config={
            "description": "Can be used to sample a list",
            "schema": Schema({"items": [str], Optional("k"): int}),
        }
    )
    def sample_list(self, *, params: dict) -> ListArtifact:  # expect: tool
        values = params["values"]
        picked = random.sample(values["items"], min(values.get("k", 5), 5))
        return ListArtifact([TextArtifact(item) for item in picked])

    @activity(
        config={
            "description": "Can be used to round a random number",
            "schema": Schema({Optional(Literal("decimals")): int}),
        }
    )
    def generate_with_kwargs(self, **kwargs) -> TextArtifact:  # expect: tool
        return TextArtifact(str(round(random.random(), kwargs.get("decimals") or 2)))

    def seed(self, value: int) -> None:
        random.seed(value)


agent = Agent(tools=[RandomTool()])
