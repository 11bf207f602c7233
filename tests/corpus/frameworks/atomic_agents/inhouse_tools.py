"""Negatives: a project's own BaseTool/BaseIOSchema classes defined here (not imported from Atomic Agents) with run(params), and an Atomic Agents agent's run() (an agent call, not a tool)."""

import json

from pydantic import BaseModel

from atomic_agents import AgentConfig, AtomicAgent, BasicChatInputSchema, BasicChatOutputSchema


class BaseIOSchema(BaseModel):
    pass


class BaseTool:
    def run(self, params):
        raise NotImplementedError


class ExportInput(BaseIOSchema):
    table: str


class ExportTool(BaseTool):
    def run(self, params: ExportInput) -> str:
        return json.dumps({"table": params.table, "rows": []})


def chat(agent: AtomicAgent, text: str) -> str:
    return agent.run(BasicChatInputSchema(chat_message=text)).chat_message


assistant = AtomicAgent[BasicChatInputSchema, BasicChatOutputSchema](config=AgentConfig(client=None, model="gpt-4o-mini"))
