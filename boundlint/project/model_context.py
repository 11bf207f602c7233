"""The budget a project's own model can hold: `boundlint fix` writes it when `max-chars` is not set.

A project whose code makes only local models (`ChatOllama(...)`, `llama_cpp.Llama(...)`,
`LLM(model="ollama/llama3")`) and no hosted one gets a budget of one character per token of the
smallest context those models are given: a quarter of the context at about four characters a
token, so a tool's output leaves room for the prompt, the other tools and the answer. A hosted
model anywhere in the code (a provider switch), a context set from the environment, a model
named only at run time, an MCP server (its tools answer whatever client connects): the
configured budget stays, since the model that reads the tools' output is unknown.

The code is read, never run: files that mention no model are not parsed (`_MODEL_WORDS`),
and tests are left out (they make models to fake them).
"""

from __future__ import annotations

import ast
import functools
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from boundlint.discover.files import display_name, is_test_path
from boundlint.discover.module_names import imported_names
from boundlint.knowledge import models as known
from boundlint.parse.source import python_ast

MIN_BUDGET = 2_000  # below this a tool's answer is of little use, whatever the context
_BUDGET_STEP = 1_000  # budgets are written round: 4_096 tokens -> 4_000 characters
# Words (lower case) of a file that may make a model: the others are not parsed.
_LOCAL_WORDS = (b"ollama", b"llama_cpp", b"llamacpp", b":11434")
_MODEL_WORDS = (*_LOCAL_WORDS, b"model", b"llm", b"openai", b"anthropic", b"genai", b"vertexai", b"groq", b"mcp")


@dataclass(frozen=True)
class Model:
    name: str  # as the code spells what makes it: `ChatOllama`, `LLM(model="ollama/llama3")`
    place: str  # file:line
    context: int | None  # tokens; None: hosted, or not known


@dataclass(frozen=True)
class FittedBudget:
    chars: int
    model: Model

    def note(self, configured: int) -> str:
        return (
            f"the budget is {self.chars:,} characters, not {configured:,}: the project runs {self.model.name} "
            f"({self.model.place}) with a {self.model.context:,}-token context; set `max-chars` to choose another"
        )


