"""Models a Letta tool executor (letta/services/tool_executor/*_tool_executor.py): execute() builds a {"tool_name": self.method} map and dispatches with function_map[name](...); the methods in the map are the tools the model calls."""

import json
from typing import Any, Optional

from letta.schemas.tool_execution_result import ToolExecutionResult
from letta.services.tool_executor.tool_executor_base import ToolExecutor


class ResearchToolExecutor(ToolExecutor):
    async def execute(self, function_name: str, function_args: dict, tool: Any, actor: Any, agent_state: Optional[Any] = None, **kwargs) -> ToolExecutionResult:
        function_map = {
            "web_search": self.web_search,
            "fetch_webpage": self.fetch_webpage,
            "open_files": self.open_files,
            "grep_files": self.grep_files,
            "send_message": self.send_message,
            "archival_memory_insert": self.archival_memory_insert,
        }
        if function_name not in function_map:
            raise ValueError(f"Unknown function: {function_name}")
        result = await function_map[function_name](agent_state, **function_args)
        return ToolExecutionResult(status="success", func_return=result)

    async def web_search(self, agent_state: Any, query: str, num_results: int = 10) -> str:  # expect: tool BL001
        response = await self._exa().search_and_contents(query, num_results=num_results, text=True)
        return json.dumps({"query": query, "results": [r.__dict__ for r in response.results]}, indent=2)

    async def fetch_webpage(self, agent_state: Any, url: str) -> str:  # expect: tool BL001
        import html2text
        import httpx

        async with httpx.AsyncClient() as client:
            page = await client.get(url, follow_redirects=True)
        return html2text.html2text(page.text)

    async def open_files(self, agent_state: Any, file_names: list[str]) -> str:  # expect: tool
        opened = [name for name in file_names[:5] if name in agent_state.file_names]
        return f"Opened {len(opened)} files"

    async def grep_files(self, agent_state: Any, pattern: str) -> str:  # expect: tool BL001
        import re

        hits = [f"{f.name}: {line}" for f in agent_state.files for line in f.text.splitlines() if re.search(pattern, line)]
        return "\n".join(hits)

    async def send_message(self, agent_state: Any, message: str) -> Optional[str]:  # expect: tool
        return "Sent message successfully."

    async def archival_memory_insert(self, agent_state: Any, content: str) -> Optional[str]:  # expect: tool
        await self.passage_manager.insert_passage(agent_state=agent_state, text=content)
        return None

    def _exa(self):
        from exa_py import AsyncExa

        return AsyncExa()
