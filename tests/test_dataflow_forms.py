"""Data-flow forms seen in real code: walrus bindings, inherited and instance methods,
implicitly concatenated strings, and method names that are small only on data."""

from __future__ import annotations

import pytest

from tests.helpers import run_tree

BASE = """
import requests
from boundlint_runtime import truncate_text

class Base:
    def clip(self, text):
        return truncate_text(text, max_chars=1000)

    def fetch(self, url):
        return requests.get(url).text

class Middle(Base):
    pass

class Clipper:
    def __init__(self, limit):
        self.limit = limit

    def clip(self, text):
        return truncate_text(text, max_chars=self.limit)

    def raw(self, url):
        return requests.get(url).text

LIMITER = Clipper(200)
"""

HEADER = """
import os
import requests
from langchain_core.tools import tool
from crewai.tools import BaseTool
from pkg.base import Base, Middle, LIMITER, Clipper

LOCAL = Clipper(100)

"""


def bl001(tmp_path, body: str) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/base.py": BASE, "pkg/tools.py": HEADER + body}
    result = run_tree(tmp_path, files)
    assert result.errors == []
    return sorted(f.symbol or "" for f in result.findings if f.code == "BL001")


CASES = {
    "what a turn keeps before it continues": (
        """
@tool
def kept(url: str) -> str:
    \"\"\"k\"\"\"
    found = []
    for item in requests.get(url).json():
        if item["orphan"]:
            found.append(item["body"])
            continue
        total = 1
    return "\\n".join(found)

@tool
def skipped(url: str) -> str:
    \"\"\"s\"\"\"
    found = []
    for item in requests.get(url).json():
        if item["orphan"]:
            continue
        found.append(item["id"])
    return str(len(found))
""",
        ["kept"],
    ),
    "a value tested to be a number": (
        """
@tool
def price(coin: str) -> str:
    \"\"\"p\"\"\"
    data = requests.get(f"https://api.example.com/coins/{coin}").json()
    value = data["market_data"].get(coin.lower())
    if isinstance(value, (int, float)):
        return f"Price: {value}"
    return "no price"

@tool
def coin_label(coin: str) -> str:
    \"\"\"l\"\"\"
    data = requests.get(f"https://api.example.com/coins/{coin}").json()
    value = data["market_data"].get(coin.lower())
    if isinstance(value, str):
        return f"Label: {value}"
    return "no label"
""",
        ["coin_label"],
    ),
    "walrus": (
        """
@tool
def small(url: str) -> str:
    \"\"\"s\"\"\"
    if (n := len(requests.get(url).text)) > 100:
        return str(n)
    return "short"

@tool
def big(url: str) -> str:
    \"\"\"b\"\"\"
    if (body := requests.get(url).text):
        return body
    return "empty"
""",
        ["big"],
    ),
    "a method inherited from a base in another module": (
        """
class Reader(Middle, BaseTool):
    name: str = "r"
    def _run(self, url: str) -> str:
        return self.clip(requests.get(url).text)

class Fetcher(Middle, BaseTool):
    name: str = "f"
    def _run(self, url: str) -> str:
        return self.fetch(url)
""",
        ["Fetcher._run"],
    ),
    "a method of a module-level instance": (
        """
@tool
def clipped(url: str) -> str:
    \"\"\"c\"\"\"
    return LIMITER.clip(requests.get(url).text)

@tool
def clipped_here(url: str) -> str:
    \"\"\"c\"\"\"
    return LOCAL.clip(requests.get(url).text)

@tool
def raw(url: str) -> str:
    \"\"\"r\"\"\"
    return LIMITER.raw(url)
""",
        ["raw"],
    ),
    "implicitly concatenated strings": (
        """
@tool
def constant(url: str) -> str:
    \"\"\"c\"\"\"
    return "Result: " "none"

@tool
def joined(url: str) -> str:
    \"\"\"j\"\"\"
    resp = requests.get(url)
    return "Result: " f"{resp.text}"
""",
        ["joined"],
    ),
    "small method names on data and on unknown objects": (
        """
@tool
def occurrences(url: str) -> str:
    \"\"\"o\"\"\"
    return str(requests.get(url).text.count("x"))

@tool
def position(q: str) -> int:
    \"\"\"p\"\"\"
    return q.find("x")

@tool
def documents(q: str):
    \"\"\"d\"\"\"
    return get_collection().find({"q": q})
""",
        ["documents"],
    ),
    "indexes and keys of a loop are small, its items are not": (
        """
@tool
def numbered(url: str) -> str:
    \"\"\"n\"\"\"
    for i, row in enumerate(requests.get(url).text.splitlines()):
        if "ERROR" in row:
            return f"first error on line {i}"
    return "no error"

@tool
def paired(url: str) -> str:
    \"\"\"p\"\"\"
    lines = requests.get(url).text.splitlines()
    for i, (a, b) in enumerate(zip(lines, lines[1:])):
        if a == b:
            return str(i)
    return ""

@tool
def counted(url: str) -> str:
    \"\"\"c\"\"\"
    lines = requests.get(url).text.splitlines()
    for i in range(len(lines)):
        if not lines[i]:
            return f"first blank line: {i}"
    return "no blank line"

@tool
def keys(url: str) -> str:
    \"\"\"k\"\"\"
    for key, _ in requests.get(url).json().items():
        return f"first key: {key}"
    return "empty"

@tool
def row_of_enumerate(url: str) -> str:
    \"\"\"r\"\"\"
    for i, row in enumerate(requests.get(url).text.splitlines()):
        if i == 3:
            return row
    return ""

@tool
def value_of_items(url: str) -> str:
    \"\"\"v\"\"\"
    for key, value in requests.get(url).json().items():
        return value
    return ""

@tool
def second_of_zip(url: str) -> str:
    \"\"\"s\"\"\"
    names = ["a", "b"]
    for name, text in zip(names, requests.get(url).text.split("---")):
        return text
    return ""
""",
        ["row_of_enumerate", "second_of_zip", "value_of_items"],
    ),
    "a helper that returns a tuple or an error message, told apart by isinstance": (
        """
def load(url: str):
    if not url.startswith("http"):
        return f"Error: {url!r} is not a URL."
    r = requests.get(url)
    return r.text, r.status_code

@tool
def status(url: str) -> str:
    \"\"\"s\"\"\"
    loaded = load(url)
    if isinstance(loaded, str):
        return loaded
    body, code = loaded
    return f"{code}: {len(body)} chars"

@tool
def page(url: str) -> str:
    \"\"\"p\"\"\"
    loaded = load(url)
    if isinstance(loaded, str):
        return loaded
    body, code = loaded
    return body

@tool
def page_on_the_tuple_branch(url: str) -> str:
    \"\"\"t\"\"\"
    loaded = load(url)
    if isinstance(loaded, tuple):
        return loaded[0]
    return loaded

@tool
def error_when_not_a_tuple(url: str) -> str:
    \"\"\"e\"\"\"
    loaded = load(url)
    if not isinstance(loaded, tuple):
        return loaded
    return f"exit {loaded[1]}"
""",
        ["page", "page_on_the_tuple_branch"],
    ),
    "a literal dict keeps each entry apart": (
        """
from langchain_core.messages import ToolMessage
from langgraph.types import Command

@tool
def summary(url: str) -> str:
    \"\"\"s\"\"\"
    result = {"summary": "done", "rows": requests.get(url).text}
    return result["summary"]

@tool
def summary_by_get(url: str) -> str:
    \"\"\"g\"\"\"
    result = {"summary": "done", "rows": requests.get(url).text}
    return result.get("summary", "none")

@tool
def rows(url: str) -> str:
    \"\"\"r\"\"\"
    result = {"summary": "done", "rows": requests.get(url).text}
    return result["rows"]

@tool
def replaced(url: str) -> str:
    \"\"\"p\"\"\"
    result = {"summary": "done", "rows": []}
    result["summary"] = requests.get(url).text
    return result["summary"]

@tool
def saved(url: str, tool_call_id: str) -> Command:
    \"\"\"v\"\"\"
    update = {"files": {url: requests.get(url).text}, "messages": [ToolMessage("saved", tool_call_id=tool_call_id)]}
    update["dirty"] = [url]
    return Command(update=update)

@tool
def saved_on_a_branch(url: str, tool_call_id: str, mark: bool) -> Command:
    \"\"\"b\"\"\"
    update = {"files": {url: requests.get(url).text}, "messages": [ToolMessage("saved", tool_call_id=tool_call_id)]}
    if mark:
        update["dirty"] = [url]
    return Command(update=update)

@tool
def echoed(url: str, tool_call_id: str) -> Command:
    \"\"\"e\"\"\"
    body = requests.get(url).text
    update = {"files": {url: body}, "messages": [ToolMessage(body, tool_call_id=tool_call_id)]}
    return Command(update=update)
""",
        ["echoed", "replaced", "rows"],
    ),
    "a text that grows by reassignment in a loop": (
        """
@tool
def concatenated(url: str) -> str:
    \"\"\"c\"\"\"
    text = ""
    for line in requests.get(url).text.splitlines():
        text = text + line[:80] + " [cut]"
    return text

@tool
def formatted(url: str) -> str:
    \"\"\"f\"\"\"
    text = ""
    for line in requests.get(url).text.splitlines():
        text = f"{text}\\n{line[:80]} [cut]"
    return text

@tool
def kept_in_an_entry(url: str) -> str:
    \"\"\"k\"\"\"
    report = {"all": ""}
    for line in requests.get(url).text.splitlines():
        report["all"] = report["all"] + line[:80] + " [cut]"
    return report["all"]

@tool
def last_line(url: str) -> str:
    \"\"\"l\"\"\"
    report = {"last": ""}
    for line in requests.get(url).text.splitlines():
        report["last"] = f"{len(line)} chars"
    return report["last"]

@tool
def stripped(url: str) -> str:
    \"\"\"s\"\"\"
    word = "x"
    for line in requests.get(url).text.splitlines():
        word = word.strip()
    return word
""",
        ["concatenated", "formatted", "kept_in_an_entry"],
    ),
    "a sub-agent's answer": (
        """
from strands import Agent
from agents import Runner

WRITER = Agent(system_prompt="You write.")

@tool
def ask_costs(query: str) -> str:
    \"\"\"c\"\"\"
    cost_agent = Agent(system_prompt="You read AWS costs.")
    return str(cost_agent(query))

@tool
def write(query: str) -> str:
    \"\"\"w\"\"\"
    return str(WRITER(query))

@tool
async def research(query: str) -> str:
    \"\"\"r\"\"\"
    result = await Runner.run(make_agent(), query)
    return result.final_output

@tool
def count_words(query: str) -> str:
    \"\"\"n\"\"\"
    counter = len
    return str(counter(query))
""",
        ["ask_costs", "research", "write"],
    ),
    "what a response says of itself, and module constants": (
        """
import math

@tool
def status(url: str) -> str:
    \"\"\"s\"\"\"
    r = requests.get(url)
    return f"{r.status_code} {r.reason} from {r.url}, {r.headers.get('content-type')}"

@tool
def circle(radius: float) -> str:
    \"\"\"c\"\"\"
    return f"{math.pi * radius ** 2}"

@tool
def shadowed(url: str) -> str:
    \"\"\"h\"\"\"
    math = requests.get(url)
    return math.text
""",
        ["shadowed"],
    ),
    # `page.title()` of one page of a listing reads its title; `text.title()` of the text is as long
    "getter_of_one_record": (
        """
class Browser:
    def current(self):
        pages = [page for page in self.context.pages if not page.is_closed()]
        return pages[-1] if pages else None

BROWSER = Browser()

@tool
async def open_url(url: str) -> str:
    \"\"\"o\"\"\"
    page = BROWSER.current()
    return f"Loaded {page.url}: {await page.title()}"

@tool
def headline(url: str) -> str:
    \"\"\"h\"\"\"
    return requests.get(url).text.title()

@tool
async def reload(url: str) -> dict:
    \"\"\"r\"\"\"
    page = await requests.Session().get_current_page()
    return {"url": page.url, "title": await page.title()}  # awaited: the page's coroutine, no `str.title`
""",
        ["headline"],
    ),
    # a method of an instance the class keeps (class body or `__init__`) is followed
    "instance_kept_on_self": (
        """
class Checker:
    def _run(self, smiles: str) -> str:
        return f"{smiles} is not a controlled chemical"

class Fetcher:
    def _run(self, url: str) -> str:
        return requests.get(url).text

class Lookup(BaseTool):
    name: str = "lookup"
    description: str = "Look a molecule up."
    checker = Checker()

    def _run(self, smiles: str) -> str:
        return "CAS 50-00-0, " + self.checker._run(smiles)

class Page(BaseTool):
    name: str = "page"
    description: str = "Read a page."

    def __init__(self):
        super().__init__()
        self.fetcher = Fetcher()

    def _run(self, url: str) -> str:
        return self.fetcher._run(url)
""",
        ["Page._run"],
    ),
    # `sum` of numbers is a number; with a list to start from, it concatenates
    "sum_of_numbers": (
        """
@tool
def line_count(path: str) -> str:
    \"\"\"c\"\"\"
    with open(path) as f:
        return f"{sum(1 for _ in f)} lines"

@tool
def all_lines(url: str) -> str:
    \"\"\"a\"\"\"
    return str(sum([requests.get(url).text.splitlines()], []))

@tool
def lines_in_files(folder: str) -> str:
    \"\"\"l: a number's step, in a loop over files, keeps it a number\"\"\"
    total = files = 0
    for path in os.listdir(folder):
        with open(path) as f:
            total += sum(1 for _ in f)
        files += int(path.endswith(".py"))
    return f"{total} lines in {files} files"

@tool
def pages(urls: str) -> str:
    \"\"\"p\"\"\"
    out = []
    for url in urls.split(","):
        out += sum([requests.get(url).text.splitlines()], [])
    return str(out)
""",
        ["all_lines", "pages"],
    ),
    # `min`, `max` and `next` of one iterable give one of its items
    "one_item_of_many": (
        """
@tool
def widest(url: str) -> str:
    \"\"\"w\"\"\"
    lines = requests.get(url).text.splitlines()
    return f"{len(lines)} lines, the widest {max(len(line) for line in lines)} characters"

@tool
def longest(url: str) -> str:
    \"\"\"l\"\"\"
    return max(requests.get(url).text.split("\\n\\n"), key=len)

@tool
def first_file(folder: str) -> str:
    \"\"\"f\"\"\"
    return next(open(os.path.join(folder, name)).read() for name in os.listdir(folder))
""",
        ["first_file", "longest"],
    ),
    # a value looked up in a mapping built by a comprehension is one of its values, not the mapping
    "mapping_lookup": (
        """
def team_maps():
    teams = requests.get("https://example.com/teams").json()
    return {t["id"]: t.get("name", "?") for t in teams}, {t["id"]: t["description"] for t in teams}

@tool
def team_of(player: str) -> dict:
    \"\"\"t\"\"\"
    names, _ = team_maps()
    return {"team": names.get(player, "Unknown"), "again": names[player]}

@tool
def bio_of(player: str) -> str:
    \"\"\"b\"\"\"
    _, bios = team_maps()
    return bios.get(player, "")

@tool
def all_names(player: str) -> str:
    \"\"\"a\"\"\"
    names, _ = team_maps()
    return str(names)
""",
        ["all_names", "bio_of"],
    ),
    # ... also where the mapping is made on one branch and left empty on the other
    "mapping_lookup_after_a_branch": (
        """
def team_maps():
    teams = requests.get("https://example.com/teams").json()
    return {t["id"]: t.get("name", "?") for t in teams}

@tool
def team_after_try(player: str) -> str:
    \"\"\"t\"\"\"
    try:
        by_id = team_maps()
        names = {team_id: name for name, team_id in by_id.items()}
    except Exception:
        names = {}
    return names.get(player, "Unknown")

@tool
def team_after_if(player: str) -> str:
    \"\"\"i\"\"\"
    names = {}
    if player:
        names = {t["id"]: t["name"] for t in requests.get("https://example.com/teams").json()}
    return names[player]

@tool
def bio_after_if(player: str) -> str:
    \"\"\"b\"\"\"
    bios = {}
    if player:
        bios = {t["id"]: t["description"] for t in requests.get("https://example.com/teams").json()}
    return bios.get(player, "")

@tool
def all_after_if(player: str) -> str:
    \"\"\"a\"\"\"
    names = {}
    if player:
        names = {t["id"]: t["name"] for t in requests.get("https://example.com/teams").json()}
    return str(names)
""",
        ["all_after_if", "bio_after_if"],
    ),
    # Pydantic's schema of a model class is as long as the class's code, whatever an instance holds
    "model_schema": (
        """
from pydantic import BaseModel

class Quote(BaseModel):
    bid: float
    ask: float

@tool
def quote(market: str) -> dict:
    \"\"\"q\"\"\"
    return {"fields": Quote.model_json_schema(), "v1": Quote.schema(), "results": Quote(bid=1.0, ask=2.0)}

@tool
def page(url: str) -> dict:
    \"\"\"p\"\"\"
    return {"fields": Quote.model_json_schema(), "page": requests.get(url).text}

class Warehouse:
    @classmethod
    def schema(cls) -> str:
        return requests.get("https://example.com/ddl").text

@tool
def ddl(table: str) -> str:
    \"\"\"d: a class's own `schema()` is followed, not taken for Pydantic's\"\"\"
    return Warehouse.schema()
""",
        ["ddl", "page"],
    ),
    # `str.format` is as large as its template and arguments, like an f-string
    "str_format": (
        """
TEMPLATE = "Saved {n} rows to {path}"
NOTE = "[... {dropped} lines truncated ...]"

@tool
def saved(path: str, n: int) -> str:
    \"\"\"s\"\"\"
    return TEMPLATE.format(n=n, path=path) + " and {}".format(n)

@tool
def page(url: str) -> str:
    \"\"\"p\"\"\"
    return "Page: {}".format(requests.get(url).text)

@tool
def tail(url: str) -> str:
    \"\"\"t\"\"\"
    lines = requests.get(url).text.splitlines()
    return NOTE.format(dropped=len(lines) - 20) + "\\n".join(lines[-20:])
""",
        ["page"],
    ),
    "a loop that stops after a count of turns or items": (
        """
@tool
def by_index(url: str, max_results: int = 50) -> str:
    \"\"\"i\"\"\"
    titles = []
    for i, issue in enumerate(requests.get(url).json()):
        if i >= max_results:
            break
        titles.append(f"#{issue['number']} {issue['title']}")
    return "\\n".join(titles)

@tool
def by_length(url: str, max_results: int = 50) -> str:
    \"\"\"l\"\"\"
    titles = []
    for issue in requests.get(url).json():
        titles.append(f"#{issue['number']} {issue['title']}")
        if len(titles) >= max_results:
            break
    return "\\n".join(titles)

@tool
def every(url: str, max_results: int = 50) -> str:
    \"\"\"e\"\"\"
    titles = []
    for i, issue in enumerate(requests.get(url).json()):
        if issue["state"] == "closed":
            break
        titles.append(f"#{issue['number']} {issue['title']}")
    return "\\n".join(titles)

@tool
def bodies(url: str, max_results: int = 50) -> str:
    \"\"\"b\"\"\"
    texts = []
    for i, issue in enumerate(requests.get(url).json()):
        if i >= max_results:
            break
        texts.append(issue["body"])
    return "\\n".join(texts)
""",
        ["bodies", "every"],
    ),
    "a search whose inner loop stops it through a flag": (
        """
@tool
def search(url: str, max_matches: int = 50) -> str:
    \"\"\"s\"\"\"
    matches = []
    full = False
    for page in requests.get(url).json():
        try:
            for issue in page["issues"]:
                if issue["open"]:
                    matches.append(issue["title"])
                    if len(matches) >= max_matches:
                        full = True
                        break
            if full:
                break
        except KeyError:
            continue
    return "\\n".join(matches)

@tool
def inner_only(url: str, max_matches: int = 50) -> str:
    \"\"\"i\"\"\"
    matches = []
    for page in requests.get(url).json():
        for issue in page["issues"]:
            matches.append(issue["title"])
            if len(matches) >= max_matches:
                break
    return "\\n".join(matches)

@tool
def optional_limit(url: str, max_pages: int | None = None) -> str:
    \"\"\"o\"\"\"
    titles = []
    pages = 0
    while True:
        try:
            titles.extend(requests.get(url).json())
            pages += 1
            if max_pages and pages >= max_pages:
                break
        except ValueError:
            break
    return "\\n".join(titles)
""",
        ["inner_only", "optional_limit"],
    ),
    "a record's fields nested under `fields`": (
        """
import json

@tool
def by_assignee(jql: str) -> str:
    \"\"\"a\"\"\"
    found = requests.get("https://jira.example/search", params={"jql": jql, "maxResults": 50}).json()
    rows = []
    for issue in found["issues"]:
        fields = issue.get("fields", {})
        rows.append({"key": issue["key"], "summary": fields.get("summary"), "status": fields["status"]["name"]})
    return json.dumps(rows)

@tool
def descriptions(jql: str) -> str:
    \"\"\"d\"\"\"
    found = requests.get("https://jira.example/search", params={"jql": jql, "maxResults": 50}).json()
    return json.dumps([issue["fields"]["description"] for issue in found["issues"]])

@tool
def whole(jql: str) -> str:
    \"\"\"w\"\"\"
    found = requests.get("https://jira.example/search", params={"jql": jql, "maxResults": 50}).json()
    return json.dumps([issue.fields for issue in found["issues"]])
""",
        ["descriptions", "whole"],
    ),
    "the items of a directory listing are names": (
        """
import glob
import os

@tool
def first_matches(root: str, q: str) -> str:
    \"\"\"f\"\"\"
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            if q in name:
                found.append(os.path.join(dirpath, name))
                if len(found) >= 20:
                    return "\\n".join(found)
    return "\\n".join(found)

@tool
def newest(root: str) -> str:
    \"\"\"n\"\"\"
    for entry in sorted(os.listdir(root)):
        return entry
    return ""

@tool
def latest(root: str) -> str:
    \"\"\"l\"\"\"
    path = max(glob.glob(root + "/*.csv"), key=os.path.getctime)
    return f"Newest: {os.path.basename(path)}"

@tool
def every_file(root: str) -> str:
    \"\"\"e\"\"\"
    return "\\n".join(glob.glob(root + "/**"))

@tool
def all_names(root: str) -> str:
    \"\"\"a\"\"\"
    for dirpath, dirnames, filenames in os.walk(root):
        return ", ".join(filenames)
    return ""

@tool
def contents(root: str) -> str:
    \"\"\"c\"\"\"
    for name in os.listdir(root):
        return open(os.path.join(root, name)).read()
    return ""
""",
        ["all_names", "contents", "every_file"],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_dataflow_form(tmp_path, name):
    body, flagged = CASES[name]
    assert bl001(tmp_path, body) == flagged


def test_an_enums_members_and_a_literal_table_are_few_and_small(tmp_path):
    body = """
from enum import Enum

class Action(Enum):
    READ = "read"
    WRITE = "write"

REQUIRED = {Action.READ: ["path"], Action.WRITE: ["path", "content"]}

@tool
def usage(action: str) -> str:
    \"\"\"u\"\"\"
    act = Action(action)
    supported = ", ".join([a.value for a in Action])
    return "Supported: " f"{supported}; needs {', '.join(p for p in REQUIRED[act])}"

@tool
def pages(url: str) -> str:
    \"\"\"p\"\"\"
    return "Pages: " f"{', '.join(line for line in requests.get(url).text.splitlines())}"
"""
    assert bl001(tmp_path, body) == ["pages"]


LOCAL_INSTANCE = """
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

class TimeServer:
    def __init__(self, zone: str = "UTC"):
        self.zone = zone

    def convert_time(self, source: str, target: str) -> dict:
        return {"source": source, "target": target, "zone": self.zone}

    def fetch(self, url: str) -> str:
        return requests.get(url).text

@mcp.tool()
def convert(source: str, target: str) -> dict:
    server = TimeServer()
    return server.convert_time(source, target)

@mcp.tool()
def page(url: str) -> str:
    server = TimeServer("CET")
    return server.fetch(url)
"""


def test_a_method_of_a_local_instance_is_followed(tmp_path):
    result = run_tree(tmp_path, {"server.py": LOCAL_INSTANCE}, min_confidence="low")
    found = [(f.symbol, f.confidence, f.message) for f in result.findings]
    assert [(symbol, confidence) for symbol, confidence, _ in found] == [("page", "medium")]
    assert "via `fetch()`" in found[0][2]  # named through the method, not as an unknown call


LAMBDA_IN_A_METHOD = """
import json
import requests
from langchain.tools import Tool


class Slack:
    def send(self, channel: str, message: str) -> str:
        return f"Sent to {channel}: {message[:100]}"

    def history(self, channel: str) -> str:
        return requests.get(f"https://slack.example/{channel}").text

    def as_tools(self) -> list:
        return [
            Tool(name="send", description="Send.", func=lambda x: self.send(**json.loads(x))),
            Tool(name="history", description="Read.", func=lambda x: self.history(x)),
        ]
"""


def test_a_lambda_tool_written_in_a_method_calls_that_instances_methods(tmp_path):
    result = run_tree(tmp_path, {"tools.py": LAMBDA_IN_A_METHOD}, min_confidence="low")
    found = [(f.symbol, f.confidence, f.message) for f in result.findings if f.code == "BL001"]
    assert [(symbol, confidence) for symbol, confidence, _ in found] == [("history.<lambda>", "medium")]
    assert "via `history()`" in found[0][2]


MODEL_CHOSEN_CUT = """
import requests
from langchain_core.tools import tool

@tool
def search(q: str, num_results: int = 5) -> list:
    'Search.'
    results = requests.get(q).json()["items"]
    return results[:num_results]

@tool
def window(url: str, start: int = 0, length: int = 2000) -> str:
    'A part of a page.'
    text = requests.get(url).text
    return text[start : start + length]

@tool
def fixed(q: str) -> list:
    'Search.'
    results = requests.get(q).json()["items"]
    return results[:50]

@tool
def top_three(q: str) -> list:
    'The three best hits.'
    results = requests.get(q).json()["items"]
    return results[:3]
"""


def test_a_cut_the_model_asked_for_is_not_silent(tmp_path):
    # (a top few the code chooses, `results[:3]`, is no silent cut either: a choice of what to
    # show, not part of an answer the model asked for)
    result = run_tree(tmp_path, {"tools.py": MODEL_CHOSEN_CUT}, min_confidence="low")
    assert [(f.code, f.symbol) for f in result.findings] == [("BL004", "fixed")]


SHARED_TRUNCATION = """
import requests
from langchain_core.tools import tool

_SUFFIX = "\\n[truncated]"


def truncate_output(text: str, max_chars: int, suffix: str = _SUFFIX) -> str:
    if len(text) <= max_chars:
        return text
    if max_chars <= len(suffix):
        return text[:max_chars]
    return text[: max_chars - len(suffix)] + suffix


def clip_small(text: str, max_chars: int) -> str:
    if max_chars <= 10:
        return text[:max_chars]
    return text[: max_chars - len(_SUFFIX)] + _SUFFIX


@tool
def fetch(url: str) -> str:
    'Fetch a page.'
    return truncate_output(requests.get(url).text, 100_000)


@tool
def fetch_small(url: str) -> str:
    'Fetch a page.'
    return clip_small(requests.get(url).text, 100_000)
"""


def test_a_bare_slice_where_the_budget_cannot_hold_the_marker_is_not_silent(tmp_path):
    # `max_chars <= len(suffix)`: the note of a cut would not fit, so the slice is the only way to
    # keep within the budget; a marker given as a parameter's default is a marker. Below a number
    # the code picks (`max_chars <= 10`), the cut is as silent as ever.
    result = run_tree(tmp_path, {"tools.py": SHARED_TRUNCATION}, min_confidence="low")
    assert [(f.code, f.symbol) for f in result.findings] == [("BL004", "fetch_small")]


def test_a_method_of_an_instance_made_in_place_is_followed(tmp_path):
    source = """
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

class ListTool:
    def execute(self, mode: str) -> str:
        return f"mode {mode}: ok"

class PageTool:
    def execute(self, url: str) -> str:
        return requests.get(url).text

@mcp.tool()
def list_notebooks(mode: str) -> str:
    return ListTool().execute(mode=mode)

@mcp.tool()
def page(url: str) -> str:
    return PageTool().execute(url)
"""
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert [(f.code, f.symbol, f.confidence) for f in result.findings] == [("BL001", "page", "medium")]
    assert "the response body" in result.findings[0].message  # followed into `PageTool.execute`


DEFERRED = """
import asyncio, functools, requests
from concurrent.futures import ThreadPoolExecutor
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

def fetch(url: str, region: str = "us") -> str:
    return requests.get(url, params={{"region": region}}).text

def status(url: str, region: str = "us") -> str:
    return f"queued {{url}} in {{region}}"

def to_async(func):
    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        return await asyncio.to_thread(func, *args, **kwargs)
    return wrapper

def logged(func):
    def wrapper(*args, **kwargs):
        print("calling", func.__name__)
        return func(*args, **kwargs)
    return wrapper

@mcp.tool()
async def tool(url: str) -> str:
    {body}
"""


COROUTINE_RUN = """
import asyncio, requests
from concurrent.futures import ThreadPoolExecutor
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

async def fetch(url: str) -> str:
    return requests.get(url).text

async def status(url: str) -> str:
    return f"queued {{url}}"

def run_async(coro):
    def run_in_thread():
        loop = asyncio.new_event_loop()
        try:
            return loop.run_until_complete(coro)
        finally:
            loop.close()

    with ThreadPoolExecutor() as pool:
        future = pool.submit(run_in_thread)
        return future.result()

@mcp.tool()
def tool(url: str) -> str:
    {body}
"""


RUN_BY_HELPER = """
import asyncio, requests
from concurrent.futures import ThreadPoolExecutor
from mcp.server.fastmcp import FastMCP

POOL = ThreadPoolExecutor(max_workers=1)

mcp = FastMCP("t")

def fetch(url: str, region: str = "us") -> str:
    return requests.get(url, params={{"region": region}}).text

def status(url: str, region: str = "us") -> str:
    return f"queued {{url}} in {{region}}"

def safe_call(f):
    try:
        return f()
    except requests.HTTPError as e:
        raise RuntimeError(str(e)) from e

async def with_retry(fn, *args, **kwargs):
    for _ in range(3):
        try:
            return await fn(*args, **kwargs)
        except TimeoutError:
            continue
    raise TimeoutError(url)

def on_the_pool(fn, *args, **kwargs):
    try:
        future = POOL.submit(fn, *args, **kwargs)
        return future.result(timeout=30)
    except Exception as e:
        return f"Error in {{fn.__name__}}: {{e}}"

async def in_a_thread(fn, *args):
    return await asyncio.to_thread(fn, *args)

@mcp.tool()
async def tool(url: str) -> str:
    {body}
"""


DEFERRING_FORMS = [
    # a helper that calls the function it is given (an error or retry wrapper) gives what it gives
    (RUN_BY_HELPER, "def call():\n        return {callee}(url)\n\n    return safe_call(call)"),
    (RUN_BY_HELPER, "return await with_retry({callee}, url, region='eu')"),
    # ... also on a pool or a thread, its other returns being messages written there
    (RUN_BY_HELPER, "return on_the_pool({callee}, url, region='eu')"),
    (RUN_BY_HELPER, "return await in_a_thread({callee}, url)"),
    (DEFERRED, "return await asyncio.to_thread({callee}, url, region='eu')"),
    (DEFERRED, "return await asyncio.get_running_loop().run_in_executor(None, {callee}, url)"),
    (DEFERRED, "return functools.partial({callee}, region='eu')(url)"),
    (DEFERRED, "in_eu = functools.partial({callee}, region='eu')\n    return in_eu(url)"),
    # a wrapper of the tree that only calls what it wraps: `to_async(fetch)(url)` is `fetch(url)`
    (DEFERRED, "return await to_async({callee})(url, region='eu')"),
    (DEFERRED, "return logged({callee})(url)"),
    # a task made of a coroutine gives what the coroutine returns
    (DEFERRED, "task = asyncio.create_task(asyncio.to_thread({callee}, url))\n    return await task"),
    (
        DEFERRED,
        "task = asyncio.ensure_future(asyncio.to_thread({callee}, url))\n"
        "    return await asyncio.wait_for(asyncio.shield(task), timeout=30)",
    ),
    # a coroutine run to its end gives what it returns
    (COROUTINE_RUN, "return asyncio.run({callee}(url))"),
    (COROUTINE_RUN, "return asyncio.get_event_loop().run_until_complete({callee}(url))"),
    (COROUTINE_RUN, "loop = asyncio.new_event_loop()\n    return loop.run_until_complete({callee}(url))"),
    (COROUTINE_RUN, "job = {callee}(url)\n    return asyncio.run(job)"),
    (COROUTINE_RUN, "return run_async({callee}(url))"),  # a helper runs it, in a thread's own loop
    # ... or on a loop running in another thread
    (
        COROUTINE_RUN,
        "loop = asyncio.new_event_loop()\n    return asyncio.run_coroutine_threadsafe({callee}(url), loop).result()",
    ),
    (
        COROUTINE_RUN,
        "loop = asyncio.new_event_loop()\n    future = asyncio.run_coroutine_threadsafe({callee}(url), loop)\n"
        "    return future.result(timeout=30)",
    ),
    # an executor's future gives what the function submitted to it returns
    (
        COROUTINE_RUN,
        "with ThreadPoolExecutor() as pool:\n        return pool.submit(asyncio.run, {callee}(url)).result()",
    ),
    (DEFERRED, "with ThreadPoolExecutor() as pool:\n        return pool.submit({callee}, url).result()"),
    (
        DEFERRED,
        "pool = ThreadPoolExecutor()\n    future = pool.submit({callee}, url, region='eu')\n    return future.result()",
    ),
]


@pytest.mark.parametrize("callee", ["fetch", "status"])
@pytest.mark.parametrize(("template", "body"), DEFERRING_FORMS, ids=[body for _, body in DEFERRING_FORMS])
def test_a_call_run_elsewhere_or_bound_by_partial_is_followed(tmp_path, template, body, callee):
    source = template.format(body=body.format(callee=callee))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    expected = [("BL001", "medium")] if callee == "fetch" else []
    assert [(f.code, f.confidence) for f in result.findings] == expected
    # followed into `fetch`: the finding names the body it reads, not the deferring call
    assert all("the response body" in f.message for f in result.findings)


TOOL_INVOKED = """
import requests
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

@tool
def fetch(url: str, region: str = "us") -> str:
    \"\"\"Fetch.\"\"\"
    page = requests.get(url, params={{"region": region}}).text
    return {fetched}

@mcp.tool()
def serve(url: str) -> str:
    return {call}
"""


@pytest.mark.parametrize("method", ["invoke", "run"])
@pytest.mark.parametrize(
    ("fetched", "expected"),
    [("page", [("fetch", "high"), ("serve", "medium")]), ("page[:1000] + '... [truncated]'", [])],
)
def test_a_tool_of_the_tree_invoked_with_its_arguments_is_followed(tmp_path, method, fetched, expected):
    # `fetch.invoke({"url": url})` runs `fetch(url=url)`: as large as what `fetch` returns
    source = TOOL_INVOKED.format(fetched=fetched, call=f'fetch.{method}({{"url": url, "region": "eu"}})')
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    assert [(f.symbol, f.confidence) for f in result.findings if f.code == "BL001"] == expected


def test_a_tool_invoked_with_arguments_not_written_out_is_not_followed(tmp_path):
    source = TOOL_INVOKED.format(fetched="page[:1000] + '... [truncated]'", call="fetch.invoke(dict(url=url))")
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert [(f.symbol, f.confidence) for f in result.findings if f.code == "BL001"] == [("serve", "medium")]


EITHER_INSTANCE = """
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

class Result:
    def __init__(self, output: str = "", error: str = "", artifacts=None):
        self.output = output
        self.error = error
        self.artifacts = artifacts or {{}}

def crawl(url):
    try:
        page = requests.get(url).text
        return Result(output=page[:1000] + "... [truncated]", artifacts={{"raw": page}})
    except Exception as e:
        return Result(error=f"failed: {{e}}")

@mcp.tool()
def tool(url: str) -> str:
    return str(crawl(url).{field})
"""


@pytest.mark.parametrize(("field", "flagged"), [("output", False), ("error", False), ("artifacts", True)])
def test_an_instance_made_on_either_branch_keeps_each_field(tmp_path, field, flagged):
    result = run_tree(tmp_path, {"tools.py": EITHER_INSTANCE.format(field=field)}, min_confidence="low")
    assert [f.code for f in result.findings if f.code == "BL001"] == (["BL001"] if flagged else [])


OBSERVATION = """
import subprocess
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")
MAX = 10_000
MARKER = "\\n[output truncated]"

class Observation:
    def __init__(self, content: str, exit_code: int = 0):
        if len(content) > MAX:
            content = content[: MAX - len(MARKER)] + MARKER
        self.content = content
        self.exit_code = exit_code

class RawObservation:
    def __init__(self, content: str, exit_code: int = 0):
        self.content = content
        self.exit_code = exit_code

@mcp.tool()
def run(cmd: str) -> str:
    out = subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return Observation(out).content", []),  # its constructor cuts, with a marker
        ("return str(Observation(out, 0))", []),
        ("return RawObservation(out).content", ["BL001"]),  # it keeps all of it
        ("return f'exit {RawObservation(out).exit_code}'", []),  # a field it was given small
    ],
)
def test_a_class_whose_constructor_cuts_is_bounded(tmp_path, body, expected):
    assert codes_of(tmp_path, OBSERVATION.format(body=body)) == expected


def codes_of(tmp_path, source: str) -> list[str]:
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    return [f.code for f in result.findings]


def bl001_symbols(tmp_path, files: dict[str, str], **config: object) -> list[str | None]:
    """The tools BL001 reports on `files`, in order (the run must raise no error)."""
    result = run_tree(tmp_path, files, **config)
    assert result.errors == []
    return [f.symbol for f in result.findings if f.code == "BL001"]


DATACLASS_OBSERVATION = """
import subprocess
from dataclasses import dataclass
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")
MAX = 10_000
MARKER = "\\n[output truncated]"

@dataclass
class Observation:
    content: str
    exit_code: int = 0

    def __post_init__(self):
        if len(self.content) > MAX:
            self.content = self.content[: MAX - len(MARKER)] + MARKER

@dataclass
class RawObservation:
    content: str
    exit_code: int = 0

    def __post_init__(self):
        self.exit_code = int(self.exit_code)

@mcp.tool()
def run(cmd: str) -> str:
    out = subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return Observation(out).content", []),  # its __post_init__ cuts, with a marker
        ("return str(Observation(content=out, exit_code=1))", []),
        ("return RawObservation(out).content", ["BL001"]),  # it keeps all of it
        ("return RawObservation(exit_code=3, content=out).content", ["BL001"]),
        ("return f'exit {RawObservation(out, 3).exit_code}'", []),
    ],
)
def test_a_dataclass_whose_post_init_cuts_is_bounded(tmp_path, body, expected):
    assert codes_of(tmp_path, DATACLASS_OBSERVATION.format(body=body)) == expected


