"""Negatives: a project's own `AgentTool` class of the same shape, with no Agent Squad import."""

import requests


class AgentTool:
    def __init__(self, name: str, func=None):
        self.name = name
        self.func = func


def read_page(url: str) -> str:
    return requests.get(url, timeout=10).text


page_tool = AgentTool(name="read_page", func=read_page)
