"""The server: LSP messages in, analyses off the message loop, diagnostics and actions out.

Edits are debounced per workspace folder; an analysis runs in a thread, on a
snapshot of the open buffers, and its diagnostics are delivered only for
documents still at the version it saw (a newer edit has its own run coming).
Diagnostics are pulled when the client can pull them (`textDocument/diagnostic`,
with `workspace/diagnostic/refresh` after a change in one file moves another
file's findings), and pushed otherwise.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import os
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from boundlint import __version__
from boundlint.core.cancel import Cancelled
from boundlint.core.findings import Finding
from boundlint.discover.files import holds
from boundlint.engine.gc_tuning import settle_after_run
from boundlint.fix.apply import split_lines
from boundlint.server import actions
from boundlint.server.diagnostics import SOURCE, to_diagnostic
from boundlint.server.folder_state import Buffer, FolderState, RunOutcome
from boundlint.server.hover import rule_at, rule_hover
from boundlint.server.positions import from_lsp_character, line_of
from boundlint.server.settings import ServerSettings, read_settings

log = logging.getLogger("boundlint.server")

WATCHED = ("**/pyproject.toml", "**/*.py", "**/.gitignore")


class BoundlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("boundlint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.settings = ServerSettings()
        self.states: dict[Path, FolderState] = {}  # by workspace folder (or by file, for a file outside them)
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="boundlint-analysis")
        self.tasks: dict[Path, asyncio.Task[None]] = {}  # the latest run scheduled per state
        self.later: dict[Path, asyncio.Task[None]] = {}  # the full run that follows a first pass
        self.sleeping: set[asyncio.Task[None]] = set()  # runs still in their debounce wait
        self.outcomes: dict[Path, RunOutcome] = {}  # the last run of each state
        self.delivered: dict[str, tuple[int | None, str]] = {}  # uri -> (version, digest) last given
        self.pull = False
        self.watching = False  # the client tells us of files created, changed and deleted
        self.refresh_support = False
        self.snippets = False
        self.progress_support = False
        self.shown_config_errors: dict[Path, str | None] = {}
        self.setting_problems: list[str] = []  # said once the client is ready to show messages

    # -- documents and folders --------------------------------------------------------

    @property
    def encoding(self) -> str:
        return str(self.workspace.position_encoding or types.PositionEncodingKind.Utf16)

    def open_buffers(self) -> dict[Path, Buffer]:
        """A snapshot of the open documents (taken on the message loop, read by the analysis)."""
        buffers = {}
        for document in list(self.workspace.text_documents.values()):
            path = _path(document.uri)
            if path is not None and path.suffix in (".py", ".pyi"):
                buffers[path] = Buffer(document.source, document.version)
        return buffers

    def state_for(self, path: Path) -> FolderState:
        holding = [folder for folder, state in self.states.items() if state.is_folder and state.holds(path)]
        if holding:
            return self.states[max(holding, key=lambda folder: len(folder.parts))]
        if path not in self.states:  # a file outside every workspace folder: checked within its project
            self.states[path] = FolderState(path.parent, self.settings, [path])
        return self.states[path]

    def add_folder(self, uri: str) -> FolderState | None:
        folder = _path(uri)
        if folder is None or folder in self.states:
            return None
        self.states[folder] = FolderState(folder, self.settings)
        self.states[folder].watching = self.watching
        for key in [key for key, state in self.states.items() if not state.is_folder and holds(folder, key)]:
            del self.states[key]  # a file opened before its folder was known: the folder checks it now
        return self.states[folder]

    def report_config(self, state: FolderState) -> None:
        """Show a configuration error once, not after every run while it stays."""
        if self.shown_config_errors.get(state.key) == state.config_error:
            return
        self.shown_config_errors[state.key] = state.config_error
        if state.config_error is not None:
            self.window_show_message(
                types.ShowMessageParams(
                    types.MessageType.Error,
                    f"boundlint: {state.config_error} (the last good configuration stays in use)",
                )
            )

    # -- runs -------------------------------------------------------------------------

    def schedule(self, state: FolderState, delay: float, persist: bool = False) -> asyncio.Task[None]:
        """Run `state` after `delay` seconds; a run still waiting out its delay is replaced."""
        previous = self.tasks.get(state.key)
        if previous is not None and previous in self.sleeping:
            previous.cancel()
        task = asyncio.ensure_future(self._run_later(state, delay, persist=persist))
        self.sleeping.add(task)
        self.tasks[state.key] = task
        return task

    async def _run_later(
        self, state: FolderState, delay: float, progress_token: str | None = None, persist: bool = False
    ) -> None:
        task = asyncio.current_task()
        try:
            await asyncio.sleep(delay)
        finally:
            self.sleeping.discard(task)
        buffers = self.open_buffers()
        loop = asyncio.get_running_loop()
        progress = self._progress_reporter(loop, progress_token) if progress_token else None
        # The open files first: their roots' findings now; their fixes, and the roots they do not
        # show, after (`_catch_up`).
        run = functools.partial(state.run, buffers, progress, persist=persist, open_first=True)
        outcome = await self._analyse(state, run)
        if outcome is not None and not outcome.complete:
            self.later[state.key] = asyncio.ensure_future(self._catch_up(state, task, buffers, persist))
        else:
            await loop.run_in_executor(self.pool, settle_after_run, persist)

    async def _catch_up(
        self, state: FolderState, scheduled: asyncio.Task[None] | None, buffers: dict[Path, Buffer], persist: bool
    ) -> None:
        """The full run after a first pass, given up as soon as a newer run is scheduled."""
        run = functools.partial(
            state.run, buffers, persist=persist, stop=lambda: self.tasks.get(state.key) is not scheduled
        )
        if await self._analyse(state, run) is not None:
            await asyncio.get_running_loop().run_in_executor(self.pool, settle_after_run, persist)

    async def _analyse(self, state: FolderState, run: Callable[[], RunOutcome]) -> RunOutcome | None:
        """`run` off the message loop; its diagnostics delivered. None: it failed or gave up."""
        try:
            outcome = await asyncio.get_running_loop().run_in_executor(self.pool, run)
        except Cancelled:
            return None
        except Exception as error:  # noqa: BLE001 - the server keeps running
            log.exception("analysis of %s failed", state.folder)
            self.window_log_message(types.LogMessageParams(types.MessageType.Error, f"boundlint: {error}"))
            return None
        for message in outcome.errors:
            log.warning("%s", message)
        self.report_config(state)
        self.outcomes[state.key] = outcome
        self.deliver(state, outcome)
        return outcome

    def deliver(self, state: FolderState, outcome: RunOutcome) -> None:
        """Push the diagnostics of every open document whose findings changed, at the version the
        run saw; in pull mode, ask the client to pull again instead."""
        moved = False
        # The document's URI as the client wrote it: pygls keys its documents by the URI decoded
        # (`a%20b` as `a b`), which is not a URI, and not what the client looks its files up by.
        for document in list(self.workspace.text_documents.values()):
            uri = document.uri
            path = _path(uri)
            if path is None or path not in outcome.versions or outcome.versions[path] != document.version:
                continue  # not this state's, or edited since: its own run is coming
            diagnostics = self.diagnostics_for(state, path, document.source)
            digest = _digest(diagnostics)
            if self.delivered.get(uri, (None, ""))[1] == digest and self.delivered[uri][0] == document.version:
                continue
            self.delivered[uri] = (document.version, digest)
            moved = True
            if not self.pull:
                self.text_document_publish_diagnostics(
                    types.PublishDiagnosticsParams(uri, diagnostics, version=document.version)
                )
        if self.pull and moved and self.refresh_support:
            self.workspace_diagnostic_refresh(None)

    def diagnostics_for(self, state: FolderState, path: Path, text: str) -> list[types.Diagnostic]:
        if not self.settings.enable:
            return []
        lines = split_lines(text)
        findings: list[Finding] = state.findings.get(path, [])
        return [to_diagnostic(finding, lines, self.encoding, self.settings) for finding in findings]

    def _progress_reporter(self, loop: asyncio.AbstractEventLoop, token: str) -> Any:
        last = [-1]

        def report(done: int, total: int) -> None:
            percentage = int(100 * done / total) if total else 100
            if percentage >= last[0] + 5 or done == total:
                last[0] = percentage
                value = types.WorkDoneProgressReport(message=f"{done}/{total} files with tools", percentage=percentage)
                loop.call_soon_threadsafe(self.work_done_progress.report, token, value)

        return report

    async def build(self, state: FolderState) -> None:
        """The first run of a folder, with progress shown where the client can show it."""
        token = None
        if self.progress_support:
            token = str(uuid.uuid4())
            try:
                await self.work_done_progress.create_async(token)
                self.work_done_progress.begin(
                    token, types.WorkDoneProgressBegin(title=f"boundlint: checking {state.folder.name}", percentage=0)
                )
            except Exception:  # noqa: BLE001 - a client that refuses progress still gets diagnostics
                token = None
        task = asyncio.ensure_future(self._run_later(state, 0, token, persist=True))
        self.tasks[state.key] = task
        try:
            await task
        finally:
            if token is not None:
                self.work_done_progress.end(token, types.WorkDoneProgressEnd(message="done"))

    def rerun_all(self) -> None:
        for state in list(self.states.values()):
            self.schedule(state, 0)


def _path(uri: str) -> Path | None:
    if not uri.startswith("file:"):
        return None
    fs_path = to_fs_path(uri)
    return Path(os.path.abspath(fs_path)) if fs_path else None


def _digest(diagnostics: list[types.Diagnostic]) -> str:
    shape = [
        (
            d.code,
            d.message,
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            json.dumps(d.data, sort_keys=True, default=str),
        )
        for d in diagnostics
    ]
    return hashlib.sha1(repr(shape).encode("utf-8", "surrogatepass")).hexdigest()[:16]


server = BoundlintServer()


# -- lifecycle ------------------------------------------------------------------------


@server.feature(types.INITIALIZE)
def initialize(ls: BoundlintServer, params: types.InitializeParams) -> None:
    capabilities = params.capabilities
    workspace = capabilities.workspace
    ls.refresh_support = bool(workspace and workspace.diagnostics and workspace.diagnostics.refresh_support)
    # Pull only where the client can be told to pull again: a change in one file moves the
    # findings of another, and a client that cannot be told would show them stale.
    ls.pull = bool(capabilities.text_document and capabilities.text_document.diagnostic) and ls.refresh_support
    ls.snippets = bool(workspace and workspace.workspace_edit and workspace.workspace_edit.snippet_edit_support)
    ls.progress_support = bool(capabilities.window and capabilities.window.work_done_progress)
    ls.settings, ls.setting_problems = read_settings(params.initialization_options)
    # The folders' states exist before the first document is opened (`initialized` waits on the
    # client), so that no file is taken for one outside every folder.
    folders = [folder.uri for folder in params.workspace_folders or []]
    for uri in folders or ([params.root_uri] if params.root_uri else []):
        ls.add_folder(uri)


@server.feature(types.INITIALIZED)
async def initialized(ls: BoundlintServer, params: types.InitializedParams) -> None:
    for problem in ls.setting_problems:
        ls.window_show_message(types.ShowMessageParams(types.MessageType.Warning, f"boundlint: {problem}"))
    watch = ls.client_capabilities.workspace and ls.client_capabilities.workspace.did_change_watched_files
    if watch and watch.dynamic_registration:
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern=pattern) for pattern in WATCHED]
        )
        try:
            await ls.client_register_capability_async(
                types.RegistrationParams(
                    [types.Registration(str(uuid.uuid4()), types.WORKSPACE_DID_CHANGE_WATCHED_FILES, options)]
                )
            )
            ls.watching = True
        except Exception:  # noqa: BLE001 - without it, each run looks at the configuration file itself
            log.info("the client did not register file watching")
    for state in ls.states.values():
        state.watching = ls.watching
    states = [state for state in ls.states.values() if state.is_folder]
    for state in states:
        ls.report_config(state)
    await asyncio.gather(*(ls.build(state) for state in states))


@server.feature(types.SHUTDOWN)
def shutdown(ls: BoundlintServer, params: None) -> None:
    for task in [*ls.tasks.values(), *ls.later.values()]:
        task.cancel()
    ls.pool.shutdown(wait=False, cancel_futures=True)


@server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
async def folders_changed(ls: BoundlintServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
    for removed in params.event.removed:
        path = _path(removed.uri)
        if path is not None:
            ls.states.pop(path, None)
    for added in params.event.added:
        state = ls.add_folder(added.uri)
        if state is not None:
            ls.report_config(state)
            await ls.build(state)


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def configuration_changed(ls: BoundlintServer, params: types.DidChangeConfigurationParams) -> None:
    sent = params.settings
    if not sent and ls.client_capabilities.workspace and ls.client_capabilities.workspace.configuration:
        try:
            answer = await ls.workspace_configuration_async(
                types.ConfigurationParams([types.ConfigurationItem(section="boundlint")])
            )
            sent = answer[0] if answer else None
        except Exception:  # noqa: BLE001 - keep the settings we have
            return
    settings, problems = read_settings(sent)
    for problem in problems:
        ls.window_show_message(types.ShowMessageParams(types.MessageType.Warning, f"boundlint: {problem}"))
    ls.settings = settings
    for state in ls.states.values():
        state.use_settings(settings)
    ls.delivered.clear()
    ls.rerun_all()


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def watched_files_changed(ls: BoundlintServer, params: types.DidChangeWatchedFilesParams) -> None:
    events = [(change.type, _path(change.uri)) for change in params.changes]
    changed = [path for _, path in events if path is not None]
    # Files created or deleted, or a changed .gitignore: the folder's list of files is made again.
    moved = [
        path
        for kind, path in events
        if path is not None and (kind != types.FileChangeType.Changed or path.name == ".gitignore")
    ]
    for state in ls.states.values():
        if any(state.holds(path) for path in moved):
            state.files_added_or_removed()
        if any(path.name == "pyproject.toml" for path in changed):
            state.reload_config()
            ls.report_config(state)
        if any(state.holds(path) or path.name == "pyproject.toml" for path in changed):
            ls.schedule(state, ls.settings.debounce_ms / 1000)


# -- documents --------------------------------------------------------------------------


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: BoundlintServer, params: types.DidOpenTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is not None:
        ls.schedule(ls.state_for(path), 0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: BoundlintServer, params: types.DidChangeTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is not None and ls.settings.run == "onType":
        ls.schedule(ls.state_for(path), ls.settings.debounce_ms / 1000)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: BoundlintServer, params: types.DidSaveTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is None:
        return
    if path.name == "pyproject.toml":
        for state in ls.states.values():
            state.reload_config()
            ls.report_config(state)
        ls.rerun_all()
    else:
        ls.schedule(ls.state_for(path), 0, persist=True)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: BoundlintServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.delivered.pop(uri, None)
    if not ls.pull:
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))
    path = _path(uri)
    if path is not None:  # its unsaved text no longer stands in for the file
        ls.schedule(ls.state_for(path), ls.settings.debounce_ms / 1000)


@server.feature(
    types.TEXT_DOCUMENT_DIAGNOSTIC,
    types.DiagnosticOptions(identifier=SOURCE, inter_file_dependencies=True, workspace_diagnostics=False),
)
async def pull_diagnostics(
    ls: BoundlintServer, params: types.DocumentDiagnosticParams
) -> types.DocumentDiagnosticReport:
    uri = params.text_document.uri
    path = _path(uri)
    if path is None:
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    state = ls.state_for(path)
    document = ls.workspace.get_text_document(uri)
    for _ in range(3):  # a run that saw this version of the document
        task = ls.tasks.get(state.key)
        if task is not None and not task.done():
            await asyncio.shield(task)  # a cancelled request stops waiting; the run goes on
        outcome = ls.outcomes.get(state.key)
        fresh = outcome is not None and outcome.versions.get(path, "absent") == document.version
        if fresh or (outcome is not None and ls.settings.run == "onSave"):
            break
        ls.schedule(state, 0)
    diagnostics = ls.diagnostics_for(state, path, document.source)
    digest = _digest(diagnostics)
    ls.delivered[uri] = (document.version, digest)
    if params.previous_result_id == digest:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=digest)
    return types.RelatedFullDocumentDiagnosticReport(items=diagnostics, result_id=digest)


# -- actions and hover -------------------------------------------------------------------


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, actions.FIX_ALL_KIND]),
)
async def code_action(ls: BoundlintServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    path = _path(uri)
    if path is None or not ls.settings.enable:
        return None
    document = ls.workspace.get_text_document(uri)
    identifier = types.OptionalVersionedTextDocumentIdentifier(uri, document.version)
    only = [str(kind) for kind in params.context.only] if params.context.only else None
    found: list[types.CodeAction] = []
    current = ls.delivered.get(uri, (None, ""))[0] == document.version  # the fixes were made on this text
    if actions.wants(only, types.CodeActionKind.QuickFix.value):
        lines = split_lines(document.source)
        for diagnostic in params.context.diagnostics:
            if diagnostic.source != SOURCE:
                continue
            if current:
                found.extend(actions.quick_fixes(diagnostic, identifier, lines, ls.encoding, ls.settings))
            ignore = actions.ignore_action(diagnostic, identifier, document.source, ls.encoding, ls.snippets)
            if ignore is not None:
                found.append(ignore)
    if ls.settings.fix_all and only and actions.wants(only, actions.FIX_ALL_KIND) and _has_safe_fix(ls, path):
        state = ls.state_for(path)
        buffers = ls.open_buffers()
        old = document.source
        new = await asyncio.get_running_loop().run_in_executor(ls.pool, state.fixed_text, path, buffers)
        if new is not None and document.version == identifier.version and document.source == old:
            found.append(actions.fix_all_action(identifier, actions.fix_all_edits(old, new, ls.encoding)))
    return found


def _has_safe_fix(ls: BoundlintServer, path: Path) -> bool:
    findings = ls.state_for(path).findings.get(path, [])
    return any(finding.fix is not None and finding.fix.get("applicability") == "safe" for finding in findings)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: BoundlintServer, params: types.HoverParams) -> types.Hover | None:
    document = ls.workspace.get_text_document(params.text_document.uri)
    text = line_of(split_lines(document.source), params.position.line + 1)
    column = from_lsp_character(text, params.position.character, ls.encoding) - 1
    code = rule_at(text, column)
    return rule_hover(code) if code is not None else None


def serve() -> None:
    """Serve over standard input and output; logs go to standard error only."""
    logging.basicConfig(level=logging.INFO, format="boundlint: %(message)s")
    logging.getLogger("pygls").setLevel(logging.WARNING)  # not every message it sends
    server.start_io()
