"""Small values a reviewer would not flag: statuses and IDs, the tool's own settings,
aggregate query rows, the model's arguments serialised. Each next to the look-alike
that stays unbounded."""

from __future__ import annotations

import textwrap

import pytest

from boundlint.knowledge.data_sources import lists_few_by_nature, name_words
from tests.helpers import bl001_confidences, run_tree

TOOL_CLASS = """
import json, os, random, sqlite3
from typing import Optional
import requests
from crewai.tools import BaseTool
from pydantic import BaseModel

ETAS = {{"paris": "2 days", "rome": "3 days"}}
DEFAULT_REGION = "us-east-1"

class Query(BaseModel):
    q: str
    start: int = 0


class Settings(BaseTool):
    name: str = "reader"
    greeting: str = "Hello"
    base_url: str

    def __init__(self, base_url: str, db: str = "app.db", region: Optional[str] = None):
        super().__init__()
        self.base_url = base_url
        self.db = db
        self.page = requests.get(base_url).text
        self.region = region or os.getenv("AWS_REGION", DEFAULT_REGION)

    def _run(self, q: str) -> str:
{body}
"""


def flagged(tmp_path, body: str) -> list[str]:
    """BL001 at any confidence: these cases are about the verdict, `test_confidence.py` about how sure."""
    source = TOOL_CLASS.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    return [f.code for f in result.findings if f.code == "BL001"]