MCP_RESULT = """
import requests
from mcp.server.fastmcp import FastMCP
from mcp.types import CallToolResult, TextContent

mcp = FastMCP("t")

@mcp.tool()
def fetch(url: str) -> CallToolResult:
    body = requests.get(url).text
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # `meta` goes to the client application, not to the model
        ("return CallToolResult(content=[TextContent(type='text', text='saved')], meta={'raw': body})", []),
        ("return CallToolResult(content=[TextContent(type='text', text=body)])", ["BL001"]),
        ("return CallToolResult(content=[], structuredContent={'page': body})", ["BL001"]),
    ],
)
def test_an_mcp_result_is_as_large_as_what_the_model_sees(tmp_path, body, expected):
    assert codes_of(tmp_path, MCP_RESULT.format(body=body)) == expected


@pytest.mark.parametrize(
    ("source", "body", "label"),
    [
        (OBSERVATION, "return Observation(out).content", "`Observation` constructor"),
        (DATACLASS_OBSERVATION, "obs = Observation(out)\n    return obs.content", "`Observation` constructor"),
        (OBSERVATION, "return f'exit {RawObservation(out).exit_code}'", "small values"),
    ],
)
def test_the_inventory_names_the_constructor_that_bounds(tmp_path, source, body, label):
    result = run_tree(tmp_path, {"tools.py": source.format(body=body)}, tool_rows=True)
    assert [row.bounded_by for row in result.tool_rows] == [[label]]


STORED_FUNCTION = """
import subprocess
from langchain_core.tools import BaseTool

