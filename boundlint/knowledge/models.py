"""Chat models a project may run, as the code makes them: which run on the user's own machine
with a small context, and which are hosted. `project/model_context.py` reads them so that
`boundlint fix` writes a budget the project's model can hold.

A hosted model reads 100,000 tokens and more, so the default budget (16,000 characters, about
4,000 tokens) is a small part of its prompt. A local one is given what its runtime defaults to
unless the code says otherwise: Ollama 4,096 tokens (its documentation: "< 24 GiB VRAM: 4k
context"), llama.cpp's Python bindings 512. There, 16,000 characters is the whole context:
readers of the fixes asked for "a few thousand characters" (`benchmarks/reviewed/*fix-hunks-29*`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LocalRuntime:
    name: str
    default_context: int  # tokens, when the code sets none
    context_keywords: tuple[str, ...]  # keyword arguments (or `options` keys) that set it


OLLAMA = LocalRuntime("Ollama", 4_096, ("num_ctx", "context_window"))
LLAMA_CPP = LocalRuntime("llama.cpp", 512, ("n_ctx",))

# Qualified names of the classes and functions that make (or call) a local model.
LOCAL_MODELS: dict[str, LocalRuntime] = {
    **dict.fromkeys(
        (
            "langchain_ollama.ChatOllama",
            "langchain_ollama.OllamaLLM",
            "langchain_ollama.chat_models.ChatOllama",
            "langchain_ollama.llms.OllamaLLM",
            "langchain_community.chat_models.ChatOllama",
            "langchain_community.chat_models.ollama.ChatOllama",
            "langchain_community.llms.Ollama",
            "langchain_community.llms.ollama.Ollama",
            "llama_index.llms.ollama.Ollama",
            "agno.models.ollama.Ollama",
            "strands.models.ollama.OllamaModel",
            "autogen_ext.models.ollama.OllamaChatCompletionClient",
            "ollama.Client",
            "ollama.AsyncClient",
            "ollama.chat",
            "ollama.generate",
        ),
        OLLAMA,
    ),
    **dict.fromkeys(
        (
            "llama_cpp.Llama",
            "llama_cpp.Llama.from_pretrained",
            "langchain_community.llms.LlamaCpp",
            "langchain_community.llms.llamacpp.LlamaCpp",
            "langchain_community.chat_models.ChatLlamaCpp",
            "llama_index.llms.llama_cpp.LlamaCPP",
        ),
        LLAMA_CPP,
    ),
}

# Packages whose classes make a hosted model or its client (`ChatOpenAI(...)`, `Anthropic()`),
# and framework packages of model classes, of which those in LOCAL_MODELS are the local ones.
HOSTED_MODEL_PACKAGES = (
    "openai",
    "anthropic",
    "langchain_openai",
    "langchain_anthropic",
    "langchain_google_genai",
    "langchain_google_vertexai",
    "langchain_groq",
    "langchain_mistralai",
    "langchain_aws",
    "langchain_cohere",
    "langchain_deepseek",
    "langchain_xai",
    "langchain_together",
    "langchain_fireworks",
    "langchain_nvidia_ai_endpoints",
    "google.genai",
    "google.generativeai",
    "vertexai",
    "groq",
    "mistralai",
    "cohere",
    "together",
    "agno.models",
    "strands.models",
    "pydantic_ai.models",
    "autogen_ext.models",
    "llama_index.llms",
    "camel.models",
)

# A model named by a string (`LLM(model="ollama/llama3")`, `init_chat_model("openai:gpt-4o")`):
# the keywords that name it, and how the name starts for each kind.
MODEL_NAME_KEYWORDS = ("model", "model_id", "model_name")
# Factories that take the model's name first: `init_chat_model("gpt-4o")`, `Agent("openai:gpt-4o")`.
MODEL_NAME_FIRST = frozenset(
    {
        "langchain.chat_models.init_chat_model",
        "pydantic_ai.Agent",
        "crewai.LLM",
        "litellm.completion",
        "litellm.acompletion",
        "smolagents.LiteLLMModel",
    }
)
LOCAL_NAME_PREFIXES = ("ollama/", "ollama_chat/", "ollama:")
HOSTED_NAME_PREFIXES = (
    "gpt-",
    "gpt4",
    "chatgpt",
    "o1",
    "o3",
    "o4-",
    "claude",
    "gemini",
    "openai/",
    "openai:",
    "anthropic/",
    "anthropic:",
    "google",
    "vertex",
    "azure/",
    "azure:",
    "bedrock/",
    "bedrock:",
    "groq/",
    "groq:",
    "mistral/",
    "mistral:",
    "deepseek/",
    "deepseek:",
    "openrouter/",
    "xai/",
    "grok",
    "together",
    "fireworks",
    "cohere",
    "command-r",
)
# An MCP server's tools answer whatever client connects (Claude Desktop, an IDE): a model the code
# does not show, so one of these made anywhere keeps the configured budget.
MCP_SERVERS = frozenset(
    {
        "mcp.server.fastmcp.FastMCP",
        "fastmcp.FastMCP",
        "mcp.server.Server",
        "mcp.server.lowlevel.Server",
        "mcp.server.lowlevel.server.Server",
    }
)
# A client of the OpenAI protocol pointed at a local Ollama server (`base_url=".../11434/v1"`).
BASE_URL_KEYWORDS = ("base_url", "api_base", "host")
OLLAMA_PORT = ":11434"
LOCAL_HOSTS = ("localhost", "127.0.0.1", "0.0.0.0", "host.docker.internal")
