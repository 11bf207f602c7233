"""`boundlint server` end to end: a real client over stdio, a project on disk, edits in buffers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.server.conftest import (
    CONFIG,
    capabilities,
    open_document,
    published,
    replace_text,
    start,
    wait_for,
    write_project,
)

pytestmark = pytest.mark.asyncio(loop_scope="function")

TOOLS_FIXED_BY_HAND = '''import requests
from boundlint_runtime import truncate_text
from langchain_core.tools import tool


@tool
def fetch_page(url: str) -> str:
    """Fetch a web page."""
    return truncate_text(requests.get(url, timeout=10).text, max_chars=16_000)
'''


@pytest_lsp.fixture(config=CONFIG)
async def vscode(lsp_client: LanguageClient, tmp_path: Path):
    """VS Code's capabilities: diagnostics pushed, positions in UTF-16."""
    write_project(tmp_path)
    await start(lsp_client, tmp_path, capabilities("visual-studio-code"))
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG)
async def puller(lsp_client: LanguageClient, tmp_path: Path):
    """Neovim 0.11's capabilities (UTF-8 offered first), with pull diagnostics and refresh."""
    write_project(tmp_path)
    await start(lsp_client, tmp_path, capabilities("neovim@v0.11.0", pull=True))
    yield
    await lsp_client.shutdown_session()


def codes(client: LanguageClient, uri: str) -> list[tuple[str, int]]:
    return sorted((str(d.code), d.range.start.line) for d in client.diagnostics.get(uri, []))


async def test_open_gives_the_files_findings_with_rule_link_and_fix(vscode: LanguageClient, tmp_path: Path):
    uri = open_document(vscode, tmp_path / "agent/tools.py")
    await wait_for(lambda: vscode.diagnostics.get(uri))
    (diagnostic,) = vscode.diagnostics[uri]
    assert diagnostic.code == "BL001" and diagnostic.source == "boundlint"
    assert diagnostic.range.start == types.Position(7, 4)
    assert diagnostic.severity == types.DiagnosticSeverity.Warning  # high confidence
    assert diagnostic.code_description is not None and diagnostic.code_description.href.endswith("BL001.md")
    assert diagnostic.data["fix"]["applicability"] == "safe"
    assert published(vscode, uri)[-1].version == 1


async def test_an_edit_replaces_the_diagnostics_and_stale_versions_are_not_published(
    vscode: LanguageClient, tmp_path: Path
):
    uri = open_document(vscode, tmp_path / "agent/tools.py")
    await wait_for(lambda: vscode.diagnostics.get(uri))
    text = (tmp_path / "agent/tools.py").read_text(encoding="utf-8")
    for version in range(2, 7):  # typed faster than the debounce: only the last version is analysed
        replace_text(vscode, uri, version, text + "\n" * version)
    replace_text(vscode, uri, 7, TOOLS_FIXED_BY_HAND)
    await wait_for(lambda: published(vscode, uri, 7))
    assert not vscode.diagnostics[uri]
    assert [p.version for p in published(vscode, uri)] == [1, 7]
    assert not (tmp_path / "agent/tools.py").read_text(encoding="utf-8").count("truncate_text")  # nothing written


async def unregister_read_page(client: LanguageClient, tmp_path: Path) -> tuple[str, str]:
    """Open helpers.py (its tool flagged), then type into registry.py a version that no longer
    registers the tool (without the registration, read_page is no tool). The two documents' URIs."""
    helpers = open_document(client, tmp_path / "agent/helpers.py")
    await wait_for(lambda: codes(client, helpers) == [("BL001", 5)])
    registry = open_document(client, tmp_path / "agent/registry.py")
    replace_text(client, registry, 2, "from agent.helpers import read_page\n\nTOOLS = [read_page]\n")
    return helpers, registry


async def test_a_change_in_one_file_refreshes_an_open_file_whose_findings_it_moves(
    vscode: LanguageClient, tmp_path: Path
):
    helpers, registry = await unregister_read_page(vscode, tmp_path)
    await wait_for(lambda: published(vscode, helpers) and not vscode.diagnostics[helpers])
    replace_text(vscode, registry, 3, (tmp_path / "agent/registry.py").read_text(encoding="utf-8"))
    await wait_for(lambda: codes(vscode, helpers) == [("BL001", 5)])


HELPERS_CUT = '''import requests
from boundlint_runtime import truncate_text


def read_page(url: str) -> str:
    """Read a page."""
    return truncate_text(requests.get(url, timeout=10).text, max_chars=2_000)
'''