BOUNDED = {
    "a number made from a digest's bytes": (
        "import hashlib\nd = hashlib.sha256(requests.get(q).content).digest()\nreturn str(int.from_bytes(d[:8], 'big'))"
    ),
    "a host's address": "import socket\nreturn socket.gethostbyname(requests.get(q).text)",
    "a calculator's eval of the model's expression": "return str(eval(q, {'__builtins__': {}}))",
    "a private setting named for a count": "self._max_rows = 100\nreturn f'{requests.get(q).status_code} of {self._max_rows}'",
    "a memo that replays what the tool stores": (
        "if q in self.memo:\n    return self.memo[q]\nstatus = str(requests.get(q).status_code)\n"
        "self.memo[q] = status\nreturn status"
    ),
    "a number summed in a loop over a download": (
        "total_ms = 0\nfor track in requests.get(q).json():\n    total_ms += track['duration']\nreturn f'{total_ms} ms'"
    ),
    "a status code": "resp = requests.get(q)\nreturn f'status {resp.status_code}, ok={resp.ok}'",
    "an exit code": "import subprocess\nproc = subprocess.run(['ls'])\nreturn f'exited {proc.returncode}'",
    "an id from an API object": "item = requests.post(q).json()\nreturn f'created {item.id} in {item.thread_id}'",
    "a class attribute with a constant default": "return f'{self.greeting}, {q}'",
    "a setting from __init__'s parameters": "return f'{self.base_url}/{q} in {self.db}'",
    "a setting from a parameter or the environment": "return f'{self.region}'",
    "an aggregate query": "(n,) = sqlite3.connect(self.db).execute('SELECT COUNT(*) FROM t').fetchone()\nreturn f'{n} rows'",
    "an aggregate query in an f-string": "row = sqlite3.connect(self.db).execute(f'select max(id) from {q}').fetchone()\nreturn str(row[0])",
    "a lookup in a module's table of constants": "return ETAS.get(q, 'unknown')",
    "a path's stem and suffix": "import pathlib\np = pathlib.Path(requests.get(q).text)\nreturn f'{p.stem}{p.suffix}'",
    "a parsed date": "import dateparser\nreturn str(dateparser.parse(q))",
    "a weekday": "from datetime import datetime\nreturn str(datetime.now().isoweekday())",
    "a library's constant": "import http\nreturn f'{http.HTTPStatus.OK}'",
    "a number formatted as one": "data = requests.get(q).json()\nreturn f\"{data['population'] / 1e6:.1f} million\"",
    "coordinates read by key": "data = requests.get(q).json()\nreturn f\"lat {data[0]['lat']}, lon {data[0]['lon']}\"",
    "a flag read with a flag default": "data = requests.get(q).json()\nreturn f\"done: {data.get('finished', False)}\"",
    "a few of the arguments": "picked = random.sample(q.split(','), min(len(q), 5))\nreturn str([p.upper() for p in picked])",
    "a one-time code": "import pyotp\nreturn pyotp.TOTP(self.db).now()",
    "a page's id, title and link": (
        "page = requests.get(q).json()\n"
        "return json.dumps({'id': page['id'], 'title': page.get('title'), 'url': page['html_url']})"
    ),
    "a type's name": "return type(requests.get(q)).__name__",
    "a translated message": "return make_client().gettext('Nothing found for this query.')",
    "a message translated by an imported gettext": (
        "from django.utils.translation import gettext as tr\nreturn tr('Nothing found for this query.')"
    ),
    "a page script that reads a tag name and a URL": (
        "page = make_browser().page\ntag = page.evaluate('el => el.tagName.toLowerCase()', q)\n"
        "url = page.evaluate('() => window.location.href')\nreturn f'clicked <{tag}> at {url}'"
    ),
    "a counter stepped in a loop over a download": (
        "n = 0\nfor line in requests.get(q).text.splitlines():\n    n += 1\nreturn f'{n} lines'"
    ),
    "a repository's default branch": (
        "data = requests.get(q).json()\nreturn f\"on {data.get('default_branch', 'main')}\""
    ),
    "an item of a collection named for short values": "urls = requests.get(q).json()['urls']\nreturn urls[0]",
    "an item of a list of categories": "categories = requests.get(q).json()['categories']\nreturn f'top: {categories[0]}'",
    "a commit hash": "import git\ncommit = git.Repo(q).index.commit(q)\nreturn f'committed {commit.hexsha} ({commit.tree_hash})'",
    "a response's content type header": "r = requests.get(q)\nreturn f\"type {r.headers.get('content-type', '')}\"",
    "a field of a model made from the arguments": "args = Query.model_validate({'q': q})\nreturn f'from {args.start}'",
    "the top results' titles, links and snippets": (
        "hits = requests.get(q).json()['organic'][:5]\n"
        "return '\\n'.join(f\"{h['title']} {h['link']} {h['snippet']}\" for h in hits)"
    ),
    "dates and times by field name": "d = requests.get(q).json()\nreturn f\"{d['CreationDate']} {d['end_time']}\"",
    "timestamps read by key": "r = requests.get(q).json()\nreturn f\"{r['ts']} {r['timestamp']} {r['created']} {r['updatedAt']}\"",
    "camelCase ids and names from JSON": (
        "zone = requests.get(q).json()\nreturn f\"{zone['timeZoneId']} ({zone['timeZoneName']}) {zone['htmlUrl']}\""
    ),
    "a column's type": 'import pandas as pd\ndf = pd.read_csv(q)\nreturn f"{df[q].dtype} in {df.ndim} dimensions"',
    "links by key": "doc = requests.get(q).json()\nreturn f\"{doc['webViewLink']} {doc['html_link']}\"",
    "one short answer per argument": "return json.dumps([requests.get(u).status_code for u in q.split(',')])",
    "a path resolved from the arguments": "import pathlib\nout = pathlib.Path.cwd() / 'out' / q\nreturn f'saved to {out.resolve()}'",
    "a temporary folder": "import tempfile, os\nreturn os.path.join(tempfile.mkdtemp(), q)",
    "the parts of a date": "import datetime\nnow = datetime.datetime.now()\nreturn json.dumps({'y': now.year, 'm': now.month})",
    "a digest": "import hashlib\nreturn hashlib.sha256(requests.get(q).content).hexdigest()",
    "a secret read from a credential store": (
        "credentials = make_client()\ntoken = credentials.get_by_alias('slack', q)\n"
        "if not token:\n    return {'error': 'Slack credentials not configured'}\nreturn {'token_set': token}"
    ),
    "a password from the keyring": "import keyring\nreturn keyring.get_password('svc', q)",
    "an API change's acknowledgement": "import boto3\nreturn str(boto3.client('s3').create_bucket(Bucket=q))",
    "a deletion's answer": "client = make_client()\nresult = client.delete_image_set(datastoreId=q)\nreturn json.dumps(result)",
    "a set built from the model's numbers": (
        "primes = set()\nfor n in q.split(','):\n    if int(n) % 2:\n        primes.add(int(n))\n"
        "return ', '.join(str(p) for p in primes)"
    ),
    "the entries of a module's table of constants": (
        "return json.dumps([{'city': c, 'eta': e} for c, e in ETAS.items() if q in c])"
    ),
    "uuids by key": "node = requests.get(q).json()\nreturn f\"{node['uuid']} {node['group_uuid']}\"",
    "an operation's status or error message": (
        "result = make_client().send_command('render', {'q': q})\n"
        "if 'error' in result:\n    return f\"Error: {result['error']}\"\n"
        "return result.get('message', 'done')"
    ),
    "a cast of a short value": "from typing import cast\nreturn cast(str, json.dumps({'text': q}))",
    "a name bound before the body failed": (
        "try:\n    rid = q.strip()\n    return 'sent ' + requests.post(q).text[:10] + ' [truncated]'\n"
        "except Exception as e:\n    return f'{rid} failed: {e}'"
    ),
    "a cloud resource name and region": "job = requests.get(q).json()\nreturn f\"{job['jobArn']} in {job['region']} ({job['job_status']})\"",
    "a child process's exit code": (
        "import subprocess\nproc = subprocess.Popen(q, shell=True, stdout=subprocess.PIPE)\n"
        "return f'exit {proc.poll()} then {proc.wait()}'"
    ),
    "an array reduced to numbers": (
        "import numpy as np\ndata = np.asarray(requests.get(q).json())\n"
        "return f'min={np.nanmin(data)} mean={np.mean(data)}'"
    ),
    "the row id of an insert": (
        "cur = sqlite3.connect(self.db).execute('INSERT INTO t VALUES (?)', (q,))\n"
        "return f'stored {cur.lastrowid} ({cur.rowcount})'"
    ),
    "counts and limits by their prefix": (
        "r = requests.get(q).json()\nreturn f\"{r['num_pages']} pages, {r['total_messages']} of {r['max_messages']}\""
    ),
}

