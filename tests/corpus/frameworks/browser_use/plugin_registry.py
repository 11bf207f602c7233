"""Negative: a project's own Registry/Controller with an `.action` decorator (no browser_use import), like home-made tool registries in browser-automation projects."""

import requests


class Registry:
    def __init__(self) -> None:
        self.actions: dict = {}

    def action(self, description: str, **kwargs):
        def decorator(func):
            self.actions[func.__name__] = (description, func)
            return func

        return decorator


class Controller:
    def __init__(self) -> None:
        self.registry = Registry()

        @self.registry.action("Download a page")
        def download(url: str) -> str:
            return requests.get(url, timeout=10).text


registry = Registry()


@registry.action("Fetch a JSON API")
def fetch_json(url: str) -> dict:
    return requests.get(url, timeout=10).json()