async def test_a_finding_only_a_closed_file_reports_comes_with_the_full_run_after_the_first_pass(
    vscode: LanguageClient, tmp_path: Path
):
    """registry.py, never opened, registers helpers.read_page. Opened cut, then typed back to the
    text on disk: the first pass leaves the registry out (its last answer had nothing in
    helpers.py), and the full run that follows brings the finding, for that version."""
    path = tmp_path / "agent/helpers.py"
    helpers = open_document(vscode, path, text=HELPERS_CUT)
    await wait_for(lambda: published(vscode, helpers, 1))
    assert not vscode.diagnostics[helpers]
    replace_text(vscode, helpers, 2, path.read_text(encoding="utf-8"))
    await wait_for(lambda: codes(vscode, helpers) == [("BL001", 5)])
    assert published(vscode, helpers)[-1].version == 2


async def test_quick_fix_and_ignore_actions_apply_cleanly(vscode: LanguageClient, tmp_path: Path):
    path = tmp_path / "agent/tools.py"
    uri = open_document(vscode, path)
    (diagnostic,) = await wait_for(lambda: vscode.diagnostics.get(uri))
    found = await vscode.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri),
            diagnostic.range,
            types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    titles = [action.title for action in found]
    assert titles == [
        "Wrap the returned value in `truncate_text(..., max_chars=16_000)` (BL001)",
        "Ignore BL001 on this line",
    ]
    fix, ignore = found
    assert fix.is_preferred and fix.kind == types.CodeActionKind.QuickFix
    text = path.read_text(encoding="utf-8")
    fixed = apply(text, fix.edit)
    assert fixed == TOOLS_FIXED_BY_HAND
    compile(fixed, "tools.py", "exec")
    ignored = apply(text, ignore.edit)
    assert ignored.splitlines()[7].endswith(".text  # boundlint: ignore[BL001]")
    # The edited buffer, sent back, has no finding left.
    replace_text(vscode, uri, 2, fixed)
    await wait_for(lambda: published(vscode, uri, 2))
    assert not vscode.diagnostics[uri]


async def test_an_edits_finding_arrives_and_its_fix_follows_for_the_same_version(
    vscode: LanguageClient, tmp_path: Path
):
    uri = open_document(vscode, tmp_path / "agent/helpers.py")
    await wait_for(lambda: vscode.diagnostics.get(uri))
    text = (tmp_path / "agent/helpers.py").read_text(encoding="utf-8")
    replace_text(vscode, uri, 2, text.replace("    return", "    # typed\n    return"))

    # Shown with or without its fix (the first pass leaves fixes to the run after it); the fix
    # comes for the same version, and the quick fix needs no analysis.
    def with_fix() -> bool:
        shown = published(vscode, uri, 2)
        return bool(shown) and all(d.data and d.data.get("fix") for d in shown[-1].diagnostics)

    await wait_for(with_fix)
    (finding,) = published(vscode, uri, 2)[-1].diagnostics
    assert finding.data["fix"]["applicability"] == "safe"
    found = await vscode.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri), finding.range, types.CodeActionContext(diagnostics=[finding])
        )
    )
    assert [action.kind for action in found][0] == types.CodeActionKind.QuickFix


async def test_fix_all_on_save_gives_the_safe_fixes_as_minimal_edits(vscode: LanguageClient, tmp_path: Path):
    path = tmp_path / "agent/tools.py"
    uri = open_document(vscode, path)
    await wait_for(lambda: vscode.diagnostics.get(uri))
    found = await vscode.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri),
            types.Range(types.Position(0, 0), types.Position(0, 0)),
            types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll]),
        )
    )
    (action,) = found
    assert action.kind == "source.fixAll.boundlint"
    text = path.read_text(encoding="utf-8")
    fixed = apply(text, action.edit)
    assert "return truncate_text(requests.get(url, timeout=10).text, max_chars=16_000)" in fixed
    assert "from boundlint_runtime import truncate_text" in fixed
    edits = action.edit.document_changes[0].edits
    assert all(edit.range.start.line >= 1 for edit in edits)  # line 1 (`import requests`) is untouched


async def test_syntax_errors_mid_edit_give_bl900_and_the_server_goes_on(vscode: LanguageClient, tmp_path: Path):
    uri = open_document(vscode, tmp_path / "agent/tools.py")
    await wait_for(lambda: vscode.diagnostics.get(uri))
    replace_text(vscode, uri, 2, "def fetch_page(url:\n    return (\n")
    await wait_for(lambda: published(vscode, uri, 2))
    assert [d.code for d in vscode.diagnostics[uri]] == ["BL900"]
    assert vscode.diagnostics[uri][0].severity == types.DiagnosticSeverity.Error
    replace_text(vscode, uri, 3, (tmp_path / "agent/tools.py").read_text(encoding="utf-8"))
    await wait_for(lambda: published(vscode, uri, 3))
    assert [d.code for d in vscode.diagnostics[uri]] == ["BL001"]