UNBOUNDED = {
    "an item of a mailbox's messages": "emails = requests.get(q).json()['emails']\nreturn str(emails[0])",
    "a whole collection named for short values": "urls = requests.get(q).json()['urls']\nreturn '\\n'.join(urls)",
    "a memo of what a download gives": (
        "if q in self.memo:\n    return self.memo[q]\npage = requests.get(q).text\nself.memo[q] = page\nreturn page"
    ),
    "a cache the tool reads but others fill": "return self.cache[q]",
    "a page passed through an imported gettext": (
        "from django.utils.translation import gettext as tr\nreturn tr(requests.get(q).text)"
    ),
    "eval of a download": "return str(eval(requests.get(q).text))",
    "a text summed in a loop over a download": (
        "out = ''\nfor track in requests.get(q).json():\n    out += track['lyrics']\nreturn out"
    ),
    "a page script that reads the page's text": (
        "page = make_browser().page\nreturn page.evaluate('() => document.body.innerText')"
    ),
    "the body next to the status": "resp = requests.get(q)\nreturn f'status {resp.status_code}: {resp.text}'",
    "an attribute set from a download": "return self.page",
    "a query for whole rows": "rows = sqlite3.connect(self.db).execute('SELECT body FROM t').fetchall()\nreturn json.dumps(rows)",
    "a library value that is not a constant": "import os\nreturn os.environ.get('HOME') + str(os.environ)",
    "a sample of a download": "lines = requests.get(q).text.splitlines()\nreturn '\\n'.join(random.sample(lines, 3))",
    "text formatted to a width": "page = requests.get(q).text\nreturn f'{page:>80}'",
    "a key that only starts like a small one": "data = requests.get(q).json()\nreturn str(data['latest'])",
    "a get with a text default": "data = requests.get(q).json()\nreturn data.get('body', '')",
    "a counter next to the text it counts": (
        "n = 0\nout = ''\nfor line in requests.get(q).text.splitlines():\n    n += 1\n    out += line\nreturn f'{n}: {out}'"
    ),
    "a camelCase field that is not a short one": "zone = requests.get(q).json()\nreturn zone['rawPageText']",
    "a lookup in a table of constants with a large default": "return ETAS.get(q, requests.get(q).text)",
    "a page per argument": "return json.dumps([requests.get(u).text for u in q.split(',')])",
    "a page's body next to its title": "page = requests.get(q).json()\nreturn json.dumps({'title': page['title'], 'body': page.get('body')})",
    "generated text from a create call": "import llama_cpp\nreturn str(llama_cpp.Llama(q).create_chat_completion([q]))",
    "a scrape started and waited for": "return str(make_client().scrape.start_and_wait(q))",
    "a bare create": "return str(make_client().responses.create(input=q))",
    "a coroutine run to its end": (
        "async def fetch(u):\n    return requests.get(u).text\nimport asyncio\nreturn asyncio.run(fetch(q))"
    ),
    "the content of a chat reply's message": (
        "import ollama\nreply = ollama.chat(model='m', messages=[{'role': 'user', 'content': q}])\n"
        "return reply['message']['content']"
    ),
    "the text of a completion's message": "return make_client().chat.completions.create(messages=[q]).choices[0].message.content",
    "an agent's answer in a message attribute": "return make_client().browse(cmd=q).message",
    "a message read out of a message": "r = make_client().send_command('x')\nreturn r.get('message').get('body')",
    "a cast of a page": "from typing import cast\nreturn cast(str, requests.get(q).text)",
    "a file read through a path": "import pathlib\nreturn (pathlib.Path.cwd() / q).resolve().read_text()",
    "a method of an object that is not a path": "import pathlib\nresolver = make_resolver(q)\nreturn str(resolver.resolve(q))",
    "the group of a match in a download": "import re\nm = re.search('(.*)', requests.get(q).text)\nreturn m.group(1)",
    "what a child process printed": (
        "import subprocess\nproc = subprocess.Popen(q, shell=True, stdout=subprocess.PIPE)\n"
        "proc.wait()\nreturn proc.stdout.read().decode()"
    ),
    "a reduction along an axis": "import numpy as np\nreturn str(np.mean(np.asarray(requests.get(q).json()), axis=0))",
    "a poll of something not made as a process": "consumer = make_consumer(q)\nreturn str(consumer.poll())",
    "a note read from an Obsidian vault": "vault = make_client()\nreturn vault.get_note(q)",
    "what a credential store is asked to list": "credentials = make_client()\nreturn str(credentials.list_all())",
}


FACTORY = """
import requests
from langchain_core.tools import tool

def make_tool(name: str, url: str, pages: list, fetch=None):
    @tool
    def the_tool(q: str) -> str:
        \"\"\"A tool made by a factory.\"\"\"
{body}
    return the_tool
"""


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        ("return f\"Tool '{name}' could not reach {url}\"", []),  # the factory's settings
        ("return '\\n'.join(pages)", ["BL001"]),  # a collection handed in: any size
        ("return fetch(q)", ["BL001"]),  # a function handed in: anything
    ],
)
def test_a_factory_settings_are_bounded_in_its_closures(tmp_path, body, codes):
    source = FACTORY.format(body=textwrap.indent(body, " " * 8))
    result = run_tree(tmp_path, {"tools.py": source})
    assert result.errors == []
    assert [f.code for f in result.findings if f.code == "BL001"] == codes


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_small_values_are_bounded(tmp_path, name):
    assert flagged(tmp_path, BOUNDED[name]) == []


