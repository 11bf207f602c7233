"""The pages of docs/workflows/, tried literally, start to finish, in scratch repositories.

The convention a page follows (each page ends with a comment pointing here):

* Every ```bash block runs, in page order, as a script of `bash -euo pipefail`, in a fresh git
  repository of its own per page (`git init`, user name and e-mail set in a global git
  configuration of the test's own). It must exit 0, unless the line right above its opening fence
  is `<!-- expect: exit N -->`: then it must exit N, and by its last command.
* A fenced block of any language right below `<!-- file: PATH -->` is written to PATH (relative
  to the repository) where it stands: the bash blocks after it see it. The files written before
  the first bash block are the repository as the page finds it: they are committed first.
* A ```text block right below `<!-- output -->` is what the bash block before it prints, standard
  output and error together as a terminal shows them. Every line must match exactly and in order;
  a line `...` stands for any number of lines (at the start, the end, or in between).
* Other blocks are not run. A marker right above a fence that is none of these is an error, and
  so is a shell block not marked ```bash (it would silently not run).

The commands find a virtualenv first on PATH, built once per session and emptied before each
page: the page's own `pip install` lines fill it, so no page leans on another's installs. Nothing is published yet, and tests reach no GitHub, so
`https://github.com/OWNER/boundlint` becomes, wherever it appears in a block, the file:// URL of a
clone of the committed HEAD of the repository holding this file (and that URL becomes the
GitHub one again in the output compared); `rev:` in a `.pre-commit-config.yaml` becomes the
clone's HEAD commit. Every page in docs/workflows/ is tried, so a new page only has to follow
the convention.

GitHub itself cannot run here. For github-actions.md the workflow files the page writes are
parsed and their jobs run as a runner would, as far as that can be done without GitHub: `run:`
steps with GitHub's shells and environment, `uses: OWNER/boundlint@...` as this repository's
action.yml (its own `run:` steps, inputs from `with:` and the defaults), other `uses:` skipped
(setup-python, checkout, upload-sarif: the SARIF they would upload is validated against the
schema instead).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML comes with pre-commit, in the `test` extra")
jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the `test` extra")
if shutil.which("git") is None or shutil.which("bash") is None:  # pragma: no cover
    pytest.skip("needs git and bash", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "workflows"
ACTION = ROOT / "action.yml"
SARIF_SCHEMA = ROOT / "tests" / "sarif-schema-2.1.0.json"
GITHUB_URL = "https://github.com/OWNER/boundlint"
OUR_ACTION = "OWNER/boundlint@"
ENDING = "tests/docs/test_workflow_pages.py"

FENCE = re.compile(r"^```(?P<lang>[\w+-]*)\s*$")
MARKER = re.compile(r"^<!--\s*(?P<body>.*?)\s*-->\s*$")
SHELLS = {"sh", "shell", "console", "zsh", "shell-session", "bash-session"}
EXPRESSION = re.compile(r"\$\{\{\s*(?P<expr>.*?)\s*\}\}")


# ---------------------------------------------------------------------------------------------
# Reading a page


@dataclass
class Block:
    lang: str
    text: str
    line: int  # of the opening fence, 1-based
    role: str = "shown"  # "run", "file", "output" or "shown"
    path: str = ""  # for "file"
    expect: int = 0  # for "run"

    def where(self, page: Path) -> str:
        return f"{page.relative_to(ROOT)}:{self.line}"


def parse_page(page: Path) -> list[Block]:
    lines = page.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        if re.match(r"^\s+```", line):
            raise AssertionError(f"{page.name}:{number + 1}: an indented fence is not tried; keep fences at the margin")
        opening = FENCE.match(line)
        if opening is None:
            number += 1
            continue
        end = number + 1
        while end < len(lines) and lines[end].rstrip() != "```":
            end += 1
        if end == len(lines):
            raise AssertionError(f"{page.name}:{number + 1}: the fence is never closed")
        block = Block(opening["lang"], "\n".join(lines[number + 1 : end]) + "\n", number + 1)
        marker = MARKER.match(lines[number - 1]) if number else None
        _classify(page, block, marker["body"] if marker else None)
        blocks.append(block)
        number = end + 1
    return blocks


def _classify(page: Path, block: Block, marker: str | None) -> None:
    where = f"{page.name}:{block.line}"
    if block.lang in SHELLS:
        raise AssertionError(f"{where}: a ```{block.lang} block is not run; write ```bash")
    if marker is None:
        block.role = "run" if block.lang == "bash" else "shown"
    elif marker.startswith("file:"):
        block.role, block.path = "file", marker.removeprefix("file:").strip()
        assert block.path and not Path(block.path).is_absolute(), f"{where}: `file:` needs a relative path"
    elif (expect := re.fullmatch(r"expect:\s*exit\s+(\d+)", marker)) is not None:
        assert block.lang == "bash", f"{where}: `expect:` is for ```bash blocks"
        block.role, block.expect = "run", int(expect[1])
        assert block.expect != 0, f"{where}: `expect: exit 0` is the default; drop the marker"
    elif marker == "output":
        assert block.lang == "text", f"{where}: `output` is for ```text blocks"
        block.role = "output"
    else:
        raise AssertionError(f"{where}: unknown marker <!-- {marker} --> (file: PATH, expect: exit N, output)")


def pages() -> list[Path]:
    return sorted(PAGES.glob("*.md"))


# ---------------------------------------------------------------------------------------------
# Running a page


@dataclass
class Clone:
    path: Path
    url: str
    sha: str


@dataclass
class Ran:
    block: Block
    returncode: int
    output: str


@dataclass
class PageRun:
    page: Path
    repository: Path
    env: dict[str, str]
    blocks: list[Block]
    ran: list[Ran] = field(default_factory=list)


def _scrubbed() -> dict[str, str]:
    """This process's environment without what would steer git, pre-commit, Python or the terminal width."""
    drop = ("GIT_", "PRE_COMMIT", "PYTHON", "VIRTUAL_ENV", "PIP_REQUIRE_VIRTUALENV")
    env = {key: value for key, value in os.environ.items() if not key.startswith(drop)}
    for key in ("COLUMNS", "LINES", "FORCE_COLOR", "CONDA_PREFIX"):
        env.pop(key, None)
    return env


