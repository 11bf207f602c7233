"""Negatives: a project's own Agent dataclass with a functions=[...] list, like Swarm's, and no Swarm import."""

import json
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class Agent:
    name: str
    functions: list[Callable] = field(default_factory=list)


def dump_config(path: str) -> str:
    with open(path) as f:
        return json.dumps(json.load(f))


def ping() -> str:
    return "pong"


ops = Agent(name="ops", functions=[dump_config, ping])
ops.functions.append(ping)