@pytest.mark.parametrize("name", sorted(UNBOUNDED))
def test_look_alikes_stay_unbounded(tmp_path, name):
    assert flagged(tmp_path, UNBOUNDED[name]) == ["BL001"]


def test_a_serialised_argument_model_is_an_echo(tmp_path):
    source = """
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")

class User(BaseModel):
    name: str

@mcp.tool()
def create_user(user: User) -> dict:
    return user.model_dump()

@mcp.tool()
def echo_user(user: User) -> str:
    return user.to_json()
"""
    result = run_tree(tmp_path, {"server.py": source})
    assert [f.code for f in result.findings if f.code == "BL001"] == []


def test_a_collection_handed_to_the_constructor_is_not_a_setting(tmp_path):
    source = """
from crewai.tools import BaseTool

class Corpus(BaseTool):
    name: str = "corpus"

    def __init__(self, documents, title: str, limit=10):
        super().__init__()
        self.documents = documents
        self.title = title
        self.limit = limit

    def _run(self, q: str) -> str:
        return self.title + str(self.limit) + "\\n".join(self.documents)
"""
    result = run_tree(tmp_path, {"tools.py": source})
    assert [f.code for f in result.findings if f.code == "BL001"] == ["BL001"]


@pytest.mark.parametrize(
    ("annotation", "flagged_codes"),
    [
        ("Tuple[int, Optional[int]]", []),
        ("tuple[int, int] | None", []),
        ("Annotated[int, 'px']", []),
        ("Tuple[int, ...]", ["BL001"]),
        ("Tuple[int, str]", ["BL001"]),
    ],
)
def test_a_helper_annotated_with_a_fixed_tuple_of_small_types_is_small(tmp_path, annotation, flagged_codes):
    source = f"""
from typing import Annotated, Optional, Tuple
import requests
from langchain_core.tools import tool

def corner(url) -> {annotation}:
    return requests.get(url).text

@tool
def locate(url: str) -> str:
    \"\"\"Where the page puts its corner.\"\"\"
    return str(corner(url))
"""
    result = run_tree(tmp_path, {"tools.py": source})
    assert [f.code for f in result.findings if f.code == "BL001"] == flagged_codes


def test_an_argument_named_like_injected_state_is_the_models_when_it_is_a_scalar(tmp_path):
    source = textwrap.dedent('''
        import json
        from langchain_core.tools import tool

        @tool
        def capacity(state: str = "IL") -> str:
            """Capacity rules of a US state."""
            return json.dumps({"error": f"State {state} is not supported"})

        @tool
        def whole_state(state) -> str:
            """The graph's state, injected by the framework."""
            return json.dumps(state)
        ''')
    result = run_tree(tmp_path, {"tools.py": source})
    assert [(f.code, f.symbol) for f in result.findings] == [("BL001", "whole_state")]


def test_a_persons_answer_to_an_elicitation_is_bounded_like_an_argument(tmp_path):
    source = textwrap.dedent("""
        from fastmcp import Context, FastMCP

        mcp = FastMCP("bookings")

        @mcp.tool
        async def book(date: str, ctx: Context) -> str:
            result = await ctx.elicit(f"Notes for {date}?", response_type=str)
            return f"Booked. Notes: {result.data}"

        @mcp.tool
        async def ask_the_model(topic: str, ctx: Context) -> str:
            reply = await ctx.sample(f"Write about {topic}")
            return reply.text
        """)
    result = run_tree(tmp_path, {"server.py": source})
    assert [(f.code, f.symbol) for f in result.findings] == [("BL001", "ask_the_model")]


def test_a_line_a_person_types_at_the_terminal_is_bounded_like_an_argument(tmp_path):
    source = textwrap.dedent("""
        from langchain_core.tools import tool

        @tool
        def ask_user(question: str) -> str:
            \"\"\"Ask the person at the keyboard.\"\"\"
            return input(f"{question}\\n> ")

        @tool
        def read_stdin() -> str:
            \"\"\"Everything piped in.\"\"\"
            import sys
            return sys.stdin.read()
        """)
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert [(f.code, f.symbol) for f in result.findings] == [("BL001", "read_stdin")]


def test_contract_fields_named_for_short_values_are_not_reported(tmp_path):
    source = """
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

class Flight(BaseModel):
    flight_number: str
    origin: str
    destination: str
    start_node_label: str
    file_path: str
    description: str
    notes_text: str
    log_file: str

@mcp.tool()
def flight(code: str) -> Flight:
    return Flight(flight_number=code, origin=code, destination=code, start_node_label=code, file_path=code,
                  description=code, notes_text=code, log_file=code)
"""
    result = run_tree(tmp_path, {"server.py": source})
    # (`description` too is a line about the flight, as reviewers read it: `low`, not shown)
    assert [f.symbol for f in result.findings if f.code == "BL002"] == ["Flight.notes_text"]


CONTRACT = """
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

class Reply(BaseModel):
{fields}

@mcp.tool()
def reply(q: str) -> Reply:
    return Reply.model_construct()
"""


def field_confidences(tmp_path, fields: dict[str, str], code: str) -> dict[str, str]:
    """The confidence of `code` on each field of a return contract declared as `name: annotation`."""
    source = CONTRACT.format(fields="\n".join(f"    {name}: {kind}" for name, kind in fields.items()))
    result = run_tree(tmp_path, {"server.py": source}, min_confidence="low")
    return {f.symbol.split(".")[1]: f.confidence for f in result.findings if f.code == code}