async def test_positions_count_utf16_units_on_lines_with_astral_characters(vscode: LanguageClient, tmp_path: Path):
    path = tmp_path / "agent/emoji.py"
    path.write_text(
        "import requests\nfrom langchain_core.tools import tool\n\n\n@tool\ndef page(url: str) -> str:\n"
        '    """Fetch."""\n    x = "😀é"; return requests.get(url).text\n',
        encoding="utf-8",
    )
    uri = open_document(vscode, path)
    (diagnostic,) = await wait_for(lambda: vscode.diagnostics.get(uri))
    line = '    x = "😀é"; return requests.get(url).text'
    start = line.index("return")
    assert diagnostic.range.start == types.Position(7, start + 1)  # the emoji is two UTF-16 units
    assert diagnostic.range.end == types.Position(7, len(line) + 1)


async def test_a_bad_configuration_is_shown_and_the_last_good_one_stays(vscode: LanguageClient, tmp_path: Path):
    uri = open_document(vscode, tmp_path / "agent/tools.py")
    await wait_for(lambda: vscode.diagnostics.get(uri))
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + '\n[tool.boundlint]\nselect = ["BL0O1"]\n')
    vscode.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams([types.FileEvent(pyproject.as_uri(), types.FileChangeType.Changed)])
    )
    await wait_for(lambda: any("BL0O1" in m.message for m in vscode.messages))
    text = (tmp_path / "agent/tools.py").read_text(encoding="utf-8")
    replace_text(vscode, uri, 2, text + "\n")
    await wait_for(lambda: published(vscode, uri, 2))
    assert [d.code for d in vscode.diagnostics[uri]] == ["BL001"]  # still checked, with the old configuration
    assert sum("BL0O1" in m.message for m in vscode.messages) == 1  # said once, not after every run


async def test_files_deleted_and_created_on_disk_are_seen_when_the_editor_says_so(
    vscode: LanguageClient, tmp_path: Path
):
    """The server keeps the folder's list of files while the client watches them."""
    await wait_for(lambda: any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in vscode.registrations))
    helpers = open_document(vscode, tmp_path / "agent/helpers.py")
    await wait_for(lambda: codes(vscode, helpers) == [("BL001", 5)])  # registry.py registers it
    registry = tmp_path / "agent/registry.py"
    text = registry.read_text(encoding="utf-8")

    def tell(kind: types.FileChangeType) -> None:
        vscode.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams([types.FileEvent(registry.as_uri(), kind)])
        )

    registry.unlink()
    tell(types.FileChangeType.Deleted)
    await wait_for(lambda: published(vscode, helpers) and not vscode.diagnostics[helpers])
    moved = tmp_path / "agent/tool_registry.py"
    registry = moved
    registry.write_text(text, encoding="utf-8")
    tell(types.FileChangeType.Created)
    await wait_for(lambda: codes(vscode, helpers) == [("BL001", 5)])


async def test_a_configuration_change_on_disk_is_read_again(vscode: LanguageClient, tmp_path: Path):
    uri = open_document(vscode, tmp_path / "agent/tools.py")
    await wait_for(lambda: vscode.diagnostics.get(uri))
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + '\n[tool.boundlint]\nignore = ["BL001"]\n')
    # No watcher event: the client (VS Code 1.65's capabilities here) may not watch files for us.
    replace_text(vscode, uri, 2, (tmp_path / "agent/tools.py").read_text(encoding="utf-8") + "\n")
    await wait_for(lambda: published(vscode, uri, 2))
    assert not vscode.diagnostics[uri]


async def test_settings_change_minimum_confidence_and_enable(vscode: LanguageClient, tmp_path: Path):
    uri = open_document(vscode, tmp_path / "agent/tools.py")
    await wait_for(lambda: vscode.diagnostics.get(uri))
    vscode.workspace_did_change_configuration(types.DidChangeConfigurationParams({"boundlint": {"enable": False}}))
    await wait_for(lambda: not vscode.diagnostics[uri])
    vscode.workspace_did_change_configuration(
        types.DidChangeConfigurationParams({"settings": {"enable": True, "minConfidence": "hgih"}})
    )
    await wait_for(lambda: any("minConfidence" in m.message for m in vscode.messages))
    await wait_for(lambda: vscode.diagnostics[uri])


