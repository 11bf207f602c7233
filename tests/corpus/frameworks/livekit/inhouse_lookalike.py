"""A project's own `function_tool` and `Agent`, named like LiveKit's but not LiveKit's: nothing here
is a tool."""

import requests


def function_tool(fn):
    fn.is_tool = True
    return fn


class Agent:
    def __init__(self, tools=None):
        self.tools = tools or []


@function_tool
def fetch_status(url: str) -> str:
    return requests.get(url, timeout=10).text


def fetch_report(url: str) -> str:
    return requests.get(url, timeout=10).text


reporter = Agent(tools=[fetch_report])
