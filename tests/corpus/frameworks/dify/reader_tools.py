"""Models Dify plugin tools from langgenius/dify-official-plugins (tools/jina/tools/jina_reader.py, tools/alphavantage/tools/query_stock.py, tools/wikipedia/...): `class X(Tool)` from dify_plugin whose _invoke(self, tool_parameters) generator yields self.create_text_message(...)/create_json_message(...)/create_link_message(...); what it yields is the tool's result. The label is on _invoke (BL001 when any yield is unbounded)."""

from collections.abc import Generator
from typing import Any

import requests

from dify_plugin import Tool
from dify_plugin.entities.tool import ToolInvokeMessage


class JinaReaderTool(Tool):
    _endpoint = "https://r.jina.ai/"

    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool BL001
        headers = {"Authorization": "Bearer " + self.runtime.credentials["api_key"]}
        response = requests.get(self._endpoint + tool_parameters["url"], headers=headers, timeout=(10, 60))
        yield self.create_text_message(response.text)


class QueryStockTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool BL001
        code = tool_parameters.get("code", "")
        if not code:
            yield self.create_text_message("Please tell me your stock code")
            return
        params = {"function": "TIME_SERIES_DAILY", "symbol": code, "apikey": self.runtime.credentials["api_key"]}
        response = requests.get("https://www.alphavantage.co/query", params=params, timeout=10)
        yield self.create_json_message(self._daily(response.json()))

    def _daily(self, data: dict[str, Any]) -> dict[str, Any]:
        return {day: {"close": v.get("4. close")} for day, v in data.get("Time Series (Daily)", {}).items()}


class SummarizedPageTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool
        text = requests.get(tool_parameters["url"], timeout=30).text
        yield self.create_text_message(text[:4000])


class ShortLinkTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool
        resp = requests.post("https://short.example.com/api", json={"url": tool_parameters["url"]}, timeout=10)
        resp.raise_for_status()
        yield self.create_link_message(f"https://sho.rt/{resp.json()['code']}")
        yield self.create_text_message("Link created")


class StockPriceTool(Tool):
    def _invoke(self, tool_parameters: dict[str, Any]) -> Generator[ToolInvokeMessage, None, None]:  # expect: tool
        quote = requests.get("https://api.example-quotes.com/last", params={"s": tool_parameters["symbol"]}, timeout=10).json()
        price = float(quote["price"])
        yield self.create_json_message({"symbol": tool_parameters["symbol"], "price": price})
        yield self.create_variable_message("price", price)
