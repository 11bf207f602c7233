"""What each agent framework's tool declarations look like, as data.

Every entry names the framework's import roots (the first component of the
qualified name an import resolves to) and the final name of the decorator,
class or function. Matching on (root, final name) rather than on a full dotted
path keeps us right across re-exports (`langchain_core.tools.tool` is also
`langchain_core.tools.convert.tool` and `langchain.tools.tool`) and across
framework versions that move modules around.

A name whose root is a framework's keeps that meaning even when a package of
that name is part of the checked tree, so that a framework's own examples are
checked too. Only the framework's own names match (root and final name): a
user's package called `agents` with its own `agents.search.tool` is not the
OpenAI Agents SDK.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import PurePath

from boundlint.knowledge.data_sources import name_words

# With the LangGraph libraries that build agents from a tool list (`create_deep_agent`, `create_supervisor`).
LANGCHAIN = ("langchain", "langchain_core", "langchain_community", "langgraph", "deepagents", "langgraph_supervisor")
OPENAI_AGENTS = ("agents",)
MCP = ("mcp", "fastmcp")
ADK = ("google",)  # google.adk; "google" alone is narrowed by ADK_PREFIX below
CREWAI = ("crewai", "crewai_tools")
PYDANTIC_AI = ("pydantic_ai",)
SMOLAGENTS = ("smolagents",)
LLAMAINDEX = ("llama_index",)
AUTOGEN = ("autogen_core", "autogen_agentchat", "autogen_ext")
AG2 = ("autogen", "ag2")
SEMANTIC_KERNEL = ("semantic_kernel",)
STRANDS = ("strands", "strands_tools")
HAYSTACK = ("haystack", "haystack_experimental", "haystack_integrations")
ANTHROPIC = ("anthropic",)
DSPY = ("dspy",)
AGNO = ("agno",)
CAMEL = ("camel",)
GRIPTAPE = ("griptape",)
BROWSER_USE = ("browser_use",)
LETTA = ("letta", "letta_client")
SWARM = ("swarm",)
LANGROID = ("langroid",)
ATOMIC_AGENTS = ("atomic_agents",)
MIRASCOPE = ("mirascope",)
# Qwen-Agent: `@register_tool("name") class T(BaseTool)` whose `call(params)` is the tool.
QWEN_AGENT = ("qwen_agent",)
# Universal MCP (AgentR): an application class whose `list_tools()` returns its tool methods.
UNIVERSAL_MCP = ("universal_mcp",)
COMPOSIO = (
    "composio",
    "composio_openai",
    "composio_crewai",
    "composio_langchain",
    "composio_llamaindex",
    "composio_agno",
)
DIFY = ("dify_plugin",)
# AWS's Agent Squad, formerly Multi-Agent Orchestrator (the package's old name).
AGENT_SQUAD = ("agent_squad", "multi_agent_orchestrator")
# LiveKit Agents (`livekit.agents`, also its `llm` module): voice agents' function tools.
LIVEKIT = ("livekit",)
# Pipecat: voice agents whose function handlers hand their result to `params.result_callback(...)`.
PIPECAT = ("pipecat",)
# fastapi-mcp: a FastAPI app's routes served as MCP tools (`FastApiMCP(app)`).
FASTAPI_MCP = ("fastapi_mcp",)

FRAMEWORK_NAMES: dict[tuple[str, ...], str] = {
    ("fastmcp",): "mcp",
    LANGCHAIN: "langchain",
    OPENAI_AGENTS: "openai-agents",
    MCP: "mcp",
    ADK: "google-adk",
    CREWAI: "crewai",
    PYDANTIC_AI: "pydantic-ai",
    SMOLAGENTS: "smolagents",
    LLAMAINDEX: "llamaindex",
    AUTOGEN: "autogen",
    AG2: "ag2",
    SEMANTIC_KERNEL: "semantic-kernel",
    STRANDS: "strands",
    HAYSTACK: "haystack",
    ANTHROPIC: "anthropic",
    DSPY: "dspy",
    AGNO: "agno",
    CAMEL: "camel",
    GRIPTAPE: "griptape",
    BROWSER_USE: "browser-use",
    LETTA: "letta",
    SWARM: "swarm",
    LANGROID: "langroid",
    ATOMIC_AGENTS: "atomic-agents",
    MIRASCOPE: "mirascope",
    QWEN_AGENT: "qwen-agent",
    UNIVERSAL_MCP: "universal-mcp",
    COMPOSIO: "composio",
    DIFY: "dify",
    AGENT_SQUAD: "agent-squad",
    LIVEKIT: "livekit",
    PIPECAT: "pipecat",
    FASTAPI_MCP: "mcp",
}

# Frameworks whose tools need not be named like tools (`Agent(functions=[...])`,
# a Langroid agent's handler methods): the pre-filter keeps every module that
# imports one of them. They are rare outside their own users' code, so this
# costs other trees little. Letta is not among them: its tools are a
# `ToolExecutor`'s method map (a class the pre-filter knows by its base's name)
# and its function sets (by module, `TOOL_MODULES`); keeping every module that
# imports it made 527 of its own tree's 537 roots, none with a tool.
UNSCREENED_ROOTS: frozenset[str] = frozenset({*SWARM, *LANGROID, *DIFY, *ATOMIC_AGENTS, *MIRASCOPE, *COMPOSIO})

ALL_ROOTS: frozenset[str] = frozenset(root for roots in FRAMEWORK_NAMES for root in roots)


@dataclass(frozen=True)
class Pattern:
    """A framework object: its import roots and the last part of its name.

    `tail` may hold dots (`StructuredTool.from_function`) to name a class
    method; it is matched against the end of the qualified name.
    """

    roots: tuple[str, ...]
    tail: str

    def matches(self, qualified: str) -> bool:
        root = qualified.split(".", 1)[0]
        if root not in self.roots:
            return False
        if self.roots == ADK and not qualified.startswith("google.adk."):
            return False
        return qualified == self.tail or qualified.endswith("." + self.tail)

    @property
    def framework(self) -> str:
        return FRAMEWORK_NAMES[self.roots]


def _patterns(roots: tuple[str, ...], *tails: str) -> list[Pattern]:
    return [Pattern(roots, tail) for tail in tails]


# Decorators that turn the decorated function into a tool, bare or called:
# `@tool`, `@tool("name", ...)`.
TOOL_DECORATORS: list[Pattern] = [
    *_patterns(LANGCHAIN, "tool"),
    *_patterns(OPENAI_AGENTS, "function_tool", "decorators.tool"),
    *_patterns(CREWAI, "tool"),
    *_patterns(SMOLAGENTS, "tool"),
    *_patterns(SEMANTIC_KERNEL, "kernel_function"),
    *_patterns(STRANDS, "tool"),
    *_patterns(HAYSTACK, "tool"),
    *_patterns(ANTHROPIC, "beta_tool", "beta_async_tool"),
    Pattern(("fastmcp",), "tools.tool"),  # fastmcp >= 3: a standalone `@tool`
    *_patterns(AGNO, "tool"),
    *_patterns(CAMEL, "tool"),
    *_patterns(GRIPTAPE, "activity"),  # on the methods of a `BaseTool` subclass
    *_patterns(MIRASCOPE, "tool", "toolkit_tool"),  # `@llm.tool`; `@toolkit_tool` on a `BaseToolKit`'s methods
    *_patterns(COMPOSIO, "action"),  # composio < 0.8: `@action(toolname=...)`
    *_patterns(LIVEKIT, "function_tool", "ai_callable"),  # `ai_callable`: 0.x, on `llm.FunctionContext` methods
]


# Frameworks whose `@tool` functions reach a model only where the code hands them to an agent
# (`Agent(tools=[search])`, `create_react_agent(model, [search])`): the decorator marks a tool,
# it registers nothing. One that no code of its tree names again is never called by a model
# there (`boundlint.project.references`). (Tool classes are left: a toolkit library's are most
# often named by no code of its own.)
HANDED_OVER: frozenset[str] = frozenset(
    {
        "langchain",
        "openai-agents",
        "crewai",
        "smolagents",
        "strands",
        "agno",
        "camel",
        "llamaindex",
        "autogen",
        "haystack",
        "semantic-kernel",
        "griptape",
        "anthropic",
        "google-adk",
        "livekit",
    }
)


# Classes whose instances register tools through a method used as a
# decorator: `mcp = FastMCP(...)` then `@mcp.tool()`.
@dataclass(frozen=True)
class InstanceDecorator:
    owner: Pattern
    methods: tuple[str, ...]


INSTANCE_DECORATORS: list[InstanceDecorator] = [
    InstanceDecorator(Pattern(MCP, "FastMCP"), ("tool",)),
    InstanceDecorator(Pattern(MCP, "MCPServer"), ("tool",)),
    InstanceDecorator(Pattern(MCP, "Server"), ("call_tool",)),
    InstanceDecorator(Pattern(PYDANTIC_AI, "Agent"), ("tool", "tool_plain")),
    InstanceDecorator(Pattern(PYDANTIC_AI, "FunctionToolset"), ("tool",)),
    InstanceDecorator(Pattern(AG2, "ConversableAgent"), ("register_for_llm",)),
    InstanceDecorator(Pattern(AG2, "AssistantAgent"), ("register_for_llm",)),
    InstanceDecorator(Pattern(AG2, "UserProxyAgent"), ("register_for_llm",)),
    InstanceDecorator(Pattern(BROWSER_USE, "Tools"), ("action",)),
    InstanceDecorator(Pattern(BROWSER_USE, "Controller"), ("action",)),
    InstanceDecorator(Pattern(BROWSER_USE, "Registry"), ("action",)),
]

# Method names that, used as a decorator on a receiver we cannot resolve, are
# still unambiguous. `.tool` is only trusted when the module imports a
# framework that has such a method (see INSTANCE_METHOD_ROOTS).
DISTINCT_INSTANCE_METHODS: dict[str, str] = {"tool_plain": "pydantic-ai", "register_for_llm": "ag2", "call_tool": "mcp"}
# Method names trusted on an unresolved receiver when the module imports one
# of these roots: `@mcp.tool()`, `@tools.registry.action(...)` (browser-use).
INSTANCE_METHOD_ROOTS: dict[str, frozenset[str]] = {
    "tool": frozenset({*MCP, *PYDANTIC_AI}),
    "action": frozenset(BROWSER_USE),
    "custom_tool": frozenset(COMPOSIO),  # `@composio.tools.custom_tool(toolkit=...)`
}


@dataclass(frozen=True)
class ToolBase:
    """A framework base class, and which methods of its subclasses the model calls.

    `methods` are fixed names (`_run`). A toolkit class may instead name them:
    in a class attribute (`listed_in`: LlamaIndex's `spec_functions = ["search"]`),
    in the keywords of its `super().__init__` (`init_keywords`: Agno's
    `tools=[self.search]`), or through a method of its own (`register_methods`:
    `self.register(self.search)`), or in a dict of `self.m` values built in a
    method (`dispatch_in`: a Letta executor's `{"name": self.m}` map, or the list
    of `self.m` a method returns: Universal MCP's `list_tools`). When
    `builtin_toolkits` is set, a subclass of one of the framework's own toolkits
    (a class of that framework whose name ends like one) overrides tools: its
    public methods are tools.

    `handles`: the methods are named by tool-message classes (Langroid: a
    `ChatAgent`'s method named like a `ToolMessage`'s `request`, its `_handler`,
    or either with `_async`). `limit_attribute`: a class attribute with which
    the framework cuts the result itself (Langroid's `_max_result_tokens`).
    `yields_result`: the method is a generator whose yields are the result (Dify).
    `arguments_on_self`: the class is the tool's argument model, so the model's
    arguments are fields of `self` (Langroid's `ToolMessage`, Mirascope's `BaseTool`).
    `kin_suffix`: the framework's other classes whose name ends so are this base
    too (Langroid's `DocChatAgent`, `SQLChatAgent` are `ChatAgent`s).
    """

    base: Pattern
    methods: tuple[str, ...]
    listed_in: str | None = None
    init_keywords: tuple[str, ...] = ()
    register_methods: tuple[str, ...] = ()
    builtin_toolkits: bool = False
    dispatch_in: tuple[str, ...] = ()
    handles: Pattern | None = None
    limit_attribute: str | None = None
    yields_result: bool = False
    arguments_on_self: bool = False
    kin_suffix: str | None = None


TOOL_BASE_CLASSES: list[ToolBase] = [
    ToolBase(Pattern(LANGCHAIN, "BaseTool"), ("_run", "_arun")),
    ToolBase(Pattern(LANGCHAIN, "StructuredTool"), ("_run", "_arun")),
    # `class SEC10KTool(RagTool)`: crewai_tools' own tools are `BaseTool`s, overridden the same way
    ToolBase(Pattern(CREWAI, "BaseTool"), ("_run", "_arun"), kin_suffix="Tool"),
    ToolBase(Pattern(ADK, "BaseTool"), ("run_async",)),
    ToolBase(Pattern(SMOLAGENTS, "Tool"), ("forward",)),
    ToolBase(Pattern(OPENAI_AGENTS, "FunctionTool"), ("on_invoke_tool",)),
    ToolBase(Pattern(LLAMAINDEX, "BaseTool"), ("call", "acall", "__call__")),
    ToolBase(Pattern(LLAMAINDEX, "AsyncBaseTool"), ("call", "acall", "__call__")),
    ToolBase(Pattern(AUTOGEN, "BaseTool"), ("run",)),
    ToolBase(Pattern(AUTOGEN, "BaseToolWithState"), ("run",)),
    ToolBase(Pattern(STRANDS, "AgentTool"), ("stream",)),
    ToolBase(Pattern(AGNO, "Toolkit"), (), None, ("tools", "async_tools"), ("register",), builtin_toolkits=True),
    ToolBase(Pattern(CAMEL, "BaseToolkit"), (), builtin_toolkits=True),  # tools: `FunctionTool(self.m)`
    ToolBase(Pattern(LLAMAINDEX, "BaseToolSpec"), (), "spec_functions", builtin_toolkits=True),
    ToolBase(Pattern(GRIPTAPE, "BaseTool"), ()),  # tools: its `@activity` methods
    ToolBase(Pattern(ATOMIC_AGENTS, "BaseTool"), ("run", "run_async")),
    ToolBase(Pattern(MIRASCOPE, "BaseTool"), ("call",), arguments_on_self=True),
    ToolBase(Pattern(QWEN_AGENT, "BaseTool"), ("call",)),  # also `BaseToolWithFileAccess`, its subclass
    ToolBase(Pattern(QWEN_AGENT, "BaseToolWithFileAccess"), ("call",)),
    ToolBase(Pattern(DIFY, "Tool"), ("_invoke",), yields_result=True),
    ToolBase(
        Pattern(LANGROID, "ToolMessage"),
        ("handle", "handle_async", "response", "response_async"),
        limit_attribute="_max_result_tokens",
        arguments_on_self=True,
    ),
    ToolBase(Pattern(LANGROID, "ChatAgent"), (), handles=Pattern(LANGROID, "ToolMessage"), kin_suffix="Agent"),
    ToolBase(Pattern(LETTA, "ToolExecutor"), (), dispatch_in=("execute",)),
    ToolBase(Pattern(LETTA, "BaseTool"), ("run",)),  # letta_client.types.tool.BaseTool
    # `class GithubApp(APIApplication)` (also `GraphQLApplication`), whose `list_tools()` returns
    # `[self.search_issues, ...]`: those methods are the tools the server exposes
    ToolBase(Pattern(UNIVERSAL_MCP, "BaseApplication"), (), dispatch_in=("list_tools",), kin_suffix="Application"),
]

# A `yields_result` tool yields messages built by these methods of its own;
# each carries the argument at that position to the model (Dify). Its other
# `create_*_message` methods (a link, an image, a variable) carry small values.
RESULT_MESSAGE_METHODS: dict[str, int] = {"create_text_message": 0, "create_json_message": 0, "create_blob_message": 0}

# The fields of a tool-message class that name the agent method handling it (Langroid).
MESSAGE_HANDLER_FIELDS = ("request", "_handler")

# Keywords of a registration call with which the framework cuts the result
# itself (Letta's `upsert_from_function(func=f, return_char_limit=4000)`).
LIMIT_KEYWORDS = ("return_char_limit",)
# Agent factories whose default middleware keeps every tool result within a size itself, by
# package and function name, with how the inventory names it and the tools it leaves alone by
# name: deepagents' `create_deep_agent` (0.2 and later) moves a result over 20,000 tokens (about
# 80,000 characters) to a file and gives the model the file's path and a marked head/tail
# preview; its own filesystem tools are not evicted. smolagents' `CodeAgent` calls a tool in the
# code the model writes, and the model sees only what that code prints (cut to 50,000 characters
# by default, `max_print_outputs_length`) and its last value (cut to 20,000), each with a note of
# the cut in the middle; its `ToolCallingAgent` passes each result on whole.
IMPLICIT_LIMITS: dict[tuple[str, str], tuple[str, frozenset[str]]] = {
    ("deepagents", "create_deep_agent"): (
        "create_deep_agent's eviction of results over 20,000 tokens",
        frozenset({"ls", "glob", "grep", "read_file", "edit_file", "write_file", "delete"}),
    ),
    ("smolagents", "CodeAgent"): ("CodeAgent's cut of what its code prints and returns", frozenset()),
}

# Modules of a framework's own tree whose public functions are its built-in
# tools (Letta's function sets), by module-name prefix.
TOOL_MODULES: dict[str, str] = {"letta.functions.function_sets": "letta"}


def in_a_tool_module(path: PurePath) -> bool:
    """A file under one of `TOOL_MODULES`, by its folders (`.../letta/functions/function_sets/base.py`)."""
    folders = path.parts[:-1]
    for prefix in TOOL_MODULES:
        words = tuple(prefix.split("."))
        if any(folders[index : index + len(words)] == words for index in range(len(folders))):
            return True
    return False


# The name of a framework's own toolkit class (`camel.toolkits.SearchToolkit`,
# `agno.tools.duckduckgo.DuckDuckGoTools`, `WikipediaToolSpec`): a subclass overrides tools.
BUILTIN_TOOLKIT_NAME = ("Toolkit", "Tools", "ToolSpec")

# Class decorators that serve a class's methods as tools, named in a keyword:
# CAMEL's `@MCPServer(function_names=["search"])`.
CLASS_DECORATORS: list[tuple[Pattern, str]] = [(Pattern(CAMEL, "MCPServer"), "function_names")]


@dataclass(frozen=True)
class Registration:
    """A call that registers functions as tools.

    `positional` is the index of the argument holding the function (or the list
    of tools when `is_list`), `keywords` the keyword names that may hold it.
    """

    callee: Pattern
    positional: int | None
    keywords: tuple[str, ...]
    is_list: bool = False


def _wrap(roots: tuple[str, ...], tail: str, positional: int | None, *keywords: str) -> Registration:
    return Registration(Pattern(roots, tail), positional, keywords)


def _list(roots: tuple[str, ...], tail: str, positional: int | None, *keywords: str) -> Registration:
    return Registration(Pattern(roots, tail), positional, keywords or ("tools",), is_list=True)


REGISTRATIONS: list[Registration] = [
    # Calls that wrap one function.
    _wrap(LANGCHAIN, "tool", 0),
    _wrap(LANGCHAIN, "StructuredTool.from_function", 0, "func", "coroutine"),
    _wrap(LANGCHAIN, "Tool", 1, "func", "coroutine"),
    _wrap(LANGCHAIN, "Tool.from_function", 0, "func", "coroutine"),
    _wrap(LANGCHAIN, "StructuredTool", None, "func", "coroutine"),
    _wrap(OPENAI_AGENTS, "function_tool", 0),
    _wrap(OPENAI_AGENTS, "FunctionTool", None, "on_invoke_tool"),
    _wrap(MCP, "Server", None, "on_call_tool"),  # MCP SDK v2's low-level server
    _wrap(MCP, "MCPServer", None, "on_call_tool"),
    _wrap(MCP, "Tool.from_function", 0, "fn"),
    _wrap(MCP, "FunctionTool.from_function", 0, "fn"),
    _wrap(ADK, "FunctionTool", 0, "func"),
    _wrap(ADK, "LongRunningFunctionTool", 0, "func"),
    _wrap(CREWAI, "tool", 0),
    _wrap(PYDANTIC_AI, "Tool", 0, "function"),
    _wrap(SMOLAGENTS, "tool", 0),
    _wrap(LLAMAINDEX, "FunctionTool.from_defaults", 0, "fn", "async_fn"),
    _wrap(AUTOGEN, "FunctionTool", 0, "func"),
    _wrap(AG2, "register_function", 0, "f"),
    _wrap(STRANDS, "tool", 0),
    _wrap(HAYSTACK, "Tool", None, "function"),
    _wrap(HAYSTACK, "create_tool_from_function", 0, "function"),
    _wrap(HAYSTACK, "tool", 0),
    _wrap(ANTHROPIC, "beta_tool", 0),
    _wrap(ANTHROPIC, "beta_async_tool", 0),
    _wrap(DSPY, "Tool", 0, "func"),
    _wrap(SEMANTIC_KERNEL, "kernel_function", 0),
    _wrap(LLAMAINDEX, "FunctionTool", 0, "fn", "async_fn"),
    _wrap(AGNO, "Function", None, "entrypoint"),
    _wrap(AGNO, "Function.from_callable", 0, "c"),
    _wrap(CAMEL, "FunctionTool", 0, "func"),
    _wrap(AGENT_SQUAD, "AgentTool", 4, "func"),  # `AgentTool(name=, description=, func=fn)`
    _wrap(LIVEKIT, "function_tool", 0, "f"),
    _list(PIPECAT, "LLMContext", 1, "tools"),  # direct functions: `LLMContext(tools=[fn])`
    _list(PIPECAT, "ToolsSchema", 0, "standard_tools"),
    _list(SWARM, "Agent", None, "functions"),
    # Calls that take a list of tools.
    _list(LANGCHAIN, "ToolNode", 0),
    _list(LANGCHAIN, "create_react_agent", 1),
    _list(LANGCHAIN, "create_agent", 1),
    _list(LANGCHAIN, "create_deep_agent", 1),
    _list(LANGCHAIN, "create_supervisor", None),
    _list(LANGCHAIN, "create_tool_calling_agent", 1),
    _list(LANGCHAIN, "initialize_agent", 0),
    _list(LANGCHAIN, "AgentExecutor", None),
    _list(PYDANTIC_AI, "FunctionToolset", 0),
    _list(LLAMAINDEX, "from_tools", 0),
    _list(LLAMAINDEX, "from_tools_or_functions", 0, "tools_or_functions"),
    _list(DSPY, "ReAct", 1),
    _list(DSPY, "CodeAct", 1),
    _list(HAYSTACK, "ToolInvoker", 0),
    _list(HAYSTACK, "Toolset", 0),
]

# Methods whose receivers we usually cannot resolve (a chat model, a client)
# but whose name says "these are tools": `llm.bind_tools([f])`,
# `client.beta.messages.tool_runner(tools=[...])`.
TOOL_LIST_METHODS: dict[str, int | None] = {"bind_tools": 0, "tool_runner": None}

# Instance methods that register one function (`mcp.add_tool(fn)`) or a list
# (`agent.add_tools([...])`), and the roots a module must import for them to
# count on a receiver we cannot resolve.
INSTANCE_REGISTRATION_METHODS: dict[str, int] = {
    "add_tool": 0,
    # Letta: `client.tools.upsert_from_function(func=f)`; before 1.0, `client.create_tool(f)`.
    "upsert_from_function": 0,
    "create_from_function": 0,
    "create_tool": 0,
    "create_or_update_tool": 0,
    # Pipecat: `llm.register_function("get_weather", handler)`, `llm.register_direct_function(fn)`.
    "register_function": 1,
    "register_direct_function": 0,
}
# Instance methods that register a function by its source text:
# Letta's `client.tools.upsert(source_code=inspect.getsource(f))`.
SOURCE_REGISTRATION_METHODS: dict[str, str] = {"upsert": "source_code", "create": "source_code"}


@dataclass(frozen=True)
class AppConversion:
    """A call that serves every route of a web app as an MCP tool: the app is its argument at
    `positional` or `keyword`. The model gets what a route answers, as JSON."""

    callee: Pattern
    positional: int
    keyword: str


# fastmcp's `FastMCP.from_fastapi(app=...)` (every route a tool since fastmcp 2.8, unless route
# maps say otherwise) and fastapi-mcp's `FastApiMCP(app)` (every route, unless filtered).
APP_CONVERSIONS: list[AppConversion] = [
    AppConversion(Pattern(("fastmcp",), "FastMCP.from_fastapi"), 0, "app"),
    AppConversion(Pattern(FASTAPI_MCP, "FastApiMCP"), 0, "fastapi"),
]
# Keywords of those calls that choose which routes become tools: fastapi-mcp's lists of operation
# ids and tags are read (`find.routes`); with fastmcp's route maps, or a list built elsewhere, which
# ones do is not, and none is registered (a route served as REST only is no tool).
ROUTE_FILTERS = frozenset(
    {"route_maps", "route_map_fn", "include_operations", "exclude_operations", "include_tags", "exclude_tags"}
)
# A FastAPI route: `@app.get("/path")`, `@router.post(...)`, `@router.api_route(...)`.
ROUTE_METHODS = frozenset({"get", "post", "put", "patch", "delete", "api_route"})
# What makes a router of routes, included in an app by `app.include_router(router)`.
ROUTER_CLASSES = frozenset({"fastapi.APIRouter", "fastapi.routing.APIRouter", "fastapi.FastAPI"})
INSTANCE_LIST_METHODS: dict[str, int] = {"add_tools": 0, "set_tools": 0}
INSTANCE_REGISTRATION_ROOTS: frozenset[str] = frozenset({*MCP, *PYDANTIC_AI, *AGNO, *CAMEL, *LETTA, *PIPECAT})
# Frameworks whose tools do not return their result but hand it to a callback they are given, by
# the callback's name: Pipecat's `await params.result_callback(result)`.
RESULT_CALLBACKS: dict[str, str] = {"pipecat": "result_callback"}

# A project's own function that files the function it is given in its registry of tools, which a
# low-level server's dispatcher reads by name: `register_tool(name="x", implementation=fn)`.
TOOL_REGISTRY_FUNCTION = re.compile(r"^_?(?:register|add)_?tool$", re.IGNORECASE)

# Frameworks that take a returned dict with these keys as their own tool result and show the
# model only its first key's entry (the rest is metadata for the application): Strands passes
# `{"status": ..., "content": [...]}` on as is and its model providers read `content` (and
# `status`); any other value becomes `str(value)`.
RESULT_DICT_CHANNELS: dict[str, tuple[str, str]] = {"strands": ("content", "status")}


@dataclass(frozen=True)
class AgentTool:
    """A method that makes a tool of a whole agent: the tool returns the agent's final output.

    OpenAI Agents SDK: `agent.as_tool(tool_name=..., custom_output_extractor=f)`.
    The output is free text unless the agent's `output_type` is small, its
    `model_settings` cap the tokens it writes, or the extractor bounds it.
    """

    agent: Pattern
    method: str
    extractor_keyword: str
    output_type_keyword: str
    settings_keyword: str
    token_cap_keyword: str
    output_wrappers: tuple[str, ...] = ()  # `output_type=AgentOutputSchema(Model, ...)` is `Model`


AGENT_TOOLS: list[AgentTool] = [
    AgentTool(
        Pattern(OPENAI_AGENTS, "Agent"),
        "as_tool",
        extractor_keyword="custom_output_extractor",
        output_type_keyword="output_type",
        settings_keyword="model_settings",
        token_cap_keyword="max_tokens",
        output_wrappers=("AgentOutputSchema",),
    ),
]

# Where a server or agent takes the hooks that see every tool result before the model (#18): keywords
# of the call that makes or runs it (`FastMCP(middleware=[...])`, `Agent(hooks=[...])`,
# `Runner(agent=a, plugins=[...])`, `ToolNode(tools, wrap_tool_call=w)`), and methods that add one
# later (`mcp.add_middleware(m)`, `agent.hooks.add_hook(h)`).
HOOK_KEYWORDS = frozenset(
    {
        "middleware",
        "hooks",
        "plugins",
        "capabilities",
        "toolsets",
        "after_tool_callback",
        "step_callbacks",
        "wrap_tool_call",
        "awrap_tool_call",
        "callback",
    }
)
HOOK_METHODS = frozenset({"add_middleware", "add_hook", "add_plugin", "register_plugin"})
# Keywords that hold the tools themselves: a checkpoint there bounds only the tool it wraps.
TOOL_KEYWORDS = frozenset({"tools", "functions", "function", "func", "fn", "tool"})
# A call that runs a server or agent names it in one of these (ADK: `Runner(agent=a, plugins=[p])`);
# hooks given there see the tools of its sub-agents too.
RUN_TARGET_KEYWORDS = ("agent", "root_agent", "app", "server")
SUB_AGENT_KEYWORDS = ("sub_agents",)
# Hooks a framework applies to every tool in the process (CrewAI's global after-tool-call hooks):
# a function decorated or registered so counts when it calls a checkpoint.
GLOBAL_HOOK_DECORATORS = [Pattern(CREWAI, "after_tool_call")]
GLOBAL_HOOK_CALLS = [Pattern(CREWAI, "register_after_tool_call_hook")]
# The runtime's adapters, `boundlint_runtime.adapters.<module>`, by the framework they serve.
ADAPTERS_PACKAGE = "adapters"
ADAPTER_FRAMEWORKS: dict[str, str] = {
    "mcp": "mcp",
    "fastmcp": "mcp",
    "langchain": "langchain",
    "langgraph": "langchain",
    "google_adk": "google-adk",
    "pydantic_ai": "pydantic-ai",
    "strands": "strands",
    "crewai": "crewai",
    "smolagents": "smolagents",
    "openai_agents": "openai-agents",
    "llama_index": "llamaindex",
}
# The messages an application makes to hand a tool's result to the model, when it runs the tools
# itself: class name -> (framework, content keyword, content position). Where the project cuts
# that content, its executor is the last checkpoint of the tools it runs (`find.executors`).
RESULT_MESSAGES: dict[str, tuple[str, str, int]] = {"ToolMessage": ("langchain", "content", 0)}
# Agents and nodes the framework runs the tools of: a tool registered on one reaches the model
# without the project's executor, unless that executor runs the node itself.
TOOL_RUNNERS = [
    Pattern(LANGCHAIN, name)
    for name in (
        "ToolNode",
        "create_react_agent",
        "create_agent",
        "create_deep_agent",
        "create_supervisor",
        "initialize_agent",
        "AgentExecutor",
    )
]
# An adapter function that installs itself for the whole process (`crewai.install()`).
GLOBAL_ADAPTER_FUNCTIONS = frozenset({"install"})


@dataclass(frozen=True)
class AdapterInstall:
    """How `fix-style = "checkpoint"` installs a runtime adapter where a server or agent is made:
    `host(..., keyword=[adapter(max_chars=N)])` (`in_list`), or `keyword=adapter(max_chars=N)`."""

    host: Pattern
    keyword: str
    adapter: str  # the runtime's module and name
    in_list: bool = True
    first: bool = False  # first in the list: a middleware stack, whose first item is the outermost
    # The package and the version from which the host takes `keyword` (FastMCP's `middleware=`
    # came in 2.9.0): a project that still allows an older one gets no adapter.
    since: tuple[str, str] | None = None


# Distributions that ship one package, by the name `AdapterInstall.since` gives: a project may
# declare either (Pydantic AI's `pydantic-ai` pulls in `pydantic-ai-slim`, which many require alone).
SAME_PACKAGE: dict[str, tuple[str, ...]] = {"pydantic-ai": ("pydantic-ai", "pydantic-ai-slim")}


ADAPTER_INSTALLS: list[AdapterInstall] = [
    AdapterInstall(
        Pattern(MCP, "MCPServer"), "middleware", "boundlint_runtime.adapters.mcp.BoundlintMiddleware", first=True
    ),
    AdapterInstall(
        Pattern(("fastmcp",), "FastMCP"),
        "middleware",
        "boundlint_runtime.adapters.fastmcp.BoundlintMiddleware",
        first=True,
        since=("fastmcp", "2.9.0"),
    ),
    AdapterInstall(
        Pattern(LANGCHAIN, "create_agent"),
        "middleware",
        "boundlint_runtime.adapters.langchain.BoundlintMiddleware",
        first=True,
    ),
    AdapterInstall(
        Pattern(ADK, "Agent"),
        "after_tool_callback",
        "boundlint_runtime.adapters.google_adk.bound_after_tool_callback",
        in_list=False,
    ),
    AdapterInstall(
        Pattern(ADK, "LlmAgent"),
        "after_tool_callback",
        "boundlint_runtime.adapters.google_adk.bound_after_tool_callback",
        in_list=False,
    ),
    AdapterInstall(
        Pattern(PYDANTIC_AI, "Agent"),
        "capabilities",
        "boundlint_runtime.adapters.pydantic_ai.BoundedToolResults",
        # `capabilities=` came in 1.71, the hooks the adapter orders itself by in 1.80
        since=("pydantic-ai", "1.80.0"),
    ),
    AdapterInstall(Pattern(STRANDS, "Agent"), "hooks", "boundlint_runtime.adapters.strands.BoundlintHooks"),
    AdapterInstall(
        Pattern(SMOLAGENTS, "CodeAgent"),
        "step_callbacks",
        "boundlint_runtime.adapters.smolagents.BoundlintStepCallback",
    ),
    AdapterInstall(
        Pattern(SMOLAGENTS, "ToolCallingAgent"),
        "step_callbacks",
        "boundlint_runtime.adapters.smolagents.BoundlintStepCallback",
    ),
]

# Pydantic.
BASE_MODEL = Pattern(("pydantic",), "BaseModel")
PYDANTIC_ROOTS = ("pydantic", "pydantic_core", "annotated_types")
RUNTIME_ROOT = "boundlint_runtime"
RUNTIME_DISTRIBUTION = "boundlint-runtime"
# The runtime's first version whose `truncate_json` takes a character budget (`max_chars=`).
JSON_CHARS_SINCE = (0, 2)

# Checkpoints: calls whose result is bounded.
RUNTIME_CHECKPOINTS: frozenset[str] = frozenset({"truncate_text", "truncate_for_llm", "truncate_json"})
RUNTIME_DECORATOR = "bounded"


def framework_of(qualified: str) -> str | None:
    root = qualified.split(".", 1)[0]
    for roots, name in FRAMEWORK_NAMES.items():
        if root in roots:
            if roots == ADK and not qualified.startswith("google.adk"):
                return None
            return name
    return None


# The methods an in-house tool base's subclasses define as their tool body (`Skill.run`,
# `BaseTool.execute`): what `inventory --suggest` proposes, and what an in-house base the
# checker recognises by itself names (see `find.tools._in_house_base`).
ENTRY_METHODS = frozenset(
    {"run", "arun", "_run", "_arun", "execute", "_execute", "call", "invoke", "ainvoke", "handle", "forward"}
)
# What such a base declares so that a model can choose its tools: a name and a description, and
# a schema of the arguments under one of these names.
IN_HOUSE_DESCRIPTION = frozenset({"name", "description"})
IN_HOUSE_SCHEMAS = frozenset({"parameters", "args_schema", "input_schema", "inputs", "schema", "arguments"})


def in_house_decorator(function_name: str) -> bool:
    """`register_tool`, `register_plugin_tool`, `tool`: a function of the project's own framework,
    used as a decorator, whose name ends in the word "tool": it marks or registers a tool (not
    `log_tool_call` or `tool_timer`, which wrap one)."""
    return name_words(function_name)[-1:] == ["tool"]


def in_house_entry(
    class_name: str,
    attributes: AbstractSet[str],
    methods: AbstractSet[str],
    stubs: AbstractSet[str] = frozenset(),
    reached: AbstractSet[str] = frozenset(),
) -> str | None:
    """The entry method of a tool base class of a project's own framework, known by what it
    declares (`class BaseTool: name: str; description: str; parameters: dict; async def
    execute(self, **kwargs)`): named for a tool, with the name, description and argument schema a
    model chooses a tool by, and one entry method for its subclasses to define. Of two (`execute`
    that parses the input, then calls `_execute`), the one it leaves to them (`stubs`: abstract,
    or `pass`). Or, named for a tool, it reads one method it does not write by name
    (`apply_fn = getattr(self, "apply")`): that one. None for any other class."""
    if "tool" not in name_words(class_name):
        return None
    left = {name for name in reached - (methods - stubs) if not name.startswith("__")}
    if len(left) == 1:
        return next(iter(left))  # (a model still chooses it by a name and a description made from it)
    if not (IN_HOUSE_DESCRIPTION <= attributes and attributes & IN_HOUSE_SCHEMAS):
        return None
    entries = methods & ENTRY_METHODS
    if len(entries) > 1:
        entries &= stubs
    return next(iter(entries)) if len(entries) == 1 else None
