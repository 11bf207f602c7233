"""Models Dify search and file plugins (tools/tavily, tools/arxiv, tools/wikipedia, file readers in dify-official-plugins): _invoke generators yielding search results as JSON or text, blobs, and an error string; helper methods on the class are not tools."""

import json
from collections.abc import Generator
from typing import Any

import requests

from dify_plugin import Tool
from dify_plugin.entities.tool import ToolInvokeMessage


class TavilySearchTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool
        payload = {"api_key": self.runtime.credentials["tavily_api_key"], "query": tool_parameters["query"], "max_results": 5}
        results = requests.post("https://api.tavily.com/search", json=payload, timeout=30).json()
        yield self.create_json_message(results)
        yield self.create_text_message(self._to_text(results))

    def _to_text(self, results: dict) -> str:
        return "\n\n".join(f"{r['title']}\n{r['content']}" for r in results.get("results", []))


class ArxivSearchTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool BL001
        import arxiv

        papers = arxiv.Client().results(arxiv.Search(query=tool_parameters["query"], max_results=3))
        yield self.create_text_message("\n\n".join(f"{p.title}\n{p.summary}" for p in papers))


class FileReaderTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool BL001
        file = tool_parameters["file"]
        content = requests.get(file.url, timeout=30).content
        yield self.create_blob_message(content, meta={"mime_type": file.mime_type})
        yield self.create_text_message(content.decode("utf-8", errors="ignore"))


class RecordLookupTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool BL001
        rows = self._query(tool_parameters["sql"])
        yield self.create_text_message(json.dumps(rows, ensure_ascii=False))

    def _query(self, sql: str) -> list:
        import sqlite3

        return sqlite3.connect(self.runtime.credentials["db_path"]).execute(sql).fetchall()


class CountRowsTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool
        import sqlite3

        try:
            (n,) = sqlite3.connect(self.runtime.credentials["db_path"]).execute(f"select count(*) from {tool_parameters['table']}").fetchone()
        except sqlite3.Error as exc:
            yield self.create_text_message(f"Query failed: {exc}")
            return
        yield self.create_text_message(f"{int(n)} rows")


class SendMailTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool
        requests.post("https://mail.example.com/send", json={"to": tool_parameters["to"], "body": tool_parameters["body"]}, timeout=10).raise_for_status()
        yield self.create_text_message(f"Mail sent to {tool_parameters['to']}")