def run_code(code: str, timeout: int = 5):
    return subprocess.run(["python", "-c", code], capture_output=True, text=True, timeout=timeout).stdout, False

def short_status(code: str):
    return "ok", False

class Interpreter(BaseTool):
    name: str = "python"
    description: str = "Runs Python."

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.evaluator = run_code
        self.status = short_status

    def _run(self, code: str) -> str:
        {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a function of the tree kept in an attribute by `__init__`, called through it
        ('return f"Output: {self.evaluator(code)[0]}"', ["BL001"]),
        ('return f"Output: {self.status(code)[0]}"', []),
    ],
)
def test_a_function_stored_in_an_attribute_is_followed(tmp_path, body, expected):
    assert codes_of(tmp_path, STORED_FUNCTION.format(body=body)) == expected


DISPATCHER = """
from enum import Enum
import requests
from langchain_core.tools import tool

class ToolName(str, Enum):
    GET_SCHEMAS = "get_schemas"
    FETCH_PAGE = "fetch_page"

class Manager:
    def execute_tool(self, tool_name, url=""):
        if tool_name == ToolName.GET_SCHEMAS:
            return "public, auth"
        elif tool_name == ToolName.FETCH_PAGE:
            return requests.get(url).text
        raise ValueError(tool_name)

    def run(self, action, url=""):
        match action:
            case "ping":
                return "pong"
            case "fetch":
                return requests.get(url).text
            case _:
                return "unknown action"

MANAGER = Manager()
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("return MANAGER.execute_tool(ToolName.GET_SCHEMAS)", []),
        ("return MANAGER.execute_tool(ToolName.FETCH_PAGE, url=q)", ["dispatched"]),
        ('return MANAGER.run("ping")', []),
        ('return MANAGER.run("fetch", q)', ["dispatched"]),
        ('return MANAGER.run("other")', []),  # the wildcard case
        # a name the call does not fix: every branch counts
        ("return MANAGER.execute_tool(ToolName(q))", ["dispatched"]),
    ],
)
def test_a_dispatcher_called_with_a_constant_takes_that_branch(tmp_path, body, expected):
    tool = f'\n@tool\ndef dispatched(q: str) -> str:\n    """d"""\n    {body}\n'
    assert bl001_symbols(tmp_path, {"tools.py": DISPATCHER + tool}) == expected


FLAGGED_CLIENT = """
import os
import requests
from langchain_core.tools import tool

