"""Models Griptape activity inheritance (a base tool's activity overridden in subclasses, as in third-party character-sheet tools) and activities created at run time (MCPTool / GriptapeCloudToolTool: nested @activity handler bound with setattr + MethodType)."""

from __future__ import annotations

import json
from types import MethodType

import requests
from attrs import define, field
from schema import Literal, Schema

from griptape.artifacts import TextArtifact
from griptape.tools import BaseTool
from griptape.utils.decorators import activity


@define
class BaseSheetTool(BaseTool):
    sheet: dict = field(factory=dict, kw_only=True)
    output_text: str = field(default="The character sheet has been updated.", kw_only=True)

    @activity(config={"description": "Update the sheet", "schema": Schema({Literal("field"): str, Literal("value"): str})})
    def update_sheet(self, params: dict) -> TextArtifact:  # expect: tool
        self.sheet[params["values"]["field"]] = params["values"]["value"]
        return TextArtifact(self.output_text)


@define
class InspectSheetTool(BaseSheetTool):
    @activity(config={"description": "Show the whole character sheet"})
    def update_sheet(self, params: dict) -> TextArtifact:  # expect: tool BL001
        return TextArtifact(json.dumps(self.sheet))

    @activity(config={"description": "Summarise the sheet notes", "schema": Schema({Literal("limit"): int})})
    def notes_summary(self, limit: int) -> TextArtifact:  # expect: tool
        notes = "\n".join(self.sheet.get("notes", []))
        if len(notes) > 2000:
            notes = notes[:2000] + "\n... [truncated]"
        return TextArtifact(notes)


@define
class HostedTool(BaseTool):
    base_url: str = field(kw_only=True)
    tool_id: str = field(kw_only=True)

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        spec = requests.get(f"{self.base_url}/api/tools/{self.tool_id}/openapi", timeout=30).json()
        for path in spec.get("paths", {}).values():
            op = path["post"]
            handler = self._create_activity_handler(op["operationId"], op.get("summary", ""))
            setattr(self, op["operationId"], MethodType(handler, self))

    def _create_activity_handler(self, name: str, description: str):
        @activity(config={"name": name, "description": description, "schema": Schema({str: object})})
        def activity_handler(self, values: dict) -> TextArtifact:  # expect: tool BL001
            url = f"{self.base_url}/api/tools/{self.tool_id}/activities/{name}"
            return TextArtifact(requests.post(url, json=values, timeout=60).text)

        return activity_handler
