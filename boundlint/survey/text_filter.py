"""Deciding from a file's raw text whether it can matter, before any parse.

A file is a *root* when its text could hold a tool, a tool registration, a
server or agent handed to a function that registers tools on it, a tool-result
message the project makes itself (its own tool executor), or the
byte/slice patterns of BL005, and (stage 2, `boundlint.survey.syntax_filter`) its
syntax, parsed with `ast`, really does. Roots are parsed and searched; other
files are parsed only if resolving a root's names leads into them (a helper a
tool calls, the model a tool returns). The patterns are deliberately loose:
a false "maybe" costs a parse, a false "no" would lose a finding.

Every expression here is linear: no nested quantifiers, so no input can make
them backtrack catastrophically.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from boundlint.core.config import Config
from boundlint.knowledge import frameworks as fw
from boundlint.survey.syntax_filter import HOST_NAMES, may_matter

# Every tool form of every framework, as text: a decorator whose dotted name
# holds `tool` (`@tool`, `@mcp.tool()`, `@agent.tool_plain`, `@function_tool`),
# a call to something named like a tool (`ToolNode(`, `FunctionTool(`,
# `tool(fn)`, `mcp.add_tool(`), a class whose bases name a Tool, a `tools=`
# keyword, or one of the registration functions that name neither.
_TOOL_DECORATOR = re.compile(
    r"@[ \t]*(?:\w+[ \t]*\.[ \t]*)*\w*"
    r"(?:tool|Tool|kernel_function|register_for_llm|action|activity|MCPServer|ai_callable)\w*"
    r"[ \t]*[(\r\n]"
)
_TOOL_FORMS = re.compile(  # each alternative holds "ool", which is checked first
    r"(?:[Tt]ools?|ToolNode|Toolset|ToolInvoker)[ \t]*\("
    r"|class[ \t]+\w+[ \t]*\([^)\n]{0,300}Tool"
    r"|tools[ \t]*="
    # Letta's registration by source text (`client.tools.upsert(source_code=...)`)
    + "".join(
        rf"|tools[ \t]*\.[ \t]*{re.escape(method)}[ \t]*\([^)]{{0,300}}{re.escape(keyword)}"
        for method, keyword in fw.SOURCE_REGISTRATION_METHODS.items()
    )
)
_REGISTRATION_WORDS = (
    "from_function",
    "from_defaults",
    "from_tools",
    "register_function",
    "register_for_llm",
    "create_react_agent",
    "create_agent",
    "initialize_agent",
    "AgentExecutor",
    "ReAct",
    "CodeAct",
    "TOOL_SPEC",
    "on_invoke_tool",
    "on_call_tool",
    "tool_runner",
    "entrypoint",
    "from_callable",
    "from_fastapi",
    "FastApiMCP",
)
_REGISTRATION = re.compile(
    r"\b(?:from_function|from_defaults|from_tools\w*|register_function|register_for_llm|create_react_agent|create_agent"
    r"|initialize_agent|AgentExecutor|ReAct|CodeAct|TOOL_SPEC|on_invoke_tool|on_call_tool|tool_runner"
    r"|entrypoint|from_callable|from_fastapi|FastApiMCP)\b"
)
# A hook installed for a whole server or agent (#18), or the runtime's adapters imported.
_HOOK_WORDS = (
    "middleware",
    "plugins",
    "hooks",
    "capabilities",
    "after_tool",
    "callbacks",
    "wrap_tool_call",
    "add_hook",
)
_HOOK_INSTALL = re.compile(
    r"\b(?:middleware|plugins|hooks|capabilities|after_tool_callback|step_callbacks|a?wrap_tool_call)[ \t]*="
    r"|\.[ \t]*(?:add_middleware|add_hook|add_plugin|register_plugin|register_after_tool_call_hook)[ \t]*\("
    r"|@[ \t]*(?:\w+[ \t]*\.[ \t]*)*after_tool_call\b"
)
# A dispatch table named like `available_functions = {` (matched on the lower-cased text).
_DISPATCH = re.compile(r"(?:tool|function)\w*[ \t]*(?::[^=\n]{0,80})?=[ \t]*\{")
# An import of a framework whose tools are not named like tools (`fw.UNSCREENED_ROOTS`).
_UNSCREENED_IMPORT = re.compile(
    r"^[ \t]*(?:from|import)[ \t]+(?:" + "|".join(sorted(fw.UNSCREENED_ROOTS)) + r")\b", re.MULTILINE
)
# A server or agent made and named (`mcp = FastMCP(`, `agent: Agent = Agent(`).
_HOST_MADE = re.compile(r"=[ \t]*(?:\w+[ \t]*\.[ \t]*)*(?:" + "|".join(sorted(HOST_NAMES)) + r")[ \t]*[(\[]")
# A tool-result message made here (`ToolMessage(content=...)`): maybe the project's own executor.
_RESULT_MESSAGE = re.compile(r"\b(?:" + "|".join(sorted(fw.RESULT_MESSAGES)) + r")[ \t]*\(")
# BL005: `.decode(` after a slice, or `str(raw[:n], ...)`, `codecs.decode(...)`.
_DECODE = re.compile(r"decode")
# (No BL006 pattern: BL006 reports only in code a tool's value reaches, which is read as that
# tool's dependency; see `boundlint.survey.syntax_filter`.)


@dataclass(frozen=True)
class Prefilter:
    extra_words: re.Pattern[str] | None

    @classmethod
    def for_config(cls, config: Config, class_names: frozenset[str] = frozenset()) -> Prefilter:
        """Also match the configured in-house names, and in-tree tool base classes found so far."""
        words = {name.rsplit(".", 1)[-1] for name in [*config.extend_tool_decorators, *config.extend_checkpoints]}
        words.update(cls_name.rsplit(".", 1)[-1] for cls_name, _ in config.extend_tool_base_classes)
        words.update(cls_name.rsplit(".", 1)[-1] for cls_name, _ in config.extend_tool_methods)
        words.update(class_names)
        # `myco.tools.*.handle_*`: a file that defines a function by that name could hold one
        words.update(f"def {_literal_start(pattern.rsplit('.', 1)[-1])}" for pattern in config.extend_tool_functions)
        if not words:
            return cls(None)
        return cls(re.compile("|".join(re.escape(word) for word in sorted(words))))

    def is_root(self, text: str) -> bool:
        """Stage 1, on the raw text: could this file matter at all?"""
        # Plain substring tests first: they are many times faster than the
        # patterns, and most files fail them.
        if "@" in text and _TOOL_DECORATOR.search(text):
            return True
        if "ool" in text and _TOOL_FORMS.search(text):
            return True
        if any(word in text for word in _REGISTRATION_WORDS) and _REGISTRATION.search(text):
            return True
        if "import" in text and _UNSCREENED_IMPORT.search(text):
            return True
        if fw.RUNTIME_ROOT in text or (any(word in text for word in _HOOK_WORDS) and _HOOK_INSTALL.search(text)):
            return True
        if any(name in text for name in HOST_NAMES) and _HOST_MADE.search(text):
            return True  # a server or agent made here may be handed to the function that registers its tools
        if any(name in text for name in fw.RESULT_MESSAGES) and _RESULT_MESSAGE.search(text):
            return True
        if _DECODE.search(text) or _DISPATCH.search(text.lower()):
            return True
        return self.extra_words is not None and bool(self.extra_words.search(text))

    def keeps(self, text: str, tree: ast.Module) -> bool:
        """Stage 2, for a file stage 1 let through: does its syntax hold anything a rule looks at?

        Configured in-house names are matched on the text: the screen knows
        only the frameworks' own names.
        """
        if self.extra_words is not None and self.extra_words.search(text):
            return True
        return may_matter(tree)


def _literal_start(glob: str) -> str:
    """`handle_*` -> `handle_`: what every name the glob matches starts with."""
    return re.split(r"[*?\[]", glob, maxsplit=1)[0]


def subclass_pattern(class_names: frozenset[str]) -> re.Pattern[str] | None:
    """Text that subclasses one of `class_names` (`class X(pkg.Base,` ...)."""
    if not class_names:
        return None
    names = "|".join(re.escape(name) for name in sorted(class_names))
    return re.compile(rf"class[ \t]+\w+[ \t]*\([^)]{{0,400}}?\b(?:{names})\b")