class Client:
    def _request(self, path, *, full=False, note=None):
        resp = requests.get("https://api.example.com" + path)
        if full:
            return resp.text
        if note is not None:
            return note
        return "ok" if resp.ok else "failed"

    def get(self, path, *, full=False):
        return self._request(path, full=full)

    def status(self, path):
        return self.get(path)

    def brief(self, path, full=False):
        if not full:
            return "ok"
        return requests.get(path).text

    def from_env(self, path, full=False):
        full = full or os.environ.get("FULL")
        return self._request(path, full=full)

CLIENT = Client()
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a flag the call leaves at its default: the branch it guards is not taken
        ("return CLIENT.get(q)", []),
        ("return CLIENT.status(q)", []),  # passed on unchanged, two calls down
        ("return CLIENT.brief(q)", []),  # `if not full:`
        ('return CLIENT._request(q, note="n")', []),  # `note is not None` holds: its constant
        # the flag set, by a constant or by the model, or spread in: the branch counts
        ("return CLIENT.get(q, full=True)", ["flagged"]),
        ("return CLIENT.brief(q, True)", ["flagged"]),
        ("return CLIENT.get(q, full=len(q) > 3)", ["flagged"]),
        ('return CLIENT._request(q, **{"full": True})', ["flagged"]),
        # a flag the function binds again before it tests it is no longer the call's
        ("return CLIENT.from_env(q)", ["flagged"]),
    ],
)
def test_a_flag_left_at_its_default_chooses_the_branch(tmp_path, body, expected):
    tool = f'\n@tool\ndef flagged(q: str) -> str:\n    """d"""\n    {body}\n'
    assert bl001_symbols(tmp_path, {"tools.py": FLAGGED_CLIENT + tool}) == expected