def _git(cwd: Path, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, env=env or _scrubbed(), capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"git {' '.join(args)}: {done.stderr}"
    return done.stdout.strip()


def make_clone(path: Path) -> Clone:
    _git(ROOT, "clone", "--quiet", str(ROOT), str(path))
    return Clone(path, path.as_uri(), _git(path, "rev-parse", "HEAD"))


def make_venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True, env=_scrubbed(), timeout=300)
    return path


@pytest.fixture(scope="session")
def clone(tmp_path_factory) -> Clone:
    """A clone of this repository's committed HEAD: what the pages install from instead of GitHub."""
    return make_clone(tmp_path_factory.mktemp("upstream") / "boundlint")


@pytest.fixture(scope="session")
def venv(tmp_path_factory) -> Path:
    """An empty virtualenv, put first on PATH for the pages' commands; their `pip install` lines fill it."""
    return make_venv(tmp_path_factory.mktemp("venv") / "venv")


def empty(venv: Path) -> None:
    """Uninstall whatever a page installed into the shared virtualenv (pip's cache keeps reinstalls cheap)."""
    python = str(venv / "bin" / "python")
    frozen = subprocess.run(
        [python, "-m", "pip", "freeze"], env=_scrubbed(), capture_output=True, text=True, check=True
    )
    names = []
    for line in frozen.stdout.splitlines():
        if line.startswith("-e "):
            names.append(line.rpartition("#egg=")[2])
        elif line and not line.startswith("#"):
            names.append(re.split(r"\s*(?:==| @ )", line, maxsplit=1)[0])
    if names:
        subprocess.run([python, "-m", "pip", "uninstall", "--yes", "--quiet", *names], env=_scrubbed(), check=True)


