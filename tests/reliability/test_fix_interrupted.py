"""Interrupting `boundlint fix` (SIGINT, SIGTERM, SIGKILL) leaves every file old or new, never partial.

The deterministic tests stop the run at a chosen point from inside (a
temporary file written and not yet renamed, or before any write) and only
then send the signal; the end-to-end test sends it as soon as the first file
has changed, as a user would. Every assertion is about the final state, never
about timing.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from benchmarks.generate_tree import generate

REPO = Path(__file__).resolve().parents[2]
TEMPORARY = "*.boundlint-tmp"
WAIT = 120  # seconds: only a limit against a hung run, never part of an assertion

# Runs `boundlint fix --unsafe-fixes .` with one place made to wait until a signal has arrived:
# "write N" holds the N-th file's temporary file (written, not yet renamed); "plan" holds the run
# before the first fix round. It writes the file named by argv[1] when it starts to wait.
HELD = textwrap.dedent("""
    import os, runpy, sys, time
    from pathlib import Path

    from boundlint.core import interrupts
    import boundlint.cli.fix_command as fix_cli

    marker, where = Path(sys.argv[1]), sys.argv[2]

    def hold():
        marker.write_text("held")
        deadline = time.monotonic() + 60
        while not interrupts.interrupted() and time.monotonic() < deadline:
            time.sleep(0.005)

    if where.startswith("write "):
        number, seen, chmod = int(where.split()[1]), [], os.chmod

        def held_chmod(path, mode, *args, **kwargs):
            if str(path).endswith(".boundlint-tmp"):
                seen.append(path)
                if len(seen) == number:
                    hold()
            return chmod(path, mode, *args, **kwargs)

        os.chmod = held_chmod
    else:
        fix_in_memory = fix_cli._fix_in_memory

        def held_fixing(*args, **kwargs):
            hold()
            return fix_in_memory(*args, **kwargs)

        fix_cli._fix_in_memory = held_fixing
    sys.argv = ["boundlint", "fix", "--unsafe-fixes", "."]
    runpy.run_module("boundlint", run_name="__main__")
""")


def _environment() -> dict[str, str]:
    environment = dict(os.environ, PYTHONIOENCODING="utf-8")
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), environment.get("PYTHONPATH")]))
    return environment


def _snapshot(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in sorted(root.rglob("*.py"))}


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """A generated tree, and the same tree after an uninterrupted fix run."""
    base = tmp_path_factory.mktemp("interrupted")
    original = base / "original"
    generate(original, 60)
    # Every finding's fix, whatever its confidence: the more files a run writes, the more moments to interrupt.
    (original / "pyproject.toml").write_text('[tool.boundlint]\nfix-min-confidence = "low"\n', encoding="utf-8")
    fixed = base / "fixed"
    shutil.copytree(original, fixed)
    run = subprocess.run(
        [sys.executable, "-m", "boundlint", "fix", "--unsafe-fixes", "."],
        cwd=fixed,
        env=_environment(),
        capture_output=True,
        timeout=WAIT,
    )
    assert run.returncode in (0, 1), run.stderr
    old, new = _snapshot(original), _snapshot(fixed)
    changed = [name for name in old if old[name] != new[name]]
    assert len(changed) >= 8
    return original, old, new, changed


def _copy(original: Path, tmp_path: Path) -> Path:
    work = tmp_path / "work"
    shutil.copytree(original, work)
    return work


def _start(arguments: list[str], cwd: Path) -> subprocess.Popen:
    return subprocess.Popen(
        arguments,
        cwd=cwd,
        env=_environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_as_in_a_terminal,
    )


def _as_in_a_terminal() -> None:
    """The run starts with SIGINT's default action, as under a terminal: a test run in the
    background (CI started with `&`, `nohup`) would otherwise pass its ignored SIGINT on."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for(condition, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if process.poll() is not None:
            raise AssertionError(f"the run ended first: {process.stderr.read().decode()}")  # type: ignore[union-attr]
        if time.monotonic() > deadline:
            raise AssertionError("the run never got there")
        time.sleep(0.001)


def _finish(process: subprocess.Popen) -> tuple[int, str]:
    try:
        _, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)  # our own session only
            process.wait()
    return process.returncode, err.decode("utf-8", "replace")


def _old_or_new(work: Path, old: dict[str, bytes], new: dict[str, bytes]) -> list[str]:
    """Each file is the original or the fully fixed one; the names of the fixed ones."""
    now = _snapshot(work)
    assert set(now) == set(old)
    for name, data in now.items():
        assert data in (old[name], new[name]), f"{name} is neither the original nor the fixed file"
    return [name for name in now if now[name] != old[name]]


def _held(work: Path, where: str, number: int) -> tuple[int, str]:
    marker = work.parent / "held"
    process = _start([sys.executable, "-c", HELD, str(marker), where], work)
    _wait_for(marker.exists, process)
    os.kill(process.pid, number)
    return _finish(process)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_a_file_is_written_lets_that_file_finish_and_stops(trees, tmp_path, number):
    original, old, new, changed = trees
    work = _copy(original, tmp_path)
    code, err = _held(work, "write 2", number)
    assert code == 128 + number, err
    assert f"interrupted by {signal.Signals(number).name}: 2 files fixed" in err
    assert _old_or_new(work, old, new) == sorted(changed)[:2]  # files are written in path order
    assert not list(work.rglob(TEMPORARY))


def test_sigkill_while_a_file_is_written_leaves_it_old(trees, tmp_path):
    original, old, new, changed = trees
    work = _copy(original, tmp_path)
    code, _ = _held(work, "write 2", signal.SIGKILL)
    assert code == -signal.SIGKILL
    assert _old_or_new(work, old, new) == sorted(changed)[:1]
    # Nothing can clean up after SIGKILL: the second file's temporary copy stays, next to an intact original.
    assert len(list(work.rglob(TEMPORARY))) == 1


@pytest.mark.parametrize(
    "number", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=["SIGINT", "SIGTERM", "SIGKILL"]
)
def test_a_signal_before_the_writes_changes_nothing(trees, tmp_path, number):
    original, old, new, _ = trees
    work = _copy(original, tmp_path)
    code, err = _held(work, "plan", number)
    assert code != 0, err
    assert _old_or_new(work, old, new) == []
    assert not list(work.rglob(TEMPORARY))


@pytest.mark.parametrize(
    "number", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=["SIGINT", "SIGTERM", "SIGKILL"]
)
def test_a_signal_once_the_first_file_changed(trees, tmp_path, number):
    """As a user would: `boundlint fix` itself, the signal sent as soon as a file has been replaced."""
    original, old, new, changed = trees
    work = _copy(original, tmp_path)
    inodes = {name: os.stat(work / name).st_ino for name in changed}
    process = _start([sys.executable, "-m", "boundlint", "fix", "--unsafe-fixes", "."], work)

    def replaced() -> bool:
        return any(os.stat(work / name).st_ino != inode for name, inode in inodes.items())

    _wait_for(replaced, process)
    os.kill(process.pid, number)
    code, err = _finish(process)
    assert code != 0, err
    assert _old_or_new(work, old, new)
    if number != signal.SIGKILL:
        assert not list(work.rglob(TEMPORARY))