RETRYING_CLIENT = """
import asyncio
import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")

class Client:
    async def _make_request(self, method, endpoint, params=None, json_data=None, retry_count=0):
        async with httpx.AsyncClient() as client:
            response = await client.request(method=method, url=endpoint, params=params, json=json_data)
        return await self._handle_response(response, method, endpoint, params, json_data, retry_count)

    async def _handle_response(self, response, method, endpoint, params, json_data, retry_count):
        if response.status_code == 429 and retry_count < 3:
            await asyncio.sleep(1)
            return await self._make_request(method, endpoint, params, json_data, retry_count + 1)
        if response.status_code == 204:
            return {}
        return response.json()

    async def get_user(self, user_id):
        return await self._make_request("GET", f"users/{user_id}")

CLIENT = Client()

@mcp.tool()
async def get_user(user_id: str) -> dict:
    return await CLIENT.get_user(user_id)
"""


def test_a_retry_that_calls_back_with_other_constants_is_the_same_recursion(tmp_path):
    # `_make_request("GET", ...)` chooses `method`; the retry passes it on by position, so the
    # inner call chooses nothing: still a recursive call, whose value the other returns give
    # (not an unknown answer past the depth limit).
    assert bl001_symbols(tmp_path, {"tools.py": RETRYING_CLIENT}, min_confidence="low") == []


HANDLER_TABLES = {
    "pkg/__init__.py": "",
    "pkg/services/__init__.py": """
from pkg.services import files, status

def get_handlers(svc):
    handlers = {}
    for mod in [files, status]:
        handlers.update(mod.get_handlers(svc))
    return handlers
""",
    "pkg/services/files.py": """
import requests

def _read_file(svc, args):
    return requests.get(svc.base + args["path"]).text

def get_handlers(svc):
    return {"read_file": lambda args: _read_file(svc, args)}
""",
    "pkg/services/status.py": """
def _status(args):
    return "ok"

def get_handlers(svc):
    return {"status": _status, "ping": lambda args: "pong"}
""",
}

TABLE_SERVER = """
from langchain_core.tools import tool
from pkg import services
from pkg.services import status

class Server:
    base = "https://example.com"

    def _all_handlers(self):
        handlers = {{}}
        handlers.update({maker}.get_handlers(self))
        return handlers

    def dispatch(self, name, arguments):
        handler = self._all_handlers().get(name)
        if handler is None:
            raise ValueError(name)
        return handler(arguments)

SERVER = Server()

@tool
def call(name: str, arguments: dict) -> str:
    \"\"\"Run a named tool.\"\"\"
    return SERVER.dispatch(name, arguments)
"""


