"""Negatives: a project's own ToolMessage/ChatAgent classes, with a `request` field, handle() and a handler named like the request, and no Langroid import."""

import json

from pydantic import BaseModel


class ToolMessage(BaseModel):
    request: str


class ExportTool(ToolMessage):
    request: str = "export_rows"
    table: str

    def handle(self) -> str:
        return json.dumps({"table": self.table, "rows": []})


class ChatAgent:
    def export_rows(self, msg: ExportTool) -> str:
        return msg.handle()
