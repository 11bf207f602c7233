"""Negatives: a project's own Agent class with an as_tool() method and a tools list, with no Agents SDK import."""

import json


class Agent:
    def __init__(self, name: str, instructions: str = "", tools=None):
        self.name = name
        self.instructions = instructions
        self.tools = tools or []

    def run(self, text: str) -> str:
        return json.dumps({"agent": self.name, "input": text})

    def as_tool(self, tool_name: str, tool_description: str = ""):
        return {"name": tool_name, "description": tool_description, "fn": self.run}


summarizer = Agent(name="summarizer", instructions="Summarize.")
planner = Agent(name="planner", tools=[summarizer.as_tool(tool_name="summarize", tool_description="Summarize text")])
