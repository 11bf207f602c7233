"""Time from an edit to its diagnostics in `boundlint server`, on a tree of your choice.

Starts the server over stdio (a pygls client, VS Code's position encoding),
waits for the first run of the whole folder (which builds the cache), then,
for a file that is a tool root and for one that is not, sends edits and times
each `didChange` to the `publishDiagnostics` of that version. The debounce is
set to 0 so the figures are the analysis alone; add the editor's debounce
(400 ms by default) for what a user waits. `--debounce MS` sets it as an editor
would and prints the time after it: an edit that comes while the previous one's
full run is going then finds it stopped during the debounce, as it does in use.

`--sample N` also edits N more tool files spread over the tree, and prints the
spread over all tool files: one file says little, and a tree's largest modules
cost most. `--pause S` waits S seconds after each edit's diagnostics before the
next edit, as a user pausing: the full run that follows a first pass then
finishes instead of being given up, and the time to the last update of that
version (its fixes, and whatever the rest of the folder moved) is printed too.

    python benchmarks/server_latency.py TREE [--root-file F] [--plain-file F] [--edits 10]
        [--sample 0] [--pause 0]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import re
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

# `@tool`, `@mcp.tool()`, `@function_tool`; `class X(BaseTool)`, `(Tool)` (Dify), `(Toolkit)` (Agno).
TOOL_SIGNS = re.compile(r"@[\w.]*tool\b|\((?:Base)?Tool\)|Toolkit\)")


def tool_files(tree: Path) -> list[Path]:
    """Files that look like they hold a tool, of some size, sorted (a guess from the text: the
    benchmark must not need a run of the checker to choose)."""
    found = []
    for path in sorted(tree.rglob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if len(text) > 2_000 and TOOL_SIGNS.search(text):
            found.append(path)
    return found


def choose_files(tree: Path) -> tuple[Path, Path]:
    """A file with a tool and a plain one, both of some size."""
    roots = tool_files(tree)
    plain = None
    for path in sorted(tree.rglob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "tool" not in text.lower() and len(text) > 2_000:
            plain = path
            break
    if not roots or plain is None:
        raise SystemExit("no tool file and plain file found in the tree; name them with --root-file/--plain-file")
    return roots[0], plain


def spread(files: list[Path], count: int, taken: list[Path]) -> list[Path]:
    """`count` of `files`, evenly spaced in path order, none of `taken`."""
    left = [path for path in files if path not in taken]
    if count <= 0 or not left:
        return []
    step = max(1, len(left) // count)
    return left[::step][:count]


async def measure(
    tree: Path, files: list[Path], edits: int, pause: float, edit_at: str = "function", debounce: int = 0
) -> dict[Path, list[float]]:
    client = LanguageClient("latency-bench", "1")
    arrived: dict[tuple[str, int | None], float] = {}  # the first diagnostics of each version
    last: dict[tuple[str, int | None], float] = {}  # the last: with the fixes, and the whole folder's run
    built = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        arrived.setdefault((params.uri, params.version), time.perf_counter())
        last[(params.uri, params.version)] = time.perf_counter()

    @client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
    def create(params: types.WorkDoneProgressCreateParams) -> None:
        return None

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:
        return None  # file watching, as VS Code offers it: the server then keeps the folder's file list

    @client.feature(types.PROGRESS)
    def progress(params: types.ProgressParams) -> None:
        if getattr(params.value, "kind", None) == "end" or (
            isinstance(params.value, dict) and params.value.get("kind") == "end"
        ):
            built.set()

    await client.start_io(sys.executable, "-m", "boundlint", "server")
    start = time.perf_counter()
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(
                window=types.WindowClientCapabilities(work_done_progress=True),
                workspace=types.WorkspaceClientCapabilities(
                    did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)
                ),
            ),
            root_uri=tree.as_uri(),
            workspace_folders=[types.WorkspaceFolder(tree.as_uri(), tree.name)],
            initialization_options={"settings": {"debounce": debounce}},
        )
    )
    client.initialized(types.InitializedParams())
    await asyncio.wait_for(built.wait(), 600)
    files_count = sum(1 for _ in tree.rglob("*.py"))
    print(f"{tree}: {files_count} files; first run (cache build) {time.perf_counter() - start:.2f} s")
    timings: dict[Path, list[float]] = {}
    for path in files:
        uri = path.as_uri()
        text = path.read_text(encoding="utf-8", errors="replace")
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "python", 1, text)))
        await wait(arrived, uri, 1)
        times, settled = [], []
        place = edit_place(text) if edit_at == "function" else None
        for version in range(2, edits + 2):
            if place is None:
                text = text + f"\n# edit {version}\n"
            else:
                offset, indentation = place
                text = text[:offset] + f"{indentation}edit_{version} = {version}\n" + text[offset:]
            sent = time.perf_counter()
            client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    types.VersionedTextDocumentIdentifier(version=version, uri=uri),
                    [types.TextDocumentContentChangeWholeDocument(text=text)],
                )
            )
            times.append(await wait(arrived, uri, version) - sent - debounce / 1000)
            await asyncio.sleep(pause)
            settled.append(last[(uri, version)] - sent - debounce / 1000)
        client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
        await asyncio.sleep(pause)
        timings[path] = times
        lines = len(text.splitlines())
        print(
            f"  {path.relative_to(tree)} ({lines:,} lines): edit -> diagnostics median"
            f" {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms over {edits} edits"
            + (f"; with fixes, last update median {statistics.median(settled) * 1000:.0f} ms" if pause else "")
        )
    print(f"  server memory: {server_memory(client)}")
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return timings


def edit_place(text: str) -> tuple[int, str] | None:
    """Where typing goes: the line after the first statement of the file's largest function, at
    that statement's indentation (offset, indentation); None when the file has no function."""
    try:
        syntax = ast.parse(text)
    except SyntaxError:
        return None
    functions = [node for node in ast.walk(syntax) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not functions:
        return None
    largest = max(functions, key=lambda node: (node.end_lineno or node.lineno) - node.lineno)
    first = largest.body[0]
    lines = text.splitlines(keepends=True)
    end = first.end_lineno or first.lineno
    if not lines[end - 1].endswith("\n"):
        return None
    return sum(len(line) for line in lines[:end]), lines[first.lineno - 1][: first.col_offset]


def summary(label: str, timings: list[list[float]]) -> None:
    """The spread of the files' median times: median, 90th percentile and largest."""
    medians = sorted(statistics.median(times) * 1000 for times in timings)
    if not medians:
        return
    p90 = medians[min(len(medians) - 1, int(0.9 * len(medians)))]
    print(
        f"  {label}: {len(medians)} files; median {statistics.median(medians):.0f} ms, 90th percentile {p90:.0f} ms,"
        f" largest {medians[-1]:.0f} ms"
    )


def server_memory(client: LanguageClient) -> str:
    """The server process's resident memory now and at its peak (Linux /proc), or why not."""
    process = getattr(client, "_server", None)
    try:
        with open(f"/proc/{process.pid}/status", encoding="ascii") as status:  # type: ignore[union-attr]
            fields = dict(line.split(":", 1) for line in status if ":" in line)
    except (OSError, AttributeError):
        return "not available here"
    return f"{fields['VmRSS'].strip()} resident, peak {fields['VmHWM'].strip()}"


async def wait(arrived: dict[tuple[str, int | None], float], uri: str, version: int) -> float:
    for _ in range(60_000):
        if (uri, version) in arrived:
            return arrived[(uri, version)]
        await asyncio.sleep(0.001)
    raise TimeoutError(f"no diagnostics for {uri} version {version}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", type=Path)
    parser.add_argument("--root-file", type=Path)
    parser.add_argument("--plain-file", type=Path)
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--sample", type=int, default=0, help="more tool files to edit, spread over the tree")
    parser.add_argument("--pause", type=float, default=0.0, help="seconds to wait after each edit's diagnostics")
    parser.add_argument("--debounce", type=int, default=0, help="the server's debounce (ms); times are after it")
    parser.add_argument(
        "--edit-at",
        choices=["function", "end"],
        default="function",
        help="each edit adds a statement in the file's largest function (as typing does), or a comment at its end",
    )
    args = parser.parse_args()
    tree = args.tree.resolve()
    root, plain = choose_files(tree) if not (args.root_file and args.plain_file) else (args.root_file, args.plain_file)
    root, plain = (Path(p) if Path(p).exists() else tree / p for p in (root, plain))  # else relative to the tree
    root, plain = root.resolve(), plain.resolve()
    sample = spread(tool_files(tree), args.sample, [root, plain])
    timings = asyncio.run(measure(tree, [root, plain, *sample], args.edits, args.pause, args.edit_at, args.debounce))
    if sample:
        summary("tool files", [times for path, times in timings.items() if path != plain])


if __name__ == "__main__":
    main()