@pytest.mark.parametrize(
    ("maker", "expected"),
    [
        # the table the functions of each service module make, merged in a loop: one reads a file
        ("services", ["call"]),
        # only handlers that answer a status
        ("status", []),
    ],
)
def test_a_handler_from_a_table_a_function_makes_is_followed(tmp_path, maker, expected):
    files = {**HANDLER_TABLES, "pkg/server.py": TABLE_SERVER.format(maker=maker)}
    assert bl001_symbols(tmp_path, files) == expected


MEDIA_RESULT = """
import base64
from dataclasses import dataclass
import requests
from langchain_core.tools import tool

@dataclass
class ToolResult:
    output: str | None = None
    base64_image: str | None = None
    audio_base64: str | None = None

def _shot(path):
    return base64.b64encode(open(path, "rb").read()).decode()

@tool
def snap(path: str) -> ToolResult:
    \"\"\"t\"\"\"
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the screenshot goes to the model as an image block, the text beside it is short
        ('return ToolResult(output="Took a screenshot", base64_image=_shot(path))', []),
        # ... the text beside it is what is large
        ("return ToolResult(output=requests.get(path).text, base64_image=_shot(path))", ["snap"]),
        # audio goes back as text, when it goes at all
        ('return ToolResult(output="Recorded", audio_base64=_shot(path))', ["snap"]),
    ],
)
def test_an_image_a_result_object_carries_apart_is_media(tmp_path, body, expected):
    assert bl001_symbols(tmp_path, {"tools.py": MEDIA_RESULT.format(body=body)}) == expected


HANDOFFS = '''
from typing import Annotated, Any
from langchain_core.messages import ToolMessage
from langchain_core.tools import tool, InjectedToolCallId
from langgraph.prebuilt import InjectedState
from langgraph.types import Command
import requests

def _get_field(obj, key):
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)

@tool("transfer_to_b")
def starred(state: Annotated[Any, InjectedState], tool_call_id: Annotated[str, InjectedToolCallId]) -> Command:
    """Hand off to b."""
    msg = ToolMessage(content="Transferred to b", tool_call_id=tool_call_id)
    return Command(goto="b", graph=Command.PARENT, update={"messages": [*_get_field(state, "messages"), msg]})

@tool("transfer_to_c")
def added(state: Annotated[dict, InjectedState], tool_call_id: Annotated[str, InjectedToolCallId]) -> Command:
    """Hand off to c."""
    msg = ToolMessage(content="Transferred to c", tool_call_id=tool_call_id)
    return Command(goto="c", update={**state, "messages": state["messages"] + [msg]})

@tool("fetch")
def fetched(url: str, state: Annotated[dict, InjectedState], tool_call_id: Annotated[str, InjectedToolCallId]) -> Command:
    """Fetch a page into the conversation."""
    msg = ToolMessage(content=requests.get(url).text, tool_call_id=tool_call_id)
    return Command(update={"messages": state["messages"] + [msg]})
'''


def test_a_handoff_that_passes_the_conversation_on_adds_only_its_own_message(tmp_path):
    result = run_tree(tmp_path, {"agents.py": HANDOFFS}, min_confidence="low")
    assert result.errors == []
    assert [f.symbol for f in result.findings if f.code == "BL001"] == ["fetched"]


CALCULATOR = '''
import ast
import operator
from langchain_core.tools import tool

@tool
def calculate(expression: str) -> str:
    """Evaluate an arithmetic expression."""
    allowed_operators = {ast.Add: operator.add, ast.Sub: operator.sub, ast.USub: operator.neg}

    def eval_node(node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.BinOp):
            return allowed_operators[type(node.op)](eval_node(node.left), eval_node(node.right))
        if isinstance(node, ast.UnaryOp):
            op = allowed_operators.get(type(node.op))
            return op(eval_node(node.operand))
        raise ValueError("unsupported")

    return str(eval_node(ast.parse(expression, mode="eval").body))
'''


def test_a_calculator_that_calls_operators_from_a_table_gives_a_number(tmp_path):
    result = run_tree(tmp_path / "ops", {"calc.py": CALCULATOR}, min_confidence="low")
    assert [f.symbol for f in result.findings if f.code == "BL001"] == []
    # a table of anything else is not a calculator's
    other = CALCULATOR.replace("ast.Sub: operator.sub", "ast.Sub: requests.get").replace(
        "import ast\n", "import ast\nimport requests\n"
    )
    result = run_tree(tmp_path / "other", {"calc.py": other}, min_confidence="low")
    assert [f.symbol for f in result.findings if f.code == "BL001"] == ["calculate"]


SIBLINGS = '''
import requests
from langchain_core.tools import tool

def make_tools(base: str):
    def fetch_page(path: str) -> str:
        """Fetch a page."""
        return requests.get(base + path).text

    def fetch_page_sync(path: str) -> str:
        """Fetch a page, as a sibling does."""
        return fetch_page(path)

    return [tool(fetch_page), tool(fetch_page_sync)]
'''


def test_a_nested_function_calls_its_siblings(tmp_path):
    result = run_tree(tmp_path, {"tools.py": SIBLINGS}, min_confidence="low")
    assert result.errors == []
    found = {f.symbol: f for f in result.findings if f.code == "BL001"}
    # followed into the sibling, whatever the wrapper around it
    assert "response body" in found["make_tools.<locals>.fetch_page_sync"].message
    assert found["make_tools.<locals>.fetch_page_sync"].confidence == "medium"


def test_a_marker_template_filled_by_format_tells_of_the_cut(tmp_path):
    body = CASES["str_format"][0]
    files = {"pkg/__init__.py": "", "pkg/base.py": BASE, "pkg/tools.py": HEADER + body}
    findings = run_tree(tmp_path, files).findings
    assert [(f.code, f.symbol) for f in findings] == [("BL001", "page")]  # `tail` says it cut


def test_a_library_module_imported_through_a_star_import_is_known(tmp_path):
    runtime = "import json\nimport requests\nfrom mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('t')\n"
    tools = '''
from pkg.runtime import *

@mcp.tool()
def sent(chat: str) -> str:
    """s"""
    return json.dumps({"sent": True, "chat": chat})

@mcp.tool()
def page(url: str) -> str:
    """p"""
    return json.dumps({"body": requests.get(url).text})
'''
    files = {"pkg/__init__.py": "", "pkg/runtime.py": runtime, "pkg/tools.py": tools}
    findings = run_tree(tmp_path, files, min_confidence="low").findings
    assert [(f.symbol, f.confidence) for f in findings] == [("page", "high")]


CLOSURE_INSTANCE = """
import requests
from fastmcp import FastMCP

class Client:
    def coordinates(self, title: str) -> dict:
        return {"title": title, "lat": 1.0, "lon": 2.0}

    def article(self, title: str) -> str:
        return requests.get("https://w/" + title).text

def create_server(client_from_caller):
    server = FastMCP("wiki")
    client = Client()

    @server.tool()
    def coordinates(title: str) -> dict:
        return client.coordinates(title)

    @server.tool()
    def article(title: str) -> str:
        return client.article(title)

    @server.tool()
    def handed_in(title: str) -> dict:
        return client_from_caller.coordinates(title)

    return server
"""


def test_a_method_of_an_instance_the_enclosing_function_made_is_followed(tmp_path):
    # `client = Client()` in the function that makes the server: its tools call the tree's class.
    result = run_tree(tmp_path, {"server.py": CLOSURE_INSTANCE}, min_confidence="low")
    assert result.errors == []
    found = {(f.symbol or "").rsplit(".", 1)[-1]: f for f in result.findings if f.code == "BL001"}
    assert set(found) == {"article", "handed_in"}  # the coordinates are a small dict
    assert "via `article()`" in found["article"].message
    assert found["article"].confidence == "medium"


LIBRARY_CLIENT_SUBCLASS = """
import json
from mcp.server.fastmcp import FastMCP
from volcengine.base.Service import Service

class Api(Service):
    def call(self, action, params):
        res = self.json(action, params, "{}")
        return json.loads(json.dumps(res))

    def shorten(self, text):
        return text[:10]

mcp = FastMCP("x")
api = Api()

@mcp.tool()
def describe(action: str, params: dict) -> str:
    return api.call(action, params)

@mcp.tool()
def echo(text: str) -> str:
    return api.shorten(text)
"""


def test_a_method_a_class_inherits_from_a_library_client_is_the_librarys_request(tmp_path):
    # `self.json(...)` is the library's request, not the model's arguments serialised, nor a
    # function as large as what it is given.
    result = run_tree(tmp_path, {"server.py": LIBRARY_CLIENT_SUBCLASS}, min_confidence="low")
    assert result.errors == []
    found = [(f.symbol, f.confidence) for f in result.findings if f.code == "BL001"]
    assert found == [("describe", "low")]
    assert "the result of `self.json(action, params, " in result.findings[0].message
    assert "via `call()`" in result.findings[0].message


SERIALISING_HELPER = """
import json, requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")

def as_json(data) -> str:
    return json.dumps(data, indent=2)

@mcp.tool()
def issues(repo: str) -> str:
    return as_json(requests.get(repo).json())

@mcp.tool()
def status(repo: str) -> str:
    return as_json({"repo": repo, "ok": True})
"""


def test_a_helper_that_serialises_its_argument_is_as_large_as_it(tmp_path):
    # `json.dumps(data)` of a helper's parameter: what each caller passes, not the model's arguments.
    result = run_tree(tmp_path, {"server.py": SERIALISING_HELPER}, min_confidence="low")
    found = [(f.symbol, f.confidence) for f in result.findings if f.code == "BL001"]
    assert found == [("issues", "medium")]
    assert "via `as_json()`" in result.findings[0].message


HANDLERS_IN_A_METHOD = """
from mcp.server import Server