async def test_hover_on_a_suppression_code_shows_the_rule_page(vscode: LanguageClient, tmp_path: Path):
    path = tmp_path / "agent/quiet.py"
    path.write_text("x = 1  # boundlint: ignore[BL004]  # noqa: BL001\n", encoding="utf-8")
    uri = open_document(vscode, path)
    hover = await vscode.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 30))
    )
    assert hover is not None and hover.contents.value.startswith("# BL004 silent-truncation")
    hover = await vscode.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 48))
    )
    assert hover is not None and hover.contents.value.startswith("# BL001")
    assert (
        await vscode.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 2))
        )
        is None
    )


async def test_close_clears_the_diagnostics(vscode: LanguageClient, tmp_path: Path):
    uri = open_document(vscode, tmp_path / "agent/tools.py")
    await wait_for(lambda: vscode.diagnostics.get(uri))
    vscode.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    await wait_for(lambda: not vscode.diagnostics[uri])


async def test_pull_diagnostics_with_refresh_after_a_cross_file_change(puller: LanguageClient, tmp_path: Path):
    helpers = open_document(puller, tmp_path / "agent/helpers.py")
    report = await puller.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(types.TextDocumentIdentifier(helpers))
    )
    assert [(d.code, d.range.start.line) for d in report.items] == [("BL001", 5)]
    assert report.items[0].range.start.character == 4
    again = await puller.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(types.TextDocumentIdentifier(helpers), previous_result_id=report.result_id)
    )
    assert again.kind == "unchanged"
    registry = open_document(puller, tmp_path / "agent/registry.py")
    refreshes = puller.diagnostic_refresh_count
    replace_text(puller, registry, 2, "from agent.helpers import read_page\n\nTOOLS = [read_page]\n")
    await wait_for(lambda: puller.diagnostic_refresh_count > refreshes)
    report = await puller.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(types.TextDocumentIdentifier(helpers))
    )
    assert not report.items
    assert puller.published == []  # a pulling client is never pushed to


async def test_a_cancelled_pull_is_answered_and_the_server_goes_on(puller: LanguageClient, tmp_path: Path):
    uri = open_document(puller, tmp_path / "agent/tools.py")
    pending = puller.protocol.send_request(
        types.TEXT_DOCUMENT_DIAGNOSTIC, types.DocumentDiagnosticParams(types.TextDocumentIdentifier(uri)), msg_id=99
    )
    puller.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id=99))
    try:  # answered either way: cancelled, or done before the cancel arrived
        await asyncio.wrap_future(pending)
    except Exception as error:  # noqa: BLE001
        assert "cancel" in str(error).lower()
    report = await puller.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(types.TextDocumentIdentifier(uri))
    )
    assert [d.code for d in report.items] == ["BL001"]