def test_a_collection_field_is_as_sure_as_its_name(tmp_path):
    fields = {
        "search_results": "list[str]",
        "chunks": "list[str]",
        "related_ids": "list[str]",  # named for no bulk: most often a few entries
        "node_metadata": "dict[str, str]",
    }
    found = field_confidences(tmp_path, fields, "BL003")
    assert found == {"search_results": "medium", "chunks": "medium", "related_ids": "low", "node_metadata": "low"}


def test_a_text_field_is_medium_when_named_for_a_whole_text_and_low_otherwise(tmp_path):
    names = ["raw_output", "pageContent", "body", "longDescription", "customer_context", "state_reason", "source"]
    found = field_confidences(tmp_path, dict.fromkeys(names, "str"), "BL002")
    whole = {"raw_output": "medium", "pageContent": "medium", "body": "medium"}
    assert found == {**whole, **dict.fromkeys(["longDescription", "customer_context", "state_reason", "source"], "low")}


BUNDLED = """
import json, os, pkgutil
from importlib import resources
from pathlib import Path
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")
HERE = Path(__file__).parent
DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "docs")
SCHEMA = HERE / "data" / "schema.sql"


def read_json(path):
    return json.loads(path.read_text())


def load_text(file_path, default=""):
    try:
        with open(file_path) as file:
            return file.read()
    except FileNotFoundError:
        return default

@mcp.tool()
def lookup(name: str) -> str:
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a file shipped with the code: its size is the authors' choice
        ('return (HERE / "schema.sql").read_text()', ["low"]),
        ('return open(os.path.join(DOCS, "index.md")).read()', ["low"]),
        ('return json.dumps(json.load(open(HERE.parent / "templates.json")))', ["low"]),
        # a relative path the code spells out: the project's own file
        ('return open("config/templates.json").read()', ["low"]),
        ("return SCHEMA.read_text()", ["low"]),  # a method of a module-level path
        # read by a helper: the project's own file when the call passes one
        ('return json.dumps(read_json(HERE / "orders.json"))', ["low"]),
        ('return load_text("tables_information.txt")', ["low"]),
        ("return json.dumps(read_json(Path(name)))", ["medium"]),  # the model's path, read by a helper
        ("return load_text(name)", ["medium"]),  # the model's path, read by a helper
        ('return Path("data/schema.sql").resolve().read_text()', ["low"]),
        # a data file of the installed package, found or read through `importlib.resources`
        ('return resources.files("pkg").joinpath("guide.md").read_text()', ["low"]),
        ('return (resources.files("pkg") / "data" / "guide.md").read_text()', ["low"]),
        ('return resources.read_text("pkg", "guide.md")', ["low"]),
        ('return pkgutil.get_data(__name__, "data/guide.md").decode()', ["low"]),
        ("return (resources.files('pkg') / name).read_text()", ["high"]),
        # one of the package's documents, picked by the name the model gives (the code says where)
        ('return (HERE / "guides" / f"{name}.md").read_text()', ["low"]),
        ('guide = HERE / f"{name}.json"\n    return guide.read_text() if guide.exists() else ""', ["low"]),
        # a file the model names, even inside the package, or any other path
        ("return (HERE / name).read_text()", ["high"]),
        ('return (HERE / f"{name}").read_text()', ["high"]),
        ('return (HERE / f"/{name}.md").read_text()', ["high"]),
        ("return open(os.path.join(DOCS, name)).read()", ["high"]),
        ('return open("/var/log/app.log").read()', ["high"]),
    ],
)
def test_a_file_shipped_with_the_code_is_low(tmp_path, body, expected):
    assert bl001_confidences(tmp_path, BUNDLED.format(body=body)) == expected


@pytest.mark.parametrize(
    ("annotation", "expected"),
    [("Path", []), ("datetime", []), ("str", ["BL001"])],
)
def test_a_helper_annotated_to_return_a_path_or_a_time_is_small(tmp_path, annotation, expected):
    source = f"""
import requests
from datetime import datetime
from pathlib import Path
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

def output_file(text: str) -> {annotation}:
    return requests.post("https://tts.example", data=text).text

@mcp.tool()
def speak(text: str) -> str:
    return f"saved to {{output_file(text)}}"
"""
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert [f.code for f in result.findings if f.code == "BL001"] == expected


def test_a_helper_parameter_annotated_with_a_class_of_the_tree_follows_its_methods(tmp_path):
    source = '''
from langchain_core.tools import tool
LIMIT = 1000

class Bounds:
    def bound_text(self, content: str) -> str:
        if len(content) > LIMIT:
            marker = "\\n[shortened]"
            content = content[: LIMIT - len(marker)] + marker
        return content

def _bound(active: Bounds, result: str) -> str:
    return active.bound_text(result)

@tool
def read_file(path: str) -> str:
    """Read a file."""
    return _bound(Bounds(), open(path).read())
'''
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert [f.code for f in result.findings] == []


STATEFUL_TOOL = """
from langchain_core.tools import BaseTool

