"""Negative: a project's own BaseToolkit and FunctionTool classes (no camel import), as in agent kits that copied CAMEL's names; nothing here is a CAMEL tool."""

from typing import Callable, List

import requests


class FunctionTool:
    def __init__(self, func: Callable):
        self.func = func

    def __call__(self, *args, **kwargs):
        return self.func(*args, **kwargs)


class BaseToolkit:
    def get_tools(self) -> List[FunctionTool]:
        raise NotImplementedError


class MetricsToolkit(BaseToolkit):
    def __init__(self, url: str):
        self.url = url

    def dump_metrics(self) -> str:
        return requests.get(f"{self.url}/metrics", timeout=10).text

    def get_tools(self) -> List[FunctionTool]:
        return [FunctionTool(self.dump_metrics)]


def fetch_logs(service: str) -> str:
    return requests.get(f"https://logs.internal/{service}", timeout=10).text


log_tool = FunctionTool(fetch_logs)
