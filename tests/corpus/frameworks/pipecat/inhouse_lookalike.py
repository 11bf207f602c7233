"""A project's own registry with a `register_function` method: not Pipecat's, nothing here is a tool."""

import requests


class Registry:
    def __init__(self):
        self.functions = {}

    def register_function(self, name, handler):
        self.functions[name] = handler


def download(url: str) -> str:
    return requests.get(url, timeout=10).text


registry = Registry()
registry.register_function("download", download)
