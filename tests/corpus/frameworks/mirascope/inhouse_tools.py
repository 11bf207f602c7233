"""Negatives: a project's own BaseTool with call() and its own `tool` decorator, with no Mirascope import."""

import json
import urllib.request

from pydantic import BaseModel


def tool(fn):
    fn.is_tool = True
    return fn


class BaseTool(BaseModel):
    def call(self):
        raise NotImplementedError


class FetchJson(BaseTool):
    url: str

    def call(self) -> str:
        return json.dumps(json.load(urllib.request.urlopen(self.url)))


@tool
def read_log(path: str) -> str:
    with open(path) as f:
        return f.read()