def page_environment(venv: Path, home: Path) -> dict[str, str]:
    home.mkdir(parents=True, exist_ok=True)
    gitconfig = home / "gitconfig"
    gitconfig.write_text(
        "[user]\n\tname = Docs Test\n\temail = docs-test@example.com\n"
        "[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n",
        encoding="utf-8",
    )
    env = _scrubbed()
    env.update(
        PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
        VIRTUAL_ENV=str(venv),
        PYTHONUNBUFFERED="1",  # stdout and stderr interleaved as a terminal shows them
        GIT_CONFIG_GLOBAL=str(gitconfig),
        GIT_CONFIG_NOSYSTEM="1",
        PRE_COMMIT_HOME=str(home / "pre-commit"),  # an empty cache: the hooks install as a user's first time
        PRE_COMMIT_COLOR="never",
        NO_COLOR="1",
    )
    return env


def substitute(text: str, clone: Clone, path: str = "") -> str:
    text = text.replace(GITHUB_URL, clone.url)
    if Path(path).name == ".pre-commit-config.yaml":
        text = re.sub(r"(?m)^(\s*rev:\s*)\S+", rf"\g<1>{clone.sha}", text)
    return text


def run_bash(script: str, cwd: Path, env: dict[str, str], scratch: Path) -> tuple[int, str, int | None]:
    """Run `script` with `bash -euo pipefail`: exit status, output, and the script line that failed (1-based)."""
    scratch.mkdir(parents=True, exist_ok=True)
    failed_at = scratch / "failed-at"
    failed_at.unlink(missing_ok=True)
    file = scratch / "block.sh"
    # Line 1 records the failing line; the block starts on line 2.
    file.write_text(f"trap 'echo $LINENO > {shlex.quote(str(failed_at))}' ERR\n{script}", encoding="utf-8")
    done = subprocess.run(
        ["bash", "-euo", "pipefail", str(file)],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
    )
    line = int(failed_at.read_text()) - 1 if failed_at.exists() else None
    return done.returncode, done.stdout, line


def _last_command_starts(script: str) -> int:
    """The line (1-based) where the script's last command starts: past blank and comment lines, before continuations."""
    lines = script.splitlines()
    start = len(lines)
    while start > 1 and (not lines[start - 1].strip() or lines[start - 1].lstrip().startswith("#")):
        start -= 1
    while start > 1 and lines[start - 2].rstrip().endswith("\\"):
        start -= 1
    return start


def matches(shown: str, output: str) -> bool:
    """Does `output` match the lines shown, where a line `...` stands for any number of lines?"""
    pattern = [line.rstrip() for line in shown.splitlines()]
    actual = [line.rstrip() for line in output.splitlines()]
    while actual and not actual[-1]:
        actual.pop()

    def match(p: int, a: int) -> bool:
        if p == len(pattern):
            return a == len(actual)
        if pattern[p] == "...":
            return any(match(p + 1, start) for start in range(a, len(actual) + 1))
        return a < len(actual) and actual[a] == pattern[p] and match(p + 1, a + 1)

    return match(0, 0)


def try_page(page: Path, workdir: Path, clone: Clone, venv: Path, show: bool = False) -> PageRun:
    """Run the page's blocks in a fresh repository under `workdir`; with `show`, print each output, compare none."""
    repository = workdir / "repository"
    repository.mkdir(parents=True)
    empty(venv)
    env = page_environment(venv, workdir / "home")
    _git(repository, "init", "--quiet", env=env)
    run = PageRun(page, repository, env, parse_page(page))
    assert any(block.role == "run" for block in run.blocks), f"{page.name} runs nothing"
    for block in run.blocks:
        if block.role == "file":
            target = repository / block.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(substitute(block.text, clone, block.path), encoding="utf-8")
        elif block.role == "run":
            if not run.ran and _git(repository, "status", "--porcelain", env=env):
                _git(repository, "add", "--all", env=env)
                _git(repository, "commit", "--quiet", "-m", "The repository as the page finds it", env=env)
            script = substitute(block.text, clone)
            returncode, output, failed_line = run_bash(script, repository, env, workdir / "scratch")
            output = output.replace(clone.url, GITHUB_URL)
            run.ran.append(Ran(block, returncode, output))
            if show:
                print(f"--- {block.where(page)} exited {returncode}\n{block.text}--- printed:\n{output}", flush=True)
            report = f"{block.where(page)}: the block\n{block.text}exited {returncode}"
            report += f" (at its line {failed_line})" if failed_line else ""
            report += f", printing:\n{output}"
            assert returncode == block.expect, report + f"\nThe page expects exit {block.expect}."
            if block.expect:
                assert failed_line is not None and failed_line >= _last_command_starts(block.text), (
                    report + "\nOnly the block's last command may fail: put the failing command last, alone."
                )
        elif block.role == "output" and not show:
            assert run.ran, f"{block.where(page)}: an output block with no bash block before it"
            last = run.ran[-1]
            assert last.block.line < block.line
            assert matches(block.text, last.output), (
                f"{block.where(page)}: the page shows\n{block.text}\nbut the block at line {last.block.line} printed\n"
                f"{last.output}"
            )
    return run


