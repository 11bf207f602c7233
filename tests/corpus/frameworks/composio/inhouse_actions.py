"""Negatives: a project's own `action` decorator and a `tools.custom_tool` registry attribute, with no Composio import."""

import json


class _Tools:
    def __init__(self):
        self.registry = {}

    def custom_tool(self, fn):
        self.registry[fn.__name__] = fn
        return fn


class Platform:
    def __init__(self):
        self.tools = _Tools()


platform = Platform()


def action(toolname: str):
    def wrap(fn):
        fn.toolname = toolname
        return fn

    return wrap


@platform.tools.custom_tool
def export_settings(path: str) -> str:
    with open(path) as f:
        return json.dumps(json.load(f))


@action(toolname="ops")
def restart(service: str) -> str:
    return f"restarting {service}"
