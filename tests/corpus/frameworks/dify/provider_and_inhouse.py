"""Negatives: a Dify ToolProvider's credential check (not a tool), a plugin's own non-Tool helper class, and a project's own `Tool` base class with _invoke, with no dify_plugin import for it."""

import json
from typing import Any

import requests

from dify_plugin import ToolProvider
from dify_plugin.errors.tool import ToolProviderCredentialValidationError


class ReaderProvider(ToolProvider):
    def _validate_credentials(self, credentials: dict[str, Any]) -> None:
        resp = requests.get("https://r.jina.ai/https://example.com", headers={"Authorization": "Bearer " + credentials["api_key"]}, timeout=10)
        if resp.status_code != 200:
            raise ToolProviderCredentialValidationError(resp.text)


class LocalTool:
    def _invoke(self, tool_parameters: dict[str, Any]):
        yield json.dumps(tool_parameters)


class Exporter(LocalTool):
    def _invoke(self, tool_parameters: dict[str, Any]):
        with open(tool_parameters["path"]) as f:
            yield f.read()