class MemoryServer:
    def __init__(self):
        self.server = Server("memory")
        self.register_handlers()

    def register_handlers(self):
        @self.server.call_tool()
        async def handle_call_tool(name: str, arguments: dict):
            if name == "status":
                return await self.handle_status(arguments)
            return await self.handle_read(arguments)

    async def handle_status(self, arguments):
        return f"ok: {len(arguments)} arguments"

    async def handle_read(self, arguments):
        with open(arguments["path"]) as f:
            return f.read()
"""


def test_self_in_a_handler_defined_inside_a_method_is_that_methods_instance(tmp_path):
    result = run_tree(tmp_path, {"server.py": HANDLERS_IN_A_METHOD}, min_confidence="low")
    assert result.errors == []
    found = [(f.line, f.confidence) for f in result.findings if f.code == "BL001"]
    assert found == [(13, "medium")]  # the read, through `handle_read()`; the status is small
    assert "via `handle_read()`" in result.findings[0].message


INSTANCE_TABLE = """
from mcp.server import Server

READ_ONLY = {{"search", "ping"}}

class Handlers:
    def __init__(self, client, read_only: bool = False):
        self.client = client
        every = {{"search": self._search, "ping": self._ping}}
        if read_only:
            self.table = {{k: v for k, v in every.items() if k in READ_ONLY}}
        else:
            self.table = {table}

    async def handle(self, name: str, arguments: dict):
        handler = self.table.get(name)
        return await handler(arguments)

    async def _search(self, args):
        return await self.client.search(args["q"])

    async def _ping(self, args):
        return "pong"

def make(client):
    server = Server("x")
    handlers = Handlers(client)

    @server.call_tool()
    async def call_tool(name: str, arguments: dict):
        return await handlers.handle(name, arguments)

    return server
"""


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ("every", [("make.<locals>.call_tool", "medium")]),
        # a value that is not one of the class's methods: the table is not known, as before
        ('{"search": self._search, "echo": lambda args: args}', []),
    ],
)
def test_a_handler_taken_from_the_instances_table_is_each_of_its_methods(tmp_path, table, expected):
    result = run_tree(tmp_path, {"server.py": INSTANCE_TABLE.format(table=table)}, min_confidence="low")
    assert result.errors == []
    assert [(f.symbol, f.confidence) for f in result.findings if f.code == "BL001"] == expected
    if expected:
        assert "via `_search()`" in result.findings[0].message


OPTIONAL_CLIENT = """
import requests
from mcp.server.fastmcp import FastMCP

class Searcher:
    def read_paper(self, paper_id: str) -> str:
        raise NotImplementedError("this library offers no full text")

    def fetch(self, url: str) -> str:
        return requests.get(url).text

try:
    searcher = Searcher()
except Exception:
    searcher = None

mcp = FastMCP("papers")

@mcp.tool()
def read_paper(paper_id: str) -> str:
    return searcher.read_paper(paper_id)

@mcp.tool()
def fetch(url: str) -> str:
    return searcher.fetch(url)
"""


def test_a_method_of_an_optional_module_level_client_is_followed(tmp_path):
    # `searcher = Searcher()` in a `try`, `None` in its `except`: the one call says its class.
    result = run_tree(tmp_path, {"server.py": OPTIONAL_CLIENT}, min_confidence="low")
    assert result.errors == []
    assert [(f.symbol, f.confidence) for f in result.findings] == [("fetch", "medium")]
    assert "via `fetch()`" in result.findings[0].message


HELPER_COUNT_CUT = """
import requests
from langchain_core.tools import tool

def search_text(pattern: str, max_results: int = 100) -> list:
    results = requests.get("https://search.example", params={{"q": pattern}}).json()["items"]
    return results{cut}

@tool
def find_text(pattern: str, max_results: int = 10) -> list:
    'Find text.'
    return search_text(pattern, max_results)
"""


@pytest.mark.parametrize(
    ("cut", "expected"),
    [("[:max_results]", []), ("[-max_results:]", []), ("[:20]", ["BL004"]), ("[-20:]", ["BL004"])],
)
def test_a_helpers_cut_to_its_count_parameter_is_what_its_caller_asked_for(tmp_path, cut, expected):
    result = run_tree(tmp_path, {"tools.py": HELPER_COUNT_CUT.format(cut=cut)}, min_confidence="low")
    assert [f.code for f in result.findings] == expected


ANNOTATED_CLIENT = """
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ci")

class Client:
    def console(self, job: str) -> str:
        return requests.get(f"https://ci.example/{{job}}/console").text

    def ping(self) -> str:
        return "pong"

def client_of(ctx) -> {returned}:
    return ctx.request_context.lifespan_context.client

@mcp.tool()
def console(ctx, job: str) -> str:
    return client_of(ctx).console(job)

@mcp.tool()
def ping(ctx) -> str:
    made = client_of(ctx)
    return made.ping()
"""


@pytest.mark.parametrize(
    ("returned", "expected"),
    [("Client", [("console", "medium")]), ("Client | None", [("console", "medium")]), ("object", [])],
)
def test_a_method_of_the_class_a_function_says_it_returns_is_followed(tmp_path, returned, expected):
    # `def client_of(ctx) -> Client`: what it gives is that class's instance, whatever the body
    # reads it from, so `client_of(ctx).console(job)` is `Client.console`.
    result = run_tree(tmp_path, {"server.py": ANNOTATED_CLIENT.format(returned=returned)})
    assert result.errors == []
    assert [(f.symbol, f.confidence) for f in result.findings] == expected
    assert all("via `console()`" in f.message for f in result.findings)  # followed into the method


DUMPED_MODEL = """
import requests
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ci")

class Executor(BaseModel):
    log: str

class Node(BaseModel):
    display_name: str
    offline: bool
    executors: list[Executor]

@mcp.tool()
def get_node(name: str) -> dict:
    node = Node.model_validate(requests.get(f"https://ci.example/{{name}}").json())
    return node.model_dump({dump})
"""


@pytest.mark.parametrize(
    ("dump", "flagged"),
    [
        ("", True),
        ("exclude={'executors'}", False),
        ("include={'display_name', 'offline'}", False),
        ("include=['display_name', 'executors']", True),
        ("exclude={'executors': True}", False),
        ("exclude={'executors': {'log'}}", True),  # the executors stay, without their logs
        ("exclude=DROPPED", True),  # names the dump cannot see
    ],
)
def test_a_dump_that_keeps_only_short_fields_is_small(tmp_path, dump, flagged):
    result = run_tree(tmp_path, {"server.py": DUMPED_MODEL.format(dump=dump)}, min_confidence="low")
    assert result.errors == []
    assert [f.symbol for f in result.findings if f.code == "BL001"] == (["get_node"] if flagged else [])


DECLARED_ONLY = """
from typing import Protocol
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("sandbox")

class Session(Protocol):
    def execute(self, code: str) -> str:{body}

def session_of(ctx) -> Session:
    return ctx.request_context.lifespan_context.session

@mcp.tool()
def run_code(ctx, code: str) -> str:
    return session_of(ctx).execute(code)
"""


@pytest.mark.parametrize(
    ("body", "flagged"),
    [
        (" ...", True),
        ("\n        ...", True),
        ('\n        "Run code in the sandbox."', True),
        ('\n        "Run code in the sandbox."\n        ...', True),
        ('\n        return "done"', False),
        ('\n        if code:\n            ...\n        return "done"', False),
    ],
)
def test_a_method_that_only_declares_its_result_gives_an_unknown_answer(tmp_path, body, flagged):
    # A Protocol's `...` says nothing of what an implementation returns: not "None, so small".
    result = run_tree(tmp_path, {"server.py": DECLARED_ONLY.format(body=body)}, min_confidence="low")
    assert result.errors == []
    assert [f.symbol for f in result.findings if f.code == "BL001"] == (["run_code"] if flagged else [])


ABSTRACT_RUNNER = """
from abc import ABC, abstractmethod
from strands import tool

class Runner(ABC):
    @tool
    def run(self, code: str) -> dict:
        return self.execute(code)

    {decorator}
    def execute(self, code: str) -> dict:
        return {{}}
"""


@pytest.mark.parametrize(("decorator", "flagged"), [("@abstractmethod", True), ("", False)])
def test_an_abstract_methods_default_body_is_not_what_a_subclass_returns(tmp_path, decorator, flagged):
    result = run_tree(tmp_path, {"runner.py": ABSTRACT_RUNNER.format(decorator=decorator)}, min_confidence="low")
    assert result.errors == []
    assert [f.symbol for f in result.findings if f.code == "BL001"] == (["Runner.run"] if flagged else [])


TEMPLATE_METHOD = """
import requests
from langchain_core.tools import BaseTool


class ApiTool(BaseTool):
    def _call_api(self, query: str) -> str:
        return self._parse(requests.get(f"https://api.example/{{query}}").json())

    def _parse(self, data: dict) -> str:
        {base_parse}


class StatusTool(ApiTool):
    name: str = "status"
    description: str = "Status."

    def _parse(self, data: dict) -> str:
        return "up" if data["ok"] else "down"

    def _run(self, query: str) -> str:
        return self._call_api(query)


class PageTool(ApiTool):
    name: str = "page"
    description: str = "Page."

    def _parse(self, data: dict) -> str:
        return data["body"]

    def _run(self, query: str) -> str:
        return self._call_api(query)
