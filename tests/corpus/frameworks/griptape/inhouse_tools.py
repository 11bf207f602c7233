"""Negative: a project's own BaseTool class and activity decorator (no griptape import), as in in-house agent kits that borrowed Griptape's names."""

import functools

import requests


def activity(config: dict):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(self, **kwargs):
            return func(self, **kwargs)

        wrapper.config = config
        return wrapper

    return decorator


class BaseTool:
    def run(self, name: str, **kwargs):
        return getattr(self, name)(**kwargs)


class StatusPageTool(BaseTool):
    @activity(config={"description": "Fetch the status page"})
    def fetch(self, url: str) -> str:
        return requests.get(url, timeout=10).text

    def uptime(self) -> float:
        return 99.9