@pytest.fixture(scope="module")
def tried(tmp_path_factory, clone, venv):
    """Each page tried once per module, on first demand: PageRun by page file name."""
    done: dict[str, PageRun | None] = {}

    def get(name: str) -> PageRun:
        if name not in done:
            done[name] = None  # a page that fails is not tried again: one report is enough
            done[name] = try_page(PAGES / name, tmp_path_factory.mktemp(Path(name).stem), clone, venv)
        if done[name] is None:
            pytest.fail(f"{name} did not work: see test_the_page_works_literally[{name}]")
        return done[name]

    return get


# ---------------------------------------------------------------------------------------------
# The convention itself (fast: no page is run)


def test_there_are_pages_and_each_follows_the_convention():
    names = [page.name for page in pages()]
    assert {"adopt.md", "pre-commit.md", "github-actions.md"} <= set(names)
    for page in pages():
        blocks = parse_page(page)  # raises on an unknown marker, a shell block not marked bash
        assert any(block.role == "run" for block in blocks), page.name
        text = page.read_text(encoding="utf-8")
        assert ENDING in text.rstrip().splitlines()[-1], f"{page.name} should end with a comment naming {ENDING}"


def test_the_harness_reads_markers_and_rejects_what_it_would_skip(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "<!-- file: app/x.py -->\n```python\nx = 1\n```\n\n```bash\ntrue\n```\n\n"
        "<!-- expect: exit 1 -->\n```bash\nfalse\n```\n<!-- output -->\n```text\n...\n```\n```json\n{}\n```\n",
        encoding="utf-8",
    )
    roles = [(b.role, b.path, b.expect) for b in parse_page(page)]
    assert roles == [("file", "app/x.py", 0), ("run", "", 0), ("run", "", 1), ("output", "", 0), ("shown", "", 0)]
    for wrong in (
        "<!-- expect exit 1 -->\n```bash\nfalse\n```\n",
        "```sh\nls\n```\n",
        "- item\n  ```bash\n  ls\n  ```\n",
    ):
        page.write_text(wrong, encoding="utf-8")
        with pytest.raises(AssertionError):
            parse_page(page)


def test_output_matching_is_exact_with_ellipses():
    output = "a\nb\nc\nd\n"
    assert matches("a\nb\nc\nd\n", output)
    assert matches("...\nc\nd\n", output)
    assert matches("a\n...\nd\n", output)
    assert matches("...\nb\n...\n", output)
    assert not matches("a\nb\n", output)  # the rest is not shown, and no `...` says so
    assert not matches("b\nc\nd\n", output)
    assert not matches("a\nc\n...\n", output)
    assert not matches("...\nb \nX\n...\n", output)


def test_a_failure_must_come_from_the_last_command(tmp_path):
    env = _scrubbed()
    assert run_bash("true\nfalse\ntrue\n", tmp_path, env, tmp_path / "s")[::2] == (1, 2)
    assert _last_command_starts("echo a\nboundlint check \\\n  .\n\n# done\n") == 2
    assert run_bash("echo a\nexit 0\n", tmp_path, env, tmp_path / "s") == (0, "a\n", None)


# ---------------------------------------------------------------------------------------------
# Every page, literally


@pytest.mark.slow
@pytest.mark.parametrize("name", [page.name for page in pages()])
def test_the_page_works_literally(name, tried):
    run = tried(name)
    assert run.ran


