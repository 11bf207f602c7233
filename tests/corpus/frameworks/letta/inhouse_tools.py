"""Negatives: a project's own tool registry, with a BaseTool class and run()/add() names like Letta's, and no Letta import."""

import json
import urllib.request


class BaseTool:
    name: str = ""

    def run(self, **kwargs):
        raise NotImplementedError


class FetchTool(BaseTool):
    name = "fetch"

    def run(self, url: str) -> str:
        return urllib.request.urlopen(url).read().decode()


class Registry:
    def __init__(self):
        self.items = {}

    def add(self, tool: BaseTool) -> None:
        self.items[tool.name] = tool

    def upsert_from_function(self, func) -> None:
        self.items[func.__name__] = func


def dump_state(state: dict) -> str:
    return json.dumps(state)


registry = Registry()
registry.add(tool=FetchTool())
registry.upsert_from_function(func=dump_state)