def apply(text: str, edit: types.WorkspaceEdit) -> str:
    """`text` with a workspace edit of one document applied (UTF-16 positions, as VS Code's)."""
    (change,) = edit.document_changes
    lines = text.splitlines(keepends=True)

    def offset(position: types.Position) -> int:
        before = sum(len(line) for line in lines[: position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = 0
        for index, char in enumerate(line):
            if units >= position.character:
                return before + index
            units += 2 if ord(char) > 0xFFFF else 1
        return before + len(line)

    for item in sorted(change.edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(item.range.start)] + item.new_text + text[offset(item.range.end) :]
        lines = text.splitlines(keepends=True)
    return text


FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
PIECES = [
    "(",
    ")",
    '"""',
    "'",
    "\n",
    "    ",
    "def ",
    "return ",
    "😀",
    "é",
    "[:",
    "]",
    "\\",
    "#",
    "@tool\n",
    "async ",
    "\t",
]


@pytest_lsp.fixture(config=CONFIG)
async def on_fixtures(lsp_client: LanguageClient, tmp_path: Path):
    """VS Code's capabilities, on a copy of the bundled example project."""
    import shutil

    shutil.copytree(FIXTURES, tmp_path / "project")
    await start(lsp_client, tmp_path / "project", capabilities("visual-studio-code"), debounce=0)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_edits_to_real_files_never_stop_the_server(on_fixtures: LanguageClient, tmp_path: Path, seed: int):
    import random

    chance = random.Random(seed)
    files = sorted((tmp_path / "project").rglob("*.py"))
    path = chance.choice([f for f in files if f.stat().st_size > 500])
    text = path.read_text(encoding="utf-8")
    uri = open_document(on_fixtures, path, 1, text)
    for version in range(2, 32):
        start = chance.randrange(len(text) + 1)
        end = min(len(text), start + chance.choice([0, 0, 1, 5, 40]))
        text = text[:start] + "".join(chance.choices(PIECES, k=chance.randint(0, 3))) + text[end:]
        replace_text(on_fixtures, uri, version, text)
        lines = text.split("\n")
        line = chance.randrange(len(lines))
        position = types.Position(line, chance.randint(0, len(lines[line])))
        identifier = types.TextDocumentIdentifier(uri)
        await on_fixtures.text_document_hover_async(types.HoverParams(identifier, position))
        diagnostics = list(on_fixtures.diagnostics.get(uri, []))
        actions = await on_fixtures.text_document_code_action_async(
            types.CodeActionParams(
                identifier, types.Range(position, position), types.CodeActionContext(diagnostics=diagnostics)
            )
        )
        assert actions is None or isinstance(actions, (list, tuple))
    # Liveness, not speed: 30 edits each re-analyse the folder, which a loaded 2-core machine may
    # take well over the usual 30 s to work through (speed is the benchmarks' business).
    await wait_for(lambda: published(on_fixtures, uri, 31), timeout=180.0)
    assert on_fixtures.error is None
    # The server still answers, and its last diagnostics are for the last text.
    for diagnostic in on_fixtures.diagnostics[uri]:
        assert diagnostic.source == "boundlint" and diagnostic.range.start.line <= len(text.split("\n"))


@pytest_lsp.fixture(config=CONFIG)
async def neovim(lsp_client: LanguageClient, tmp_path: Path):
    """Neovim 0.11's capabilities as bundled: it can pull, but cannot be told to pull again."""
    write_project(tmp_path)
    await start(lsp_client, tmp_path, capabilities("neovim@v0.11.0"))
    yield
    await lsp_client.shutdown_session()


async def test_a_client_that_cannot_be_told_to_pull_again_gets_diagnostics_pushed(
    neovim: LanguageClient, tmp_path: Path
):
    helpers, _ = await unregister_read_page(neovim, tmp_path)
    await wait_for(lambda: len(published(neovim, helpers)) > 1 and not neovim.diagnostics[helpers])


@pytest_lsp.fixture(config=CONFIG)
async def two_folders(lsp_client: LanguageClient, tmp_path: Path):
    """Two workspace folders; the second's configuration ignores BL001."""
    first, second = tmp_path / "first", tmp_path / "second"
    write_project(first)
    write_project(second)
    pyproject = second / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + '\n[tool.boundlint]\nignore = ["BL001"]\n')
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities("visual-studio-code"),
            workspace_folders=[
                types.WorkspaceFolder(uri=first.as_uri(), name="first"),
                types.WorkspaceFolder(uri=second.as_uri(), name="second"),
            ],
            initialization_options={"settings": {"debounce": 50}},
        )
    )
    yield
    await lsp_client.shutdown_session()


async def test_each_workspace_folder_is_checked_with_its_own_configuration(two_folders: LanguageClient, tmp_path: Path):
    first = open_document(two_folders, tmp_path / "first/agent/tools.py")
    second = open_document(two_folders, tmp_path / "second/agent/tools.py")
    await wait_for(lambda: published(two_folders, first) and published(two_folders, second))
    await wait_for(lambda: codes(two_folders, first) == [("BL001", 7)])
    assert not two_folders.diagnostics[second]


@pytest_lsp.fixture(config=CONFIG)
async def odd_folder(lsp_client: LanguageClient, tmp_path: Path):
    """A workspace folder whose name a URI must escape: a space, a plus, a non-ASCII letter."""
    root = tmp_path / "my agents+tools é"
    root.mkdir()
    write_project(root)
    await start(lsp_client, root, capabilities("visual-studio-code"))
    yield
    await lsp_client.shutdown_session()


async def test_diagnostics_and_fixes_come_for_the_uri_the_client_sent(odd_folder: LanguageClient, tmp_path: Path):
    path = tmp_path / "my agents+tools é" / "agent/tools.py"
    uri = open_document(odd_folder, path)
    assert "%20" in uri and "%2B" in uri  # as VS Code and pathlib write it
    (diagnostic,) = await wait_for(lambda: odd_folder.diagnostics.get(uri))
    assert diagnostic.code == "BL001" and published(odd_folder, uri)[-1].version == 1
    assert all(" " not in notice.uri for notice in odd_folder.published)  # type: ignore[attr-defined]
    found = await odd_folder.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri), diagnostic.range, types.CodeActionContext(diagnostics=[diagnostic])
        )
    )
    assert [action.kind for action in found][:1] == [types.CodeActionKind.QuickFix]