@pytest.mark.slow
def test_pre_commit_page_installed_the_hook_from_the_clone(tried, clone):
    run = tried("pre-commit.md")
    config = (run.repository / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    assert clone.url in config and clone.sha in config
    assert (run.repository / ".git" / "hooks" / "pre-commit").exists()
    assert _git(run.repository, "status", "--porcelain", env=run.env) == "", "the page should end with a clean tree"


# ---------------------------------------------------------------------------------------------
# action.yml and the GitHub Actions page


def load_action() -> dict:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


def _steps_in(node: object):
    """Every mapping with a `uses:` or `run:` key in a parsed YAML document."""
    if isinstance(node, dict):
        if "uses" in node or "run" in node:
            yield node
        for value in node.values():
            yield from _steps_in(value)
    elif isinstance(node, list):
        for value in node:
            yield from _steps_in(value)


def _yaml_blocks(page: Path) -> list[tuple[Block, object]]:
    found = []
    for block in parse_page(page):
        if block.lang == "yaml":
            try:
                found.append((block, yaml.safe_load(block.text)))
            except yaml.YAMLError as error:  # pragma: no cover - the message is the point
                raise AssertionError(f"{block.where(page)}: not YAML: {error}") from error
    return found


def test_action_is_composite_and_passes_inputs_to_the_shell_through_env_only():
    action = load_action()
    assert action["runs"]["using"] == "composite"
    inputs = action["inputs"]
    assert {"paths", "baseline", "upload-sarif", "sarif-file", "args", "python-version"} <= set(inputs)
    assert {name: spec.get("default") for name, spec in inputs.items()} == {
        "paths": ".",
        "baseline": "",
        "upload-sarif": "true",
        "sarif-file": "boundlint.sarif",
        "args": "",
        "python-version": "3.12",
    }
    assert all(spec.get("description") for spec in inputs.values())
    assert set(action["outputs"]) == {"sarif-file"}
    steps = action["runs"]["steps"]
    ids = {step.get("id") for step in steps}
    for step in steps:
        for text in [
            str(step.get("if", "")),
            *map(str, step.get("with", {}).values()),
            *map(str, step.get("env", {}).values()),
        ]:
            for name in re.findall(r"inputs\.([\w-]+)", text):
                assert name in inputs, f"step {step.get('name')!r} uses an unknown input {name!r}"
        if "run" in step:
            assert "${{" not in step["run"], (
                f"step {step.get('name')!r}: an expression in `run:` is pasted into the script"
            )
            assert step.get("shell") == "bash", "a composite action's run steps must name their shell"
            assert "if" not in step, "the test's runner does not evaluate `if:` on run steps"
    for output in action["outputs"].values():
        for step_id in re.findall(r"steps\.([\w-]+)\.outputs", output["value"]):
            assert step_id in ids


def test_every_uses_is_pinned_and_our_action_gets_only_its_inputs():
    inputs = set(load_action()["inputs"])
    documents = [(f"{ACTION.name}", load_action())]
    documents += [
        (block.where(PAGES / "github-actions.md"), doc) for block, doc in _yaml_blocks(PAGES / "github-actions.md")
    ]
    ours = 0
    for where, document in documents:
        for step in _steps_in(document):
            uses = step.get("uses")
            if uses is None:
                continue
            if uses.startswith(OUR_ACTION):
                ours += 1
                assert re.fullmatch(r"v\d+(\.\d+)*|[0-9a-f]{40}", uses.removeprefix(OUR_ACTION)), f"{where}: {uses}"
                unknown = set(step.get("with") or {}) - inputs
                assert not unknown, f"{where}: {uses} has no input {sorted(unknown)}"
            else:
                assert re.fullmatch(r"[\w.-]+/[\w./-]+@v\d+", uses), f"{where}: {uses} is not pinned to a major version"
    assert ours, "the page should use the action"


def test_page_lists_the_action_inputs_as_action_yml_declares_them():
    """The page's table of inputs: one row per input, `name` | `default` (`""`: empty) | ..., no more, no less."""
    text = (PAGES / "github-actions.md").read_text(encoding="utf-8")
    rows = {
        name: "" if default == '""' else default
        for name, default in re.findall(r"(?m)^\| `([\w-]+)` \| `([^`]*)` \|", text)
    }
    assert rows == {name: spec.get("default", "") for name, spec in load_action()["inputs"].items()}


class Runner:
    """Runs a workflow job's steps as GitHub's runner would, without GitHub (see the module docstring)."""

    def __init__(self, workspace: Path, env: dict[str, str], clone: Clone, scratch: Path) -> None:
        self.workspace, self.env, self.clone, self.scratch = workspace, env, clone, scratch
        self.log: list[tuple[str, int, str]] = []  # (step name, exit status, output) of each step run
        self.count = 0

    def job(self, steps: list[dict]) -> bool:
        for step in steps:
            if not self.step(step, inputs={}, outputs={}, composite=False):
                return False
        return True

    def step(self, step: dict, inputs: dict[str, str], outputs: dict[str, dict[str, str]], composite: bool) -> bool:
        name = step.get("name") or step.get("uses") or step.get("run", "").splitlines()[0]
        if "uses" in step:
            if step["uses"].startswith(OUR_ACTION):
                with_ = {key: _as_input(value) for key, value in (step.get("with") or {}).items()}
                return self.action(with_)
            self.log.append((name, -1, "skipped: GitHub's own action"))
            return True
        assert "if" not in step, f"{name}: the test's runner does not evaluate `if:` on run steps"
        env = dict(self.env, GITHUB_WORKSPACE=str(self.workspace), CI="true", GITHUB_ACTIONS="true")
        if composite:
            env["GITHUB_ACTION_PATH"] = str(self.clone.path)
        for key, value in (step.get("env") or {}).items():
            env[key] = evaluate(str(value), inputs, outputs)
        self.count += 1
        output_file = self.scratch / f"output-{self.count}"
        output_file.write_text("", encoding="utf-8")
        env["GITHUB_OUTPUT"] = str(output_file)
        script = self.scratch / f"step-{self.count}.sh"
        script.write_text(substitute(step["run"], self.clone), encoding="utf-8")
        shell = step.get("shell")
        # GitHub's command lines for these shells on Linux.
        command = {None: ["bash", "-e"], "bash": ["bash", "--noprofile", "--norc", "-eo", "pipefail"]}[shell]
        done = subprocess.run(
            [*command, str(script)],
            cwd=self.workspace,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=600,
        )
        self.log.append((name, done.returncode, done.stdout + done.stderr))
        if step.get("id"):
            outputs[step["id"]] = _outputs(output_file.read_text(encoding="utf-8"))
        return done.returncode == 0

    def action(self, with_: dict[str, str]) -> bool:
        action = load_action()
        inputs = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
        inputs.update(with_)
        outputs: dict[str, dict[str, str]] = {}
        for step in action["runs"]["steps"]:
            if not self.step(step, inputs, outputs, composite=True):
                return False
        self.action_outputs = {
            name: evaluate(spec["value"], inputs, outputs) for name, spec in action["outputs"].items()
        }
        return True

    def output_of(self, name: str) -> tuple[int, str]:
        return next((code, output) for step, code, output in self.log if step == name)


def _as_input(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def evaluate(text: str, inputs: dict[str, str], outputs: dict[str, dict[str, str]]) -> str:
    def one(match: re.Match[str]) -> str:
        expr = match["expr"]
        if (name := re.fullmatch(r"inputs\.([\w-]+)", expr)) is not None:
            return inputs[name[1]]
        if (output := re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)) is not None:
            return outputs.get(output[1], {}).get(output[2], "")
        raise AssertionError(f"the test's runner cannot evaluate ${{{{ {expr} }}}}")

    return EXPRESSION.sub(one, text)


def _outputs(text: str) -> dict[str, str]:
    """A GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` ... `DELIMITER` blocks."""
    values: dict[str, str] = {}
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        line = lines[number]
        key, equals, value = line.partition("=")
        if "<<" in key or not equals:
            key, _, delimiter = line.partition("<<")
            end = lines.index(delimiter, number + 1)
            values[key] = "\n".join(lines[number + 1 : end])
            number = end
        else:
            values[key] = value
        number += 1
    return values


def _validate_sarif(path: Path) -> dict:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    log = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    return log


def _results(log: dict) -> set[tuple[str, str]]:
    return {
        (result["ruleId"], result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        for result in log["runs"][0]["results"]
    }


NEW_TOOL = textwrap.dedent('''\
    import subprocess

    from langchain_core.tools import tool


    @tool
    def run_command(command: str) -> str:
        """Run a shell command."""
        return subprocess.run(command, shell=True, capture_output=True, text=True).stdout
    ''')


def checkout(run: PageRun, workspace: Path) -> Path:
    """What actions/checkout gives the job: the page's last commit."""
    _git(run.repository, "clone", "--quiet", str(run.repository), str(workspace), env=run.env)
    return workspace


def _workflows(run: PageRun) -> list[Block]:
    found = [block for block in run.blocks if block.role == "file" and block.path.startswith(".github/workflows/")]
    assert found, "the page should write a workflow"
    return found


@pytest.mark.slow
def test_the_page_workflows_pass_on_recorded_findings_and_fail_on_a_new_one(tried, clone, tmp_path):
    run = tried("github-actions.md")
    assert "boundlint-baseline.json" in _git(run.repository, "ls-files", env=run.env).split(), (
        "the page commits a baseline"
    )
    for number, block in enumerate(_workflows(run)):
        workspace = checkout(run, tmp_path / f"workspace-{number}")
        jobs = yaml.safe_load(block.text)["jobs"]
        assert len(jobs) == 1, block.where(run.page)
        (steps,) = [job["steps"] for job in jobs.values()]

        passing = Runner(workspace, run.env, clone, tmp_path / f"passing-{number}")
        passing.scratch.mkdir()
        assert passing.job(steps), f"{block.where(run.page)}: the job fails on recorded findings:\n{passing.log}"
        sarif = _validate_sarif(workspace / "boundlint.sarif")
        assert sarif["runs"][0]["results"], "code scanning gets every finding, recorded or not"

        (workspace / "app" / "commands.py").write_text(NEW_TOOL, encoding="utf-8")
        failing = Runner(workspace, run.env, clone, tmp_path / f"failing-{number}")
        failing.scratch.mkdir()
        assert not failing.job(steps), f"{block.where(run.page)}: the job passes a new finding:\n{failing.log}"
        name, code, output = failing.log[-1]
        assert code == 1, failing.log
        errors = [line for line in output.splitlines() if line.startswith("::error ")]
        assert errors and all("file=app/commands.py," in line for line in errors), output
        assert ("BL001", "app/commands.py") in _results(_validate_sarif(workspace / "boundlint.sarif"))


@pytest.mark.slow
def test_the_action_with_its_defaults_and_with_a_baseline(tried, clone, tmp_path):
    """No baseline: every finding fails the job, as `::error` annotations; the SARIF is valid; the output is set."""
    run = tried("github-actions.md")
    workspace = checkout(run, tmp_path / "workspace")

    runner = Runner(workspace, run.env, clone, tmp_path / "defaults")
    runner.scratch.mkdir()
    assert not runner.action({}), runner.log
    code, output = runner.output_of("boundlint (new findings)")
    assert code == 1
    assert re.search(r"(?m)^::error file=app/tools\.py,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=BL001 ", output)
    assert ("BL001", "app/tools.py") in _results(_validate_sarif(workspace / "boundlint.sarif"))
    assert runner.log[0][1] == -1, "setup-python is skipped here"

    runner = Runner(workspace, run.env, clone, tmp_path / "options")
    runner.scratch.mkdir()
    with_ = {
        "baseline": "boundlint-baseline.json",
        "sarif-file": "out/all.sarif",
        "paths": "app\n",
        "python-version": "",
    }
    (workspace / "out").mkdir()
    assert runner.action(with_), runner.log
    assert runner.action_outputs == {"sarif-file": "out/all.sarif"}
    _validate_sarif(workspace / "out" / "all.sarif")
    code, output = runner.output_of("boundlint (new findings)")
    assert code == 0 and "::error" not in output, output
    assert "1 finding in baseline boundlint-baseline.json not reported" in output


if __name__ == "__main__":
    # For writing a page: `python tests/docs/test_workflow_pages.py docs/workflows/PAGE.md` runs it
    # as the test does and prints what each bash block printed, for its `<!-- output -->` block.
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        try_page(
            Path(sys.argv[1]).resolve(), base / "page", make_clone(base / "boundlint"), make_venv(base / "venv"), True
        )