def fitting_budget(paths: Iterable[Path], texts: Mapping[Path, str], configured: int) -> FittedBudget | None:
    """The budget the project's local models hold (see the module's documentation), when it is below
    `configured`; None when the project makes a hosted model, or none that boundlint knows. What
    each file says is remembered by its stat (an editor asks again after every change)."""
    files = [_facts_of(path, texts) for path in paths if not _is_test(path)]
    # The files that name a local runtime first: most projects have none, and are done here.
    local = [model for facts in files if facts.local for model in facts.models(texts)]
    if not local or any(model.context is None for model in local):
        return None
    for facts in files:
        if facts.mentions and not facts.local and any(model.context is None for model in facts.models(texts)):
            return None  # a hosted model, or one of unknown context: the first one settles it
    smallest = min(local, key=lambda model: model.context or 0)
    chars = max(MIN_BUDGET, (smallest.context or 0) // _BUDGET_STEP * _BUDGET_STEP)
    return FittedBudget(chars, smallest) if chars < configured else None


@dataclass
class _FileFacts:
    path: Path
    local: bool  # names a local runtime
    mentions: bool  # names some model
    made: list[Model] | None = None  # parsed when first asked

    def models(self, texts: Mapping[Path, str]) -> list[Model]:
        if self.made is None:
            self.made = _models_made(self.path, _read(self.path, texts))
        return self.made


_MAX_FACTS = 50_000
_FACTS: dict[tuple[object, ...], _FileFacts] = {}
_is_test = functools.lru_cache(maxsize=_MAX_FACTS)(is_test_path)


def _facts_of(path: Path, texts: Mapping[Path, str]) -> _FileFacts:
    key = _stamp(path, texts)
    facts = _FACTS.get(key)
    if facts is None:
        lowered = _read(path, texts).lower()
        local = any(word in lowered for word in _LOCAL_WORDS)
        facts = _FileFacts(path, local, local or any(word in lowered for word in _MODEL_WORDS))
        if len(_FACTS) >= _MAX_FACTS:
            _FACTS.clear()  # a long-lived process that has seen many versions starts again
        _FACTS[key] = facts
    return facts


def _stamp(path: Path, texts: Mapping[Path, str]) -> tuple[object, ...]:
    if path in texts:
        return (str(path), hash(texts[path]))
    try:
        stat = os.stat(path)
    except OSError:
        return (str(path),)
    return (str(path), stat.st_mtime_ns, stat.st_size)


def _read(path: Path, texts: Mapping[Path, str]) -> bytes:
    try:
        return texts[path].encode("utf-8", "surrogatepass") if path in texts else path.read_bytes()
    except OSError:
        return b""


def _models_made(path: Path, source: bytes) -> list[Model]:
    try:
        tree = python_ast(source.decode("utf-8"))
    except (SyntaxError, ValueError, RecursionError, MemoryError, UnicodeDecodeError):
        return []
    names = imported_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            model = _model(node, names, f"{display_name(path)}:{node.lineno}")
            if model is not None:
                found.append(model)
    return found


def _qualified(node: ast.expr, names: Mapping[str, str]) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in names:
        return None
    return ".".join([names[node.id], *reversed(parts)])


def _model(call: ast.Call, names: Mapping[str, str], place: str) -> Model | None:
    qualified = _qualified(call.func, names) or ""
    if qualified in known.MCP_SERVERS:
        return Model("an MCP server, for its clients' models", place, None)
    runtime = known.LOCAL_MODELS.get(qualified)
    if runtime is not None:
        return Model(qualified.rpartition(".")[2], place, _context(call, runtime))
    named = _named_model(call, qualified, place)
    if named is not None:
        return named
    if _is_hosted_class(qualified):
        return _pointed_at(call, qualified.rpartition(".")[2], place)
    return None


def _context(call: ast.Call, runtime: known.LocalRuntime) -> int | None:
    """The context a local model is given: a literal keyword (or `options={"num_ctx": N}`), else its
    runtime's default; None when the code sets it to what reading cannot tell (the environment):
    such a model, like a hosted one, keeps the configured budget."""
    for keyword in call.keywords:
        if keyword.arg in runtime.context_keywords:
            return _positive_int(keyword.value)
        if keyword.arg == "options" and isinstance(keyword.value, ast.Dict):
            for key, value in zip(keyword.value.keys, keyword.value.values, strict=True):
                if isinstance(key, ast.Constant) and key.value in runtime.context_keywords:
                    return _positive_int(value)
    return runtime.default_context


def _positive_int(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int and node.value > 0:
        return node.value
    return None


def _named_model(call: ast.Call, qualified: str, place: str) -> Model | None:
    """A model named by a string (`model="ollama/llama3"`, `init_chat_model("gpt-4o")`). A factory
    given a name the reading cannot place (from the environment) makes a model of unknown context."""
    first = qualified in known.MODEL_NAME_FIRST
    named = [keyword.value for keyword in call.keywords if keyword.arg in known.MODEL_NAME_KEYWORDS]
    if first and call.args:
        named.insert(0, call.args[0])
    for value in named:
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            continue
        text = value.value.strip().lower()
        if text.startswith(known.LOCAL_NAME_PREFIXES):
            return Model(repr(value.value), place, _context(call, known.OLLAMA))
        if text.startswith(known.HOSTED_NAME_PREFIXES):
            return Model(repr(value.value), place, None)
    return Model(qualified.rpartition(".")[2], place, None) if first else None


def _is_hosted_class(qualified: str) -> bool:
    if not qualified.rpartition(".")[2][:1].isupper():
        return False
    return any(qualified.startswith(package + ".") for package in known.HOSTED_MODEL_PACKAGES)


def _pointed_at(call: ast.Call, name: str, place: str) -> Model | None:
    """A hosted model's class, unless its literal `base_url` is a local server: an Ollama one
    (its port) has Ollama's default context; another local server's context is unknown (None)."""
    for keyword in call.keywords:
        if keyword.arg in known.BASE_URL_KEYWORDS and isinstance(keyword.value, ast.Constant):
            url = str(keyword.value.value).lower()
            if known.OLLAMA_PORT in url:
                return Model(f"{name} on Ollama", place, known.OLLAMA.default_context)
            if any(host in url for host in known.LOCAL_HOSTS):
                return None
    return Model(name, place, None)
