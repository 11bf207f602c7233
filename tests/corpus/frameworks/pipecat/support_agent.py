"""Models Pipecat's feature examples (examples/features): handlers that are methods of a processor or
a bot class, registered on the LLM service from `__init__` or given as direct functions."""

import datetime
import sqlite3
import subprocess

from pipecat.services.llm_service import FunctionCallParams
from pipecat.services.openai.llm import OpenAILLMService


class SupportBot:
    def __init__(self, llm: OpenAILLMService, db_path: str):
        self._db = sqlite3.connect(db_path)
        self._voice = "News Lady"
        llm.register_function("switch_voice", self.switch_voice)
        llm.register_function("get_transcript", self.get_transcript)
        llm.register_direct_function(self.current_time)

    async def switch_voice(self, params: FunctionCallParams):  # expect: tool
        self._voice = params.arguments["voice"]
        await params.result_callback({"voice": f"You are now using the {self._voice} voice."})

    async def get_transcript(self, params: FunctionCallParams):  # expect: tool BL001
        rows = self._db.execute("SELECT speaker, text FROM turns WHERE call_id = ?", (params.arguments["call_id"],))
        await params.result_callback([{"speaker": s, "text": t} for s, t in rows.fetchall()])

    async def current_time(self, params: FunctionCallParams):  # expect: tool
        """The current time."""
        await params.result_callback({"time": datetime.datetime.now().isoformat()})


async def run_diagnostics(params: FunctionCallParams):  # expect: tool BL001
    completed = subprocess.run(["journalctl", "-n", "5000"], capture_output=True, text=True, check=False)
    await params.result_callback(completed.stdout)


async def hang_up(params: FunctionCallParams):  # expect: tool
    await params.result_callback(None)


def register_ops_tools(llm: OpenAILLMService) -> None:
    llm.register_function("run_diagnostics", run_diagnostics)
    llm.register_function("hang_up", hang_up)
