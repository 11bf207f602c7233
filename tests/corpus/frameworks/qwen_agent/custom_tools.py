"""Models Qwen-Agent tools as its README, examples and third-party assistants write them: a class
registered with @register_tool whose call(params, **kwargs) runs the tool, params being the
model's JSON arguments (json5.loads(params)), and an Assistant given the tools by name."""

import json
import sqlite3
import subprocess
import urllib.parse

import json5
import requests

from qwen_agent.agents import Assistant
from qwen_agent.tools.base import BaseTool, BaseToolWithFileAccess, register_tool


@register_tool("my_image_gen")
class MyImageGen(BaseTool):
    description = "AI painting service: returns the URL of an image drawn from a description."
    parameters = [{"name": "prompt", "type": "string", "description": "What to draw", "required": True}]

    def call(self, params: str, **kwargs) -> str:  # expect: tool
        prompt = urllib.parse.quote(json5.loads(params)["prompt"])
        return json.dumps({"image_url": f"https://image.example/prompt/{prompt}"}, ensure_ascii=False)


@register_tool("web_fetch")
class WebFetch(BaseTool):
    description = "Fetch a web page."
    parameters = [{"name": "url", "type": "string", "required": True}]

    def call(self, params: str, **kwargs) -> str:  # expect: tool BL001
        url = json5.loads(params)["url"]
        return requests.get(url, timeout=20).text


@register_tool("read_local_file")
class ReadLocalFile(BaseToolWithFileAccess):
    description = "Read a file the user uploaded."
    parameters = [{"name": "path", "type": "string", "required": True}]

    def call(self, params: str, **kwargs) -> str:  # expect: tool BL001
        path = json5.loads(params)["path"]
        with open(path, encoding="utf-8") as f:
            return f.read()


@register_tool("run_shell")
class RunShell(BaseTool):
    description = "Run a shell command in the sandbox."
    parameters = [{"name": "command", "type": "string", "required": True}]

    def call(self, params: str, **kwargs) -> str:  # expect: tool BL001
        command = json5.loads(params)["command"]
        return subprocess.run(command, shell=True, capture_output=True, text=True).stdout


@register_tool("query_orders")
class QueryOrders(BaseTool):
    description = "Run a read-only SQL query on the orders database."
    parameters = [{"name": "sql", "type": "string", "required": True}]

    def call(self, params: str, **kwargs) -> str:  # expect: tool BL001
        sql = json5.loads(params)["sql"]
        rows = sqlite3.connect("orders.db").execute(sql).fetchall()
        return "\n".join(str(row) for row in rows)


@register_tool("count_words")
class CountWords(BaseTool):
    description = "Count the words of a text."
    parameters = [{"name": "text", "type": "string", "required": True}]

    def call(self, params: str, **kwargs) -> int:  # expect: tool
        return len(json5.loads(params)["text"].split())


@register_tool("translate_cached")
class Echo(BaseTool):
    description = "Say back what the model wrote, for a test of the tool loop."
    parameters = [{"name": "text", "type": "string", "required": True}]

    def call(self, params: str, **kwargs) -> str:  # expect: tool
        return json5.loads(params)["text"]


@register_tool("service_status")
class ServiceStatus(BaseTool):
    description = "Whether the order service is up."
    parameters = []

    def call(self, params: str, **kwargs) -> str:  # expect: tool
        code = requests.get("https://orders.example/health", timeout=5).status_code
        return "up" if code == 200 else f"down ({code})"


@register_tool("search_docs")
class SearchDocs(BaseTool):
    description = "Search the product documentation."
    parameters = [{"name": "query", "type": "string", "required": True}]

    def call(self, params: str, **kwargs) -> str:  # expect: tool BL001
        query = json5.loads(params)["query"]
        hits = requests.get("https://docs.example/api/search", params={"q": query}, timeout=10).json()
        return "\n\n".join(hit["body"] for hit in hits["results"])


@register_tool("doc_titles")
class DocTitles(BaseTool):
    description = "Titles of the first five documents that match."
    parameters = [{"name": "query", "type": "string", "required": True}]

    def call(self, params: str, **kwargs) -> str:  # expect: tool
        query = json5.loads(params)["query"]
        hits = requests.get("https://docs.example/api/search", params={"q": query, "limit": 5}, timeout=10).json()
        return "\n".join(hit["title"] for hit in hits["results"][:5])


class ResultFormatter:
    """Not a tool: a helper of the assistant's own code."""

    def call(self, params: str) -> str:
        return requests.get(params, timeout=10).text


bot = Assistant(llm={"model": "qwen-max"}, function_list=["my_image_gen", "web_fetch", "code_interpreter"])