"""


@pytest.mark.parametrize("base_parse", ["raise NotImplementedError", "...", 'return ""'])
def test_a_bases_method_calls_the_override_of_the_tools_own_class(tmp_path, base_parse):
    # `self._parse(...)` in the base's `_call_api` is each tool's own `_parse`: the status tool
    # answers a word, the page tool the page, whatever the base's `_parse` says.
    result = run_tree(tmp_path, {"tools.py": TEMPLATE_METHOD.format(base_parse=base_parse)}, min_confidence="low")
    assert result.errors == []
    assert [f.symbol for f in result.findings if f.code == "BL001"] == ["PageTool._run"]


MADE_WITH_FIELDS = """
import subprocess
from dataclasses import dataclass
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("shell")

class Output(BaseModel):
    stdout: str | None = None
    stderr: str | None = None
    status: str

@dataclass
class Done:
    stdout: str
    stderr: str

def _cut(text):
    if text is None or len(text) <= 10_000:
        return text
    return f"[truncated from {{len(text)}} chars]" + text[:2_000]

def run(command):
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError:
        return {kind}({unset}stderr=_cut(f"not found: {{command}}"){status})
    return {kind}(stdout=_cut(done.stdout), stderr=done.stderr{status})

@mcp.tool()
def shell(command: str) -> str:
    return run(command).{read}
"""


@pytest.mark.parametrize("kind", ["Output", "Done"])
@pytest.mark.parametrize(("read", "flagged"), [("stdout", False), ("stderr", True)])
def test_a_field_of_an_instance_is_what_its_construction_passed_there(tmp_path, kind, read, flagged):
    status = ', status="executed"' if kind == "Output" else ""
    unset = "" if kind == "Output" else "stdout=None, "  # a model's field not passed: its default
    source = MADE_WITH_FIELDS.format(kind=kind, read=read, status=status, unset=unset)
    result = run_tree(tmp_path, {"server.py": source}, min_confidence="low")
    assert result.errors == []
    assert [f.symbol for f in result.findings if f.code == "BL001"] == (["shell"] if flagged else [])


INHERITED_CLASSMETHOD = """
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

class BaseTransformer:
    @classmethod
    def transform(cls, entity):
        return {returned}

class FolderTransformer(BaseTransformer):
    pass

@mcp.tool()
def get_folder(folder_id: str) -> str:
    return str(FolderTransformer.transform(requests.get(folder_id).json()))
"""


@pytest.mark.parametrize(
    ("returned", "expected"), [('{"id": entity.get("id")}', []), ("entity", [("BL001", "medium")])]
)
def test_a_classmethod_a_class_inherits_is_followed_through_the_subclass(tmp_path, returned, expected):
    # `FolderTransformer.transform(x)`, defined by its base of the tree: that method, with `x`
    source = INHERITED_CLASSMETHOD.format(returned=returned)
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    assert [(f.code, f.confidence) for f in result.findings] == expected
    assert all("via `BaseTransformer.transform()`" in f.message for f in result.findings)


LAMBDA_TOOLS = """
import httpx
from langchain_core.tools import StructuredTool


class AsyncTable:
    async def execute(self, params: dict) -> str:
        async with httpx.AsyncClient() as client:
            return (await client.get("https://api.example/tables")).text


class SyncTable:
    def execute(self, params: dict) -> str:
        return httpx.get("https://api.example/tables").text


def build_tools():
    unawaited = AsyncTable()
    table = SyncTable()
    return [
        StructuredTool(name="a", description="A.", func=lambda **kwargs: str(unawaited.execute(kwargs))),
        StructuredTool(name="s", description="S.", func=lambda **kwargs: str(table.execute(kwargs))),
    ]
"""


def test_a_lambda_tool_follows_an_instance_its_enclosing_function_made(tmp_path):
    """The lambda's `table` is the `SyncTable()` of `build_tools`: its method is followed to the
    response body. Of an `async def` never awaited, `str()` is a coroutine's repr."""
    result = run_tree(tmp_path, {"tools.py": LAMBDA_TOOLS}, min_confidence="low")
    flagged = {(f.symbol, f.confidence, "the response body" in f.message) for f in result.findings if f.code == "BL001"}
    assert flagged == {("s.<lambda>", "medium", True)}


SERVICE_OVER_CLIENT = """
import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("boards")

class ApiClient:
    def __init__(self, key: str):
        self.http = httpx.AsyncClient(base_url="https://api.example.com/1")

    async def GET(self, endpoint: str, params: dict = None):
        response = await self.http.get(endpoint, params=params)
        response.raise_for_status()
        return response.json()

class BoardService:
    def __init__(self, client: {annotation}):
        self.client = client

    async def get_board(self, board_id: str):
        return await self.client.GET(f"/boards/{{board_id}}")

    async def get_cards(self, board_id: str):
        return await self.client.GET(f"/boards/{{board_id}}/cards")

service = BoardService(ApiClient("key"))

@mcp.tool()
async def get_board(board_id: str):
    return await service.get_board(board_id)

@mcp.tool()
async def get_cards(board_id: str):
    return await service.get_cards(board_id)
"""


@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        # the client's own request: one board by its key is one record, its cards a listing
        ("ApiClient", [("get_board", "low"), ("get_cards", "medium")]),
        ("ApiClient | None", [("get_board", "low"), ("get_cards", "medium")]),
        # a client the annotation does not name: an unknown library's answers
        ("object", [("get_board", "medium"), ("get_cards", "medium")]),
    ],
)
def test_a_client_given_to_init_by_an_annotated_parameter_is_followed(tmp_path, annotation, expected):
    source = SERVICE_OVER_CLIENT.format(annotation=annotation)
    result = run_tree(tmp_path, {"server.py": source}, min_confidence="low")
    assert result.errors == []
    assert [(f.symbol, f.confidence) for f in result.findings if f.code == "BL001"] == expected


TEXT_OR_DATA_HELPER = """
import requests
from strands import tool

def _request(path: str, repo: str | None):
    if not repo:
        return "Error: no repository given"
    try:
        response = requests.get(f"https://api.example.com/repos/{{repo}}/{{path}}", timeout=30)
        response.raise_for_status()
        return response.json()
    except Exception as e:
        return f"Error: {{e!s}}"

@tool
def comments(number: int, repo: str | None = None) -> str:
    \"\"\"Comments of an issue.\"\"\"
    result = _request(f"issues/{{number}}/comments", repo)
    if {test}:
        return result
    return "\\\\n".join(c["body"] for c in result)
"""


@pytest.mark.parametrize(
    ("test", "lines"),
    [
        # the text paths are the helper's messages; the data paths its parsed response
        ("isinstance(result, str)", [20]),
        ("not isinstance(result, dict)", [20]),
        # the data half returned as it is (what follows reads the messages)
        ("isinstance(result, (dict, list))", [19]),
        # a test that says nothing of the type: either half may be returned
        ("result", [19, 20]),
    ],
)
def test_a_helper_that_answers_data_or_a_message_is_split_by_an_isinstance_test(tmp_path, test, lines):
    result = run_tree(tmp_path, {"tools.py": TEXT_OR_DATA_HELPER.format(test=test)}, min_confidence="low")
    assert result.errors == []
    found = [f for f in result.findings if f.code == "BL001"]
    assert [f.line for f in found] == lines
    assert all("via `_request()`" in f.message for f in found)


SELF_ALIAS_IN_A_CLOSURE = """
import requests
from mcp.server.fastmcp import FastMCP


class GrepTool:
    async def call(self, query: str) -> str:
        {body}

    def register(self, mcp_server: FastMCP) -> None:
        tool_self = self  # the instance, for the closure below

        @mcp_server.tool()
        async def grep(query: str) -> str:
            return await tool_self.call(query)
"""


@pytest.mark.parametrize(
    ("body", "flagged"),
    [
        ('return "Thought recorded."', False),  # a fixed sentence, now read
        ("return requests.get(query).text", True),  # a page, now named with its line
    ],
)
def test_an_alias_of_self_in_the_method_around_a_closure_is_that_instance(tmp_path, body, flagged):
    """`tool_self = self` in `register`, then `tool_self.call(...)` in the tool it defines: the
    class's own `call`, not an unknown object's method."""
    source = SELF_ALIAS_IN_A_CLOSURE.format(body=body)
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    found = [f for f in result.findings if f.code == "BL001"]
    assert bool(found) == flagged
    assert all("via `call()`" in f.message for f in found)


CALLABLE_HANDED_IN = """
import json
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP
from mem0 import MemoryClient

mcp = FastMCP("memory")


class AddMemoryArgs(BaseModel):
    text: str
    tags: list[str]


def _call(fn, *args, **kwargs):
    {body}


@mcp.tool()
def add_memory(text: str) -> str:
    payload = AddMemoryArgs(text=text, tags=[]).model_dump()
    return _call(MemoryClient().add, **payload)
"""


@pytest.mark.parametrize(
    ("body", "contract"),
    [
        # a callable handed in: what it answers holds none of the models it is given
        ("result = fn(*args, **kwargs)\n    return json.dumps(result)", False),
        ("return fn(**kwargs)", False),
        # ... but a helper that gives back what it is handed does
        ("return json.dumps(kwargs)", True),
    ],
)
def test_the_answer_of_a_callable_handed_in_holds_no_model_of_its_arguments(tmp_path, body, contract):
    """`_call(client.add, **payload)` where `payload` is an arguments model dumped: the model is
    sent to the API, not returned, so it is no return contract (BL002/BL003)."""
    source = CALLABLE_HANDED_IN.format(body=body)
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    assert any(f.code in ("BL002", "BL003") for f in result.findings) == contract
