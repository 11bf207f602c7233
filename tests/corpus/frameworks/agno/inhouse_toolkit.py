"""Negative: a project's own Toolkit base class and tool decorator with no agno import (in-house agent kits that borrowed Agno's names); none of these functions is an Agno tool."""

import functools
import json

import requests


def tool(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    wrapper.is_tool = True
    return wrapper


class Toolkit:
    def __init__(self, name: str, tools: list):
        self.name = name
        self.tools = {t.__name__: t for t in tools}

    def register(self, fn) -> None:
        self.tools[fn.__name__] = fn


class StatusTools(Toolkit):
    def __init__(self, base_url: str):
        self.base_url = base_url
        super().__init__(name="status", tools=[self.fetch_status_page])
        self.register(self.incidents)

    def fetch_status_page(self) -> str:
        return requests.get(f"{self.base_url}/status", timeout=10).text

    def incidents(self) -> str:
        return json.dumps(requests.get(f"{self.base_url}/incidents", timeout=10).json())


@tool
def download_report(url: str) -> str:
    return requests.get(url, timeout=30).text