class Desk(BaseTool):
    name: str = "desk"
    description: str = "d"

    def __init__(self, profiles, **kwargs):
        super().__init__(**kwargs)
        self.profiles = profiles
        self.history = []
        self.users_cache = []

    def _run(self, customer_id: str) -> str:
        {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a table the object was built with: one record, or a few
        ("return str(self.profiles.get(customer_id))", ["low"]),
        # what accumulates across calls, named for it
        ("self.history.append(customer_id)\n        return str(self.history)", ["medium"]),
        ("self.users_cache.append(customer_id)\n        return str(self.users_cache)", ["medium"]),  # by its last word
    ],
)
def test_a_tools_own_state_is_large_when_its_name_says_it_accumulates(tmp_path, body, expected):
    assert bl001_confidences(tmp_path, STATEFUL_TOOL.format(body=body)) == expected


LIBRARY_CLIENTS = """
from langchain_community.tools import PubmedQueryRun
from langchain_community.utilities import PubMedAPIWrapper
from langchain_community.tools.tavily_search import TavilySearchResults
from langchain_community.utilities.bing_search import BingSearchAPIWrapper
from langchain_tavily import TavilySearch
from tavily import AsyncTavilyClient, TavilyClient
from strands import tool

import search_vendor


@tool
async def search(q: str) -> str:
{body}
"""


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        # The library's defaults keep the answer to a few results of short snippets, or documents
        # joined and cut to `doc_content_chars_max`.
        ("client = TavilyClient(api_key='k')\nreturn str(client.search(query=q, search_depth='advanced'))", []),
        ("client = AsyncTavilyClient()\nreturn str(await client.search(q, include_raw_content=False))", []),
        # (A local named like the tool shadows the tool's module-level name.)
        ("search = BingSearchAPIWrapper(k=5)\nreturn search.run(q)", []),
        ("return PubMedAPIWrapper().run(q)", []),
        ("return PubmedQueryRun().run(q)", []),
        ("return TavilySearchResults().invoke(q)", []),
        ("tavily = TavilySearch(max_results=3)\nreturn str(await tavily.ainvoke({'query': q}))", []),
        ("answer = TavilyClient().search(q)\nreturn str([r['content'] for r in answer.results])", []),
        # A loop over those few results ends soon: text built from each snippet stays short.
        (
            "text = ''\nfor r in BingSearchAPIWrapper().results(q, num_results=5):\n"
            "    text += r['title'] + r['snippet']\nreturn text",
            [],
        ),
        # Asked for each page's raw content, or for longer documents: the cap is lifted.
        ("client = TavilyClient()\nreturn str(client.search(q, include_raw_content=True))", ["BL001"]),
        ("client = TavilyClient()\nreturn str(client.search(q, **options))", ["BL001"]),
        ("return PubMedAPIWrapper(doc_content_chars_max=limit).run(q)", ["BL001"]),
        ("return PubmedQueryRun(api_wrapper=my_wrapper).run(q)", ["BL001"]),
        # As many results as the model asks for: the default no longer holds.
        ("client = TavilyClient()\nreturn str(client.search(q, max_results=3))", []),
        ("client = TavilyClient()\nreturn str(client.search(q, max_results=int(q)))", ["BL001"]),
        ("return TavilySearchResults(max_results=int(q)).invoke(q)", ["BL001"]),
        ("return str(BingSearchAPIWrapper(k=50).run(q))", ["BL001"]),
        ("return TavilySearchResults(include_raw_content=True).invoke(q)", ["BL001"]),
        # Another method of a known client, or a class of that name from another package.
        ("client = TavilyClient()\nreturn str(client.extract(urls=[q]))", ["BL001"]),
        ("client = search_vendor.TavilyClient()\nreturn str(client.search(q))", ["BL001"]),
    ],
)
def test_a_library_client_that_keeps_its_answers_short_is_bounded(tmp_path, body, codes):
    source = LIBRARY_CLIENTS.format(body=textwrap.indent(body, " " * 4))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    assert [f.code for f in result.findings if f.code == "BL001"] == codes


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        ("return {'ram': psutil.virtual_memory().total, 'swap': psutil.swap_memory().percent}", []),
        ("return [{'device': p.device, 'mount': p.mountpoint} for p in psutil.disk_partitions()]", []),
        ("return dict(enumerate(psutil.cpu_percent(percpu=True)))", []),
        # The machine's processes grow with what runs on it.
        ("return [p.info for p in psutil.process_iter(['pid', 'name', 'cmdline'])]", ["BL001"]),
    ],
)
def test_the_machines_own_figures_are_small(tmp_path, body, codes):
    source = f"import psutil\nfrom strands import tool\n\n\n@tool\ndef system_info() -> dict:\n    {body}\n"
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    assert [f.code for f in result.findings if f.code == "BL001"] == codes


REQUEST_MODEL = """
from pydantic import BaseModel
from langchain_core.tools import tool
from store import add_comment

class CommentBody(BaseModel):
    body: str

def post_comment(thread_id: str, comment: CommentBody) -> dict:
    RETURNED

@tool
def comment(thread_id: str, text: str) -> dict:
    \"\"\"Comment on a thread.\"\"\"
    result = post_comment(thread_id, CommentBody(body=text))
    return {"success": True, "comment": result}
"""


