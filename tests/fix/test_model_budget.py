"""A budget the project's own model holds: with only local models and no `max-chars`, `fix` writes
one character per token of their smallest context, and says so."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from boundlint.project.model_context import fitting_budget
from tests.fix.cases import fix

TOOL = textwrap.dedent('''\
    import requests
    from langchain_core.tools import tool


    @tool
    def page(url: str) -> str:
        """A page."""
        return requests.get(url).text
    ''')


def _project(tmp_path: Path, files: dict[str, str]) -> list[Path]:
    for name, text in {"tools.py": TOOL, **files}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("boundlint-runtime\n", encoding="utf-8")
    return sorted(tmp_path.rglob("*.py"))


def _budget(tmp_path: Path, files: dict[str, str], configured: int = 16_000) -> int | None:
    fitted = fitting_budget(_project(tmp_path, files), {}, configured)
    return None if fitted is None else fitted.chars


OLLAMA_CHAT = """\
    from langchain_ollama import ChatOllama
    llm = ChatOllama(model="qwen3:14b"{extra})
"""


@pytest.mark.parametrize(
    ("files", "budget"),
    [
        ({"agent.py": OLLAMA_CHAT.format(extra="")}, 4_000),  # Ollama's default context
        ({"agent.py": OLLAMA_CHAT.format(extra=", num_ctx=8192")}, 8_000),
        ({"agent.py": OLLAMA_CHAT.format(extra=", num_ctx=65536")}, None),  # holds the default budget
        ({"agent.py": OLLAMA_CHAT.format(extra=", num_ctx=int(os.environ['CTX'])")}, None),  # unknown
        ({"agent.py": "import ollama\nollama.chat(model='llama3', messages=[], options={'num_ctx': 2048})\n"}, 2_000),
        ({"agent.py": "from llama_cpp import Llama\nllm = Llama(model_path='m.gguf')\n"}, 2_000),  # 512 tokens
        ({"agent.py": "from crewai import LLM\nllm = LLM(model='ollama/llama3.1')\n"}, 4_000),
        (
            {"agent.py": "from openai import OpenAI\nc = OpenAI(base_url='http://localhost:11434/v1', api_key='x')\n"},
            4_000,
        ),
        ({"agent.py": "from openai import OpenAI\nc = OpenAI(base_url='http://localhost:8080/v1')\n"}, None),
        # A hosted model beside the local one: a provider switch, whose model is unknown.
        (
            {"agent.py": OLLAMA_CHAT.format(extra="") + "from langchain_openai import ChatOpenAI\nb = ChatOpenAI()\n"},
            None,
        ),
        ({"a.py": OLLAMA_CHAT.format(extra=""), "b.py": "from crewai import LLM\nllm = LLM(model='gpt-4o')\n"}, None),
        ({"a.py": OLLAMA_CHAT.format(extra=""), "b.py": "from crewai import LLM\nllm = LLM(os.environ['M'])\n"}, None),
        # An MCP server's tools answer the model of whatever client connects.
        (
            {
                "a.py": OLLAMA_CHAT.format(extra=""),
                "b.py": "from mcp.server.fastmcp import FastMCP\nm = FastMCP('x')\n",
            },
            None,
        ),
        # Only made models count: not a test's fake, not a comment, not a model of no known kind.
        ({"agent.py": OLLAMA_CHAT.format(extra=""), "tests/test_a.py": "from openai import OpenAI\nOpenAI()\n"}, 4_000),
        ({"agent.py": "# from langchain_ollama import ChatOllama\n# llm = ChatOllama(model='x')\n"}, None),
        ({"agent.py": "from mylib import ChatOllama\nllm = ChatOllama(model='x')\n"}, None),
    ],
)
def test_the_budget_of_the_projects_models(tmp_path, files, budget):
    assert _budget(tmp_path, files) == budget


def test_a_smaller_configured_budget_is_kept(tmp_path):
    assert _budget(tmp_path, {"agent.py": OLLAMA_CHAT.format(extra="")}, configured=3_000) is None


def test_fix_writes_the_models_budget_and_says_why(tmp_path):
    _project(tmp_path, {"models/ollama.py": OLLAMA_CHAT.format(extra="")})
    run = fix(tmp_path)
    fixed = (tmp_path / "tools.py").read_text(encoding="utf-8")
    assert "truncate_text(requests.get(url).text, max_chars=4_000)" in fixed
    assert "the budget is 4,000 characters, not 16,000: the project runs ChatOllama (models/ollama.py:2)" in run.err


def test_a_configured_budget_wins(tmp_path):
    _project(tmp_path, {"agent.py": OLLAMA_CHAT.format(extra="")})
    (tmp_path / "pyproject.toml").write_text("[tool.boundlint]\nmax-chars = 16000\n", encoding="utf-8")
    run = fix(tmp_path)
    assert "max_chars=16_000)" in (tmp_path / "tools.py").read_text(encoding="utf-8")
    assert "the budget is" not in run.err


def test_planned_fixes_carry_it_and_a_plain_check_reads_nothing_for_it(tmp_path):
    """The JSON formats plan each finding's fix with the fitted budget; a check that plans none
    (the text output) does not scan the project for models."""
    from boundlint.engine.roots import Request
    from tests.fix.cases import check_tree

    _project(tmp_path, {"agent.py": OLLAMA_CHAT.format(extra="")})
    planned = check_tree(tmp_path, Request(fixes=True))
    fixes = [repr(finding.fix) for finding in planned.findings if finding.fix]
    assert fixes and all("4_000" in text and "16_000" not in text for text in fixes), fixes
    assert check_tree(tmp_path).budget_note is None
    # an editor's first pass, whose fixes come later, reads nothing for it either
    assert check_tree(tmp_path, Request(fixes=True, fixes_later=True)).budget_note is None


def test_what_a_file_says_is_read_again_when_it_changes(tmp_path):
    """An editor asks after every change: a file's answer is kept by its stat, and a changed
    file (or the text an editor holds for it) is read again."""
    paths = _project(tmp_path, {"agent.py": OLLAMA_CHAT.format(extra="")})
    assert fitting_budget(paths, {}, 16_000) is not None
    hosted = OLLAMA_CHAT.format(extra="") + "from langchain_openai import ChatOpenAI\nb = ChatOpenAI()\n"
    agent = tmp_path / "agent.py"
    assert fitting_budget(paths, {agent: textwrap.dedent(hosted)}, 16_000) is None
    agent.write_text(textwrap.dedent(hosted) + "\n", encoding="utf-8")
    assert fitting_budget(paths, {}, 16_000) is None
