"""A real LSP client (pytest-lsp) driving `boundlint server` over stdio, on a project in a temporary folder."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")
pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features  # noqa: E402

SERVER = [sys.executable, "-m", "boundlint", "server"]

PROJECT = {
    "pyproject.toml": """
        [project]
        name = "demo"
        dependencies = ["boundlint-runtime"]
    """,
    "agent/__init__.py": "",
    "agent/tools.py": '''
        import requests
        from langchain_core.tools import tool


        @tool
        def fetch_page(url: str) -> str:
            """Fetch a web page."""
            return requests.get(url, timeout=10).text
    ''',
    "agent/helpers.py": '''
        import requests


        def read_page(url: str) -> str:
            """Read a page."""
            return requests.get(url, timeout=10).text
    ''',
    "agent/registry.py": """
        from langchain_core.tools import StructuredTool

        from agent.helpers import read_page

        TOOLS = [StructuredTool.from_function(read_page)]
    """,
}


def write_project(root: Path, files: dict[str, str] | None = None) -> None:
    for name, text in (files or PROJECT).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def recording_client() -> LanguageClient:
    """pytest-lsp's client, also keeping every diagnostics notification (with its version)."""
    features = dict(DEFAULT_CLIENT_FEATURES)

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        client.published.append(params)

    def register(client: LanguageClient, params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    features[types.CLIENT_REGISTER_CAPABILITY] = register
    client = LanguageClient(converter_factory=default_converter)
    client.published = []  # type: ignore[attr-defined]
    client.registrations = []  # type: ignore[attr-defined]
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=SERVER, client_factory=recording_client)


def capabilities(name: str, *, pull: bool = False) -> types.ClientCapabilities:
    found = client_capabilities(name)
    if pull:  # a client that pulls, and can be told to pull again
        found.text_document = found.text_document or types.TextDocumentClientCapabilities()
        found.text_document.diagnostic = types.DiagnosticClientCapabilities(related_document_support=False)
        found.workspace = found.workspace or types.WorkspaceClientCapabilities()
        found.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return found


async def start(client: LanguageClient, root: Path, caps: types.ClientCapabilities, **settings: Any) -> None:
    options = {"settings": {"debounce": 50, **settings}}
    await client.initialize_session(
        types.InitializeParams(
            capabilities=caps,
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            initialization_options=options,
        )
    )


async def wait_for(condition: Callable[[], Any], timeout: float = 30.0) -> Any:
    """Poll `condition` until it gives something true; fail after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = condition()
        if value:
            return value
        if loop.time() > deadline:
            raise AssertionError("timed out waiting for the server")
        await asyncio.sleep(0.02)


def open_document(client: LanguageClient, path: Path, version: int = 1, text: str | None = None) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri, "python", version, path.read_text(encoding="utf-8") if text is None else text)
        )
    )
    return uri


def replace_text(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def published(client: LanguageClient, uri: str, version: int | None = None) -> list[types.PublishDiagnosticsParams]:
    return [p for p in client.published if p.uri == uri and (version is None or p.version == version)]  # type: ignore[attr-defined]