@pytest.mark.parametrize(
    ("returned", "contract"),
    [
        # only what is read out of the model reaches the tool's answer: a request model
        ("return add_comment(thread_id, body=comment.body.strip())", False),
        ("return {'saved': comment.body}", False),
        # the model itself does: it is the tool's return contract
        ("return comment", True),
        ("return {'saved': comment}", True),
    ],
)
def test_a_model_a_tool_passes_in_is_a_contract_only_when_it_comes_back(tmp_path, returned, contract):
    result = run_tree(tmp_path, {"server.py": REQUEST_MODEL.replace("RETURNED", returned)}, min_confidence="low")
    assert [f.symbol for f in result.findings if f.code == "BL002"] == (["CommentBody.body"] if contract else [])


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("GetContactIDs", ["get", "contact", "ids"]),  # an acronym's plural is one word
        ("listURLs", ["list", "urls"]),
        ("HTMLParser", ["html", "parser"]),
        ("get_user_id", ["get", "user", "id"]),
        ("MAX_IDS", ["max", "ids"]),
    ],
)
def test_names_split_into_words_as_a_reader_splits_them(name, words):
    assert name_words(name) == words


DOCUMENT = """
import httpx
from fastmcp import FastMCP

mcp = FastMCP("sites")


def fetch(path: str) -> dict:
    response = httpx.get(f"https://api.example.com/{{path}}")
    response.raise_for_status()
    return response.json()


def describe(site: dict) -> str:
    return f"{{site['name']}}: {{site['domain']}} on {{site.get('plan')}}"


@mcp.tool()
def lookup(site_id: str) -> str:
    data = fetch(f"lookup?site={{site_id}}")  # (not `sites/{{site_id}}`: one record, `low` whole)
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # fields of one parsed response, by keys named for neither content nor a collection
        ("return f\"{data['domain']} ({data.get('region')})\"", ["low"]),
        ("return describe(data)", ["low"]),
        ('return "Owner: " + data["owner"]["company"]', ["low"]),
        ('return "Owner: " + data["owner"]["login"]', []),  # an account's user name: short by its name
        ('return "Digest: " + data["output_sha256"]', []),  # a digest: its length is fixed
        ("return f\"{data['md5']} {data['checksum']}\"", []),
        # read out of it, not written into a text: as large as the response (`data["query"]["search"]`
        # is MediaWiki's list of results)
        ('return data["query"]["search"]', ["medium"]),
        ('return {"branch": data["default_branch"], "private": data.get("private")}', ["low"]),
        ('return {"results": data["organic"]}', ["medium"]),
        ('return [r["title"] for r in data["organic"]]', ["medium"]),
        # the response itself, its content, its collections and its generic containers
        ("return str(data)", ["medium"]),
        ('return data["description"]', ["medium"]),
        ('return str(data["sites"])', ["medium"]),
        ('return str(data["data"])', ["medium"]),
        ('return str(data.get("items"))', ["medium"]),
        ('return data["image"]', ["medium"]),  # media, most often base64
        ('return data["screenshot_b64"]', ["medium"]),
        ("return describe(data) + str(data)", ["medium"]),
    ],
)
def test_a_field_of_one_parsed_response_is_short_unless_named_for_content(tmp_path, body, expected):
    assert bl001_confidences(tmp_path, DOCUMENT.format(body=body)) == expected


def test_a_content_field_of_an_item_of_a_parsed_response_stays_content(tmp_path):
    """`page.get("body", {}).get("storage", {}).get("value")`: the body of a page of the response's
    results is the page's content, however the keys inside it are named."""
    body = 'page = data.get("results", [])[0]\n    return page.get("body", {}).get("storage", {}).get("value", "")'
    assert bl001_confidences(tmp_path, DOCUMENT.format(body=body)) == ["medium"]


@pytest.mark.parametrize(
    ("request_line", "expected"),
    [
        # a write that names its one resource answers with that record or an acknowledgement
        ('resp = httpx.delete(f"https://api.example.com/files/{site_id}")', ["low"]),
        ('resp = httpx.patch(f"https://api.example.com/sites/{site_id}", json={"name": "x"})', ["low"]),
        ('resp = httpx.request("DELETE", f"https://api.example.com/sites/{site_id}")', ["low"]),
        ('resp = httpx.Client().request(method="PUT", url=f"https://api.example.com/sites/{site_id}")', ["low"]),
        # a POST may be a search; a GET of a collection is the collection
        ('resp = httpx.post("https://api.example.com/_search", json={"q": site_id})', ["medium"]),
        ('resp = httpx.request("GET", "https://api.example.com/sites")', ["medium"]),
    ],
)
def test_the_answer_of_a_write_to_one_resource_is_one_record(tmp_path, request_line, expected):
    source = f"""
import httpx
from fastmcp import FastMCP

mcp = FastMCP("sites")


@mcp.tool()
def act(site_id: str) -> str:
    {request_line}
    return str(resp.json())
"""
    assert bl001_confidences(tmp_path, source) == expected


PARSED_FILE = """
import json, requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

@mcp.tool()
def lookup(path: str) -> str:
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a short field of a parsed JSON file written into a text: a label's value, as for `resp.json()`
        ("cfg = json.load(open(path))\n    return f\"Model: {cfg['subagent_model']}\"", ["low"]),
        ("cfg = json.loads(open(path).read())\n    return f\"Mode: {cfg.get('sandbox_mode')}\"", ["low"]),
        ("data = json.loads(requests.get(path).text)\n    return f\"Plan: {data['plan']}\"", ["low"]),
        # its content, a collection of it, or the whole document: as large as the file the model names
        ("cfg = json.load(open(path))\n    return f\"Body: {cfg['content']}\"", ["high"]),
        ("cfg = json.load(open(path))\n    return f\"Items: {cfg['items']}\"", ["high"]),
        ("return json.dumps(json.load(open(path)))", ["high"]),
        ("return json.dumps(json.loads(open(path).read()))", ["high"]),
        # ... of a file at a path the code makes, most often the app's own state or settings: `low`
        ("return json.dumps(json.load(open(STATE_FILE)))", ["low"]),
        ("return json.dumps(json.loads(open(STATE_FILE).read()))", ["low"]),
    ],
)
def test_a_short_field_of_a_parsed_json_file_in_a_text_is_low(tmp_path, body, expected):
    assert bl001_confidences(tmp_path, PARSED_FILE.format(body=body)) == expected


FEW_BY_NATURE = """
import json, requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

@mcp.tool()
def listing(client, service, db) -> str:
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # what an account or a server has a handful of, by the name of the call or the path
        # requested: their names, or a few short fields of each
        ('return ", ".join(client.list_database_names())', ["low"]),
        ("return json.dumps(client.get_server_names())", ["low"]),
        (
            'labels = service.users().labels().list(userId="me").execute()\n'
            '    return "\\n".join(f"{l[\'id\']}: {l[\'name\']}" for l in labels.get("labels", []))',
            ["low"],
        ),
        (
            'cals = service.calendarList().list().execute()\n    return ", ".join(c["summary"] for c in cals["items"])',
            ["low"],
        ),
        (
            'data = requests.get("https://api.example.com/v1/workspaces").json()\n    return ", ".join(w["name"] for w in data)',
            ["low"],
        ),
        # each whole record: as large as its details
        ("return json.dumps(client.list_databases())", ["medium"]),
        ("return json.dumps(service.calendarList().list().execute())", ["medium"]),
        # what grows by use, or what is kept under one of them
        ('return ", ".join(t["name"] for t in db.list_tables())', ["medium"]),
        ('return json.dumps(service.events().list(calendarId="primary").execute())', ["medium"]),
        ('return ", ".join(t["name"] for t in client.list_database_tables())', ["medium"]),
        (
            'data = requests.get("https://crm.example.com/v1/organizations").json()\n    return ", ".join(o["name"] for o in data)',
            ["medium"],
        ),
    ],
)
def test_a_listing_of_what_there_are_few_of_by_nature_is_low(tmp_path, body, expected):
    assert bl001_confidences(tmp_path, FEW_BY_NATURE.format(body=body)) == expected


VERSION_HELPER = """
from pathlib import Path
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")


def {name}(){returns}:
    for line in Path("pyproject.toml").read_text().splitlines():
        if line.startswith("version = "):
            return line.split('"')[1]
    return "0.0.0"


@mcp.tool()
def server_info() -> dict:
    return {{"name": "t", "version": {name}()}}
"""


@pytest.mark.parametrize(
    ("name", "returns", "expected"),
    [
        # a helper named for a version or a link it makes, annotated `str`: that, however it reads it
        ("get_version", " -> str", []),
        ("_read_package_version", " -> str | None", []),
        ("build_release_url", " -> str", []),  # made to give a link, whatever it reads to make it
        # named otherwise, or not said to give text: what it reads
        ("get_version", "", ["low"]),
        ("read_release_notes", " -> str", ["low"]),
        ("fetch_release_url", " -> str", ["low"]),  # what a link points to, fetched
    ],
)
def test_a_helper_named_for_a_version_or_a_link_gives_a_short_text(tmp_path, name, returns, expected):
    source = VERSION_HELPER.format(name=name, returns=returns)
    assert bl001_confidences(tmp_path, source) == expected


@pytest.mark.parametrize(
    ("name", "listing"),
    [
        ("list_databases", True),
        ("get_server_names", True),
        ("calendarList", True),
        ("labels", True),
        ("list_tables", False),
        ("get_calendar_events", False),
        ("get_server", False),  # one of them
        ("list_tools", False),  # objects that run
        ("get_schema_by_id_tool", False),
        ("_", False),  # gettext's `_(...)`: no words at all
        ("", False),
    ],
)
def test_a_listing_of_what_there_are_few_of_is_told_by_its_name(name, listing):
    assert lists_few_by_nature(name) is listing


LOGGED = """
from audit_lib import AuditWriter
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")
audit = AuditWriter()

@mcp.tool()
def count(index: str, data: str) -> dict:
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # an entry written to a log answers with its id or nothing
        ('aid = audit.log(tool="count", params={"index": index})\n    return {"count": 3, "audit_id": aid}', ["low"]),
        # a log read, or the log of data handed over, is as large as it is
        ("return {'log': audit.get_log(index)}", ["medium"]),
        ("return {'values': audit.log(audit.load(data))}", ["medium"]),
    ],
)
def test_an_entry_written_to_a_log_is_not_a_log(tmp_path, body, expected):
    assert bl001_confidences(tmp_path, LOGGED.format(body=body)) == expected
