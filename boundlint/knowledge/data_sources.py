"""Known sources of unbounded data, and known small results.

These tables decide the confidence of a BL001 finding: a value that comes
from one of them is reported with `high` confidence, and the message names
what it is ("the response body `resp.text`").
"""

from __future__ import annotations

import re

# Qualified calls whose result is unbounded.
SOURCE_CALLS: dict[str, str] = {
    "subprocess.check_output": "the output of `{code}`",
    "subprocess.getoutput": "the output of `{code}`",
    "subprocess.getstatusoutput": "the output of `{code}`",
    "os.listdir": "a directory listing `{code}`",
    "os.scandir": "a directory listing `{code}`",
    "os.walk": "a directory walk `{code}`",
    "glob.glob": "a directory listing `{code}`",
    "glob.iglob": "a directory listing `{code}`",
    "os.popen": "the output of `{code}`",
    "traceback.format_exc": "a traceback `{code}`",
    "pprint.pformat": "`{code}` of an unknown value",
}

# Listings of a directory: unbounded in count, but each item is a name, a path or an entry
# (`for name in os.listdir(d)`), as large as a path; `os.walk` gives `(dirpath, dirnames, filenames)`.
DIRECTORY_LISTING_CALLS = frozenset({"os.listdir", "os.scandir", "os.walk", "glob.glob", "glob.iglob"})
DIRECTORY_LISTING_METHODS = frozenset({"iterdir", "glob", "rglob"})

# The machine's figures (memory, disks, CPUs, sensors): numbers and short names, a record per
# device. Not its processes or connections (`psutil.process_iter()`, `net_connections()`): those grow.
MACHINE_FIGURES: tuple[str, ...] = tuple(
    f"psutil.{name}"
    for name in (
        "virtual_memory",
        "swap_memory",
        "disk_usage",
        "disk_partitions",
        "cpu_percent",
        "cpu_count",
        "cpu_freq",
        "cpu_times",
        "cpu_stats",
        "getloadavg",
        "boot_time",
        "users",
        "sensors_battery",
        "sensors_temperatures",
    )
)

# Library functions whose result is small whatever their arguments: ids, clocks,
# hashes, single configuration values.
SMALL_CALL_PREFIXES: tuple[str, ...] = (
    "ast.parse",  # a syntax tree, as `SHORT_OBJECT_PREFIXES` says
    "uuid.",
    "time.",
    "datetime.",
    "hashlib.",
    "secrets.",
    "random.",
    "math.",
    "platform.",
    "socket.gethostname",
    "socket.gethostbyname",  # one IPv4 address
    "socket.getfqdn",
    "ipaddress.",
    "getpass.getuser",
    "keyring.get_password",  # a secret kept by the system's keyring
    "os.getpid",
    "os.getcwd",
    "os.getenv",
    "os.environ.get",
    "os.cpu_count",
    "zlib.crc32",
    "shutil.which",
    "shutil.disk_usage",
    "os.path.exists",
    "os.path.isfile",
    "os.path.isdir",
    "os.path.getsize",
    "os.path.getmtime",
    "re.match",
    "re.fullmatch",
    "re.search",
    "re.compile",
    "logging.getLogger",
    "inspect.signature",  # a function's parameters, as its `def` line writes them
    "inspect.is",  # `inspect.isfunction(x)`, `inspect.iscoroutinefunction(f)`: a flag
    "dateparser.parse",  # a datetime (or None) from a date string
    "dateutil.parser.",
    *MACHINE_FIGURES,
)

# Reductions of an array to one number (`np.nanmin(data)`), when given the array alone: with an
# `axis` (by keyword or as the second argument) they keep a dimension.
ARRAY_REDUCTIONS = frozenset(
    f"numpy.{name}"
    for name in (
        *("min", "max", "amin", "amax", "nanmin", "nanmax", "ptp", "argmin", "argmax", "nanargmin", "nanargmax"),
        *("sum", "nansum", "prod", "nanprod", "mean", "nanmean", "average", "median", "nanmedian"),
        *("std", "nanstd", "var", "nanvar", "count_nonzero", "all", "any", "size", "ndim"),
    )
)

# What makes a child process (`proc = subprocess.Popen(...)`), and the methods of that process
# that answer with its status (`proc.poll()`, `await proc.wait()`: the exit code), not its output.
PROCESS_MAKERS = frozenset({"subprocess.Popen", "asyncio.create_subprocess_exec", "asyncio.create_subprocess_shell"})
PROCESS_STATUS_METHODS = frozenset({"poll", "wait", "kill", "terminate", "send_signal"})
# What runs a command and gives its output, or a process to read it from.
PROCESS_RUNNERS = PROCESS_MAKERS | frozenset(
    {"subprocess.run", "subprocess.check_output", "subprocess.getoutput", "subprocess.getstatusoutput", "os.popen"}
)
# Programs whose output is what they read or list, as large as that (`cat`, `find`, `journalctl`),
# and of programs with subcommands, those subcommands (`git log`, `kubectl logs`, `docker ps`).
# Any other program the code names prints, as often as not, a line of status.
CONTENT_PROGRAMS = frozenset(
    {"cat", "tac", "less", "more", "head", "tail", "zcat", "bzcat", "xzcat", "strings", "xxd", "hexdump", "od"}
    | {"ls", "dir", "tree", "find", "fd", "locate", "du", "grep", "egrep", "fgrep", "rg", "ag", "ack", "sed"}
    | {"awk", "jq", "yq", "cut", "sort", "uniq", "diff", "journalctl", "dmesg", "ps", "top", "lsof", "netstat"}
    | {"ss", "printenv", "set", "curl", "wget", "pdftotext", "pandoc", "sqlite3", "psql", "mysql", "mongosh"}
    | {"redis-cli", "tar", "unzip", "7z", "nmap", "dig", "whois", "tcpdump", "logcat"}
)
CONTENT_SUBCOMMANDS: dict[str, frozenset[str]] = {
    "git": frozenset({"log", "diff", "show", "blame", "grep", "ls-files", "ls-tree", "reflog", "shortlog", "cat-file"}),
    "kubectl": frozenset({"get", "logs", "describe", "top", "events", "explain", "exec", "api-resources"}),
    "docker": frozenset({"logs", "ps", "images", "inspect", "history", "exec", "search", "stats", "build"}),
    "podman": frozenset({"logs", "ps", "images", "inspect", "history", "exec", "search", "stats", "build"}),
    "helm": frozenset({"list", "ls", "get", "history", "template", "show", "search", "status"}),
    "adb": frozenset({"logcat", "shell", "bugreport", "exec-out"}),
    "gh": frozenset({"api", "search", "issue", "pr", "run", "repo", "release"}),
    "aws": frozenset(),  # every `aws` service call answers a resource's data
    "gcloud": frozenset(),
    "az": frozenset(),
}


# Programs that print a few lines whatever they are given (`["nslookup", domain]`, `["ping", "-c",
# "4", host]`, `["mkdir", "-p", path]`): a lookup's answer, a status or nothing. With any other
# program the code names, words it does not write may be what it does (`["osqueryi", "--json",
# query]` prints the query's rows).
BRIEF_PROGRAMS = frozenset(
    {"nslookup", "host", "ping", "ping6", "traceroute", "tracepath", "which", "whereis", "whoami", "hostname"}
    | {"date", "uname", "id", "nproc", "uptime", "wc", "md5sum", "sha1sum", "sha256sum", "basename", "dirname"}
    | {"realpath", "readlink", "mkdir", "rmdir", "rm", "cp", "mv", "ln", "touch", "chmod", "chown", "kill"}
    | {"pkill", "sleep", "true", "false", "test"}
)
# A command's own count of entries (`git log -1`, `git log -n 5`, `--max-count=3`, `head -n 10`):
# at most this many commits or lines is a few, as `FEW_ITEMS_LIMIT` is for a request.
_ENTRY_COUNT_OPTIONS = frozenset({"-n", "--max-count", "--lines"})


def asks_for_few_entries(rest: list[str]) -> bool:
    """The words after a program ask it for at most `FEW_ITEMS_LIMIT` entries."""
    for position, word in enumerate(rest):
        option, _, value = word.partition("=")
        if option in _ENTRY_COUNT_OPTIONS and not value and position + 1 < len(rest):
            value = rest[position + 1]
        elif option.startswith("-") and option[1:].isdigit() and not value:
            value = option[1:]  # `git log -1`
        elif option not in _ENTRY_COUNT_OPTIONS:
            continue
        if value.isdigit() and 0 < int(value) <= FEW_ITEMS_LIMIT:
            return True
    return False


def prints_content(program: str, rest: list[str]) -> bool:
    """`cat`, `git log`, `kubectl get`, `deployctl log --last`: a program (with the words after
    it) whose output is what it reads or lists, by the table above or by a subcommand named for
    content (`names_content`). A program with subcommands given none the code names prints
    content too (`["git", *args]`), and so do the cloud CLIs whatever the subcommand."""
    if program in CONTENT_PROGRAMS:
        return True
    named = next((word for word in rest if not word.startswith("-")), None)
    if program in CONTENT_SUBCOMMANDS:
        subcommands = CONTENT_SUBCOMMANDS[program]
        return not subcommands or named is None or named in subcommands or names_content(named)
    return named is not None and names_content(named)


# The words by which a command asks for its output as JSON (`kubectl get pods -o json`, `helm list
# --output json`, `gh pr list --json title`, `aws ... --output=json`): the output is a JSON document,
# which a text cut would leave invalid.
JSON_OUTPUT_FLAGS = frozenset(
    {"--json", "-ojson", "-o=json", "--output=json", "--format=json", "--output-format=json", "-fjson", "-f=json"}
    | {"--outputjson", "--output-json", "--json-output", "--reporter=json"}  # pyright's, and the spelled-out forms
)
JSON_OUTPUT_OPTIONS = frozenset({"-o", "--output", "--format", "--output-format", "-f", "--reporter"})


def asks_for_json_output(words: list[str]) -> bool:
    """`["get", "pods", "-o", "json"]`, `"helm list --output=json"`: command words that ask for JSON."""
    for position, word in enumerate(words):
        following = words[position + 1] if position + 1 < len(words) else ""
        if word in JSON_OUTPUT_FLAGS or (word in JSON_OUTPUT_OPTIONS and following == "json"):
            return True
    return False


# Methods that run a script in a browser page and answer with what it returns (Playwright's
# `page.evaluate`, `element.evaluate`; Selenium's `driver.execute_script`).
SCRIPT_METHODS = frozenset({"evaluate", "execute_script", "execute_async_script"})
# What a page script may read and still answer with a short value: a tag name, the URL, the
# title, a scroll position, a size, a flag (`el => el.tagName.toLowerCase()`,
# `() => window.location.href`, `() => ({x: window.pageXOffset, y: window.pageYOffset})`).
_SHORT_SCRIPT_WORDS = frozenset(
    {"tagName", "toLowerCase", "toUpperCase", "nodeName", "id", "className", "name", "type", "value"}
    | {"checked", "disabled", "selected", "selectedIndex", "getAttribute", "hasAttribute", "href", "src"}
    | {"location", "URL", "title", "readyState", "hostname", "pathname", "origin", "host", "hash"}
    | {"pageXOffset", "pageYOffset", "scrollX", "scrollY", "scrollTop", "scrollLeft", "scrollHeight"}
    | {"scrollWidth", "innerWidth", "innerHeight", "clientWidth", "clientHeight", "devicePixelRatio"}
    | {"scrollTo", "scrollBy", "scrollIntoView", "focus", "blur", "click", "length", "x", "y"}
    | {"width", "height", "top", "left", "window", "document", "arguments", "Math", "round"}
)
_SCRIPT_KEYWORDS = frozenset(
    {"return", "function", "const", "let", "var", "if", "else", "true", "false", "null", "undefined", "this"}
)


def script_answers_briefly(script: str) -> bool:
    """A page script that reads only short values (`_SHORT_SCRIPT_WORDS`), besides the names of
    its own parameters (`el => el.tagName.toLowerCase()`): not one that reads text or markup
    (`innerText`, `outerHTML`, `document.body`) or builds a result of its own."""
    if len(script) > 300:
        return False
    params = set(re.findall(r"([A-Za-z_$][\w$]*)\s*=>", script))
    for group in re.findall(r"\(([^()]*)\)\s*=>", script):
        params.update(re.findall(r"[A-Za-z_$][\w$]*", group))
    for group in re.findall(r"function\s*[\w$]*\s*\(([^()]*)\)", script):
        params.update(re.findall(r"[A-Za-z_$][\w$]*", group))
    words = set(re.findall(r"[A-Za-z_$][\w$]*", re.sub(r"(['\"`]).*?\1", "", script)))
    return bool(words) and words <= _SHORT_SCRIPT_WORDS | _SCRIPT_KEYWORDS | params


# Programs that run whatever script or code they are given: with one of them, the command is
# not a fixed program but what the script says (`["bash", "-c", cmd]`, `[sys.executable, path]`).
SCRIPT_RUNNERS = frozenset(
    {"sh", "bash", "zsh", "fish", "cmd", "powershell", "pwsh", "python", "python3", "node", "deno", "bun", "ruby"}
    | {"perl", "php", "osascript", "env", "sudo", "xargs", "eval", "exec", "docker", "podman", "ssh", "uv", "npx"}
    | {"uvx", "wsl"}
)
# Of those, the ones whose other subcommands run no script (`docker push`, `docker tag`): a
# program with subcommands like any other (`CONTENT_SUBCOMMANDS`) but for these.
SCRIPT_SUBCOMMANDS: dict[str, frozenset[str]] = {
    "docker": frozenset({"run", "exec", "compose", "container", "buildx"}),
    "podman": frozenset({"run", "exec", "compose", "container"}),
}


def runs_a_script(program: str, rest: list[str]) -> bool:
    """`bash -c ...`, `docker run ...`: the program runs whatever script or code it is given (see
    `SCRIPT_RUNNERS`); `docker push img` does not, nor `docker` with a subcommand the code names."""
    if program not in SCRIPT_RUNNERS:
        return False
    if program not in SCRIPT_SUBCOMMANDS:
        return True
    named = next((word for word in rest if not word.startswith("-")), None)
    return named is None or named in SCRIPT_SUBCOMMANDS[program]


# Words of a name that holds an interpreter (`sys.executable`, `venv_python`, `NODE_BIN`): what it
# runs prints what its script does, like the script runners above.
INTERPRETER_WORDS = frozenset({"python", "python3", "py", "node", "interpreter", "ruby", "perl", "deno", "bun"})

# What matches a regex against a text, and the methods of a match that give parts of that text
# (`re.search(p, url).groups()`): as large as the text, however plural their name.
REGEX_MATCHERS = frozenset({"re.search", "re.match", "re.fullmatch"})
PATTERN_MATCH_METHODS = frozenset({"search", "match", "fullmatch"})
# Methods of a compiled pattern whose answer is parts of the text given, as `re.findall` is.
PATTERN_METHODS = PATTERN_MATCH_METHODS | frozenset({"findall", "finditer", "sub", "subn", "split"})
MATCH_PART_METHODS = frozenset({"group", "groups", "groupdict", "expand"})

# Library functions whose result is one of their arguments (by position), or what that
# argument's coroutine returns.
VALUE_OF_ARGUMENT: dict[str, int] = {
    "typing.cast": 1,
    "typing_extensions.cast": 1,
    "asyncio.run": 0,
    "asyncio.wait_for": 0,
    "asyncio.shield": 0,
    "asyncio.create_task": 0,
    "asyncio.ensure_future": 0,
}

# Library functions that make a filesystem path out of their (short) arguments.
PATH_CALLS = frozenset(
    {
        "pathlib.Path",
        "pathlib.PurePath",
        "pathlib.PosixPath",
        "pathlib.WindowsPath",
        "pathlib.PurePosixPath",
        "pathlib.PureWindowsPath",
        "pathlib.Path.cwd",
        "pathlib.Path.home",
        "tempfile.mkdtemp",
        "tempfile.mktemp",
        "tempfile.gettempdir",
        "os.path.join",
        "os.path.abspath",
        "os.path.realpath",
        "os.path.expanduser",
        "os.path.normpath",
        "os.path.dirname",
        "os.path.basename",
    }
)

# Library functions that give a path into an installed package's own data files
# (`importlib.resources.files("pkg").joinpath("guide.md")`), and that read one: a file shipped
# with the code, like `Path(__file__).parent / "guide.md"`.
PACKAGE_DATA_CALLS = frozenset(
    {"importlib.resources.files", "importlib_resources.files", "pkg_resources.resource_filename"}
)
PACKAGE_DATA_READS = frozenset(
    {
        "importlib.resources.read_text",
        "importlib.resources.read_binary",
        "importlib_resources.read_text",
        "importlib_resources.read_binary",
        "pkg_resources.resource_string",
        "pkgutil.get_data",
    }
)

# Methods of a path that give another path: `p.resolve()`, `p.with_suffix(".md")`.
PATH_METHODS = frozenset(
    {
        "resolve",
        "absolute",
        "expanduser",
        "with_name",
        "with_stem",
        "with_suffix",
        "relative_to",
        "joinpath",
        "as_posix",
        "as_uri",
        "readlink",
    }
)

# Attributes of a path that give a path (`p.parent`) or a part of one (`p.stem`).
PATH_ATTRIBUTES = frozenset({"parent", "name", "stem", "suffix", "anchor", "root", "drive"})

# Of SMALL_CALL_PREFIXES, those whose results are objects with only short attributes and
# methods: `datetime.now().year`, `hashlib.sha256(b).hexdigest()`, `uuid.uuid4().hex`.
# (Not `re.`: a match's `group()` is part of the text searched.)
SHORT_OBJECT_PREFIXES: tuple[str, ...] = (
    "ast.parse",  # a syntax tree: its nodes (`.body`, `.op`) are parts of the code parsed
    "uuid.",
    "time.",
    "datetime.",
    "hashlib.",
    "zlib.",
    "dateparser.",
    "dateutil.parser.",
)

# Library functions whose result is about as large as their arguments.
PRESERVING_CALL_PREFIXES: tuple[str, ...] = (
    "os.path.",
    "posixpath.",
    "ntpath.",
    "pathlib.",
    "shlex.quote",
    "shlex.join",
    "urllib.parse.",
    "html.escape",
    "html.unescape",
    "re.sub",
    "re.escape",
    "re.search",  # a match of its text: its groups are as long as that
    "re.match",
    "re.fullmatch",
    "re.findall",
    "re.finditer",
    "re.split",
    "textwrap.dedent",
    "random.sample",  # items of its argument: as big as that is
    "random.choice",
    "random.choices",
    "textwrap.indent",
    "string.capwords",
    "base64.urlsafe_b64encode",
    "unicodedata.normalize",
    "copy.copy",
    "copy.deepcopy",
    "dataclasses.asdict",
    "dataclasses.astuple",
    "dataclasses.replace",
    "operator.",
    "ast.literal_eval",  # the literal the text spells
)

# Qualified names (attributes) that are unbounded by themselves.
SOURCE_NAMES: dict[str, str] = {
    "os.environ": "the environment `{code}`",
    "sys.argv": "the command line `{code}`",
}

# Modules of HTTP clients: what their functions and classes make, and what those make in turn,
# is an HTTP client, request or response.
HTTP_MODULES: tuple[str, ...] = ("requests.", "httpx.", "aiohttp.", "urllib.request.", "urllib3.", "http.client.")
# Of the sources below, those that are a response body only on an HTTP response: a slide run's
# `.text` or a message's `.content` is not one.
RESPONSE_ONLY = frozenset({"text", "content", "body", "json"})
# Names of a variable or attribute that holds a response, where what made it is out of sight
# (`resp = await ctx.deps.http.get(url)`, `self.response`).
_RESPONSE_NAME = re.compile(r"^(r|res|resp|rsp|response|reply)$|_(resp|response)$", re.IGNORECASE)


# Methods that ask a language model and give its answer (`llm.invoke(prompt)`, `(prompt | llm)
# .invoke(...)`, `model.generate_content(...)`), and the objects whose `create` does
# (`client.chat.completions.create`, `client.messages.create`, `client.responses.create`).
MODEL_ASK_METHODS = frozenset(
    {"invoke", "ainvoke", "generate_content", "generate_content_async", "predict", "apredict"}
    | {"complete", "acomplete", "chat", "achat"}
)
MODEL_ANSWER_MAKERS = frozenset({"completions", "messages", "responses"})
# Methods of a chat session with a model that send the next message and give the model's answer
# (Gemini's and Vertex AI's `chat.send_message(q)`), when the session is named as one.
CHAT_SEND_METHODS = frozenset({"send_message", "send_message_async"})


def names_response(name: str) -> bool:
    """`resp`, `response`, `api_response`: a name that says it holds a response."""
    return bool(_RESPONSE_NAME.search(name))


# What an HTTP response says about itself, beside its body: `resp.reason`, `resp.url`,
# `resp.headers`. Short, and read as such only off a response (`http`).
HTTP_METADATA_ATTRIBUTES = frozenset(
    {
        "reason",
        "reason_phrase",
        "url",
        "headers",
        "cookies",
        "elapsed",
        "encoding",
        "ok",
        "is_success",
        "is_error",
        "is_redirect",
        "status",
        "http_version",
        "links",
    }
)

# Attributes of a tool's own object that hold what accumulates across calls, though their last
# word is not a content noun: `self.buffer`, `self.conversation`.
STATE_WORDS = frozenset({"buffer", "conversation", "context", "scratchpad", "sheet", "workbook", "cache"})

# Methods that read the file at a path (`path.read_text()`), whatever the path's annotation.
PATH_READ_METHODS = frozenset({"read_text", "read_bytes"})

# HTTP methods that write: their response is as often an acknowledgement as data.
WRITE_METHODS = frozenset({"post", "put", "patch", "delete"})
# The writes that name the one resource they change (see `Verdict.one_resource`).
ONE_RESOURCE_METHODS = frozenset({"put", "patch", "delete"})
# Every HTTP method, as a request helper may be given it before its URL (`request("GET", url)`).
HTTP_METHODS = WRITE_METHODS | {"get", "head", "options"}

# Module constants that are numbers or short strings: `math.pi`, `sys.maxsize`, `os.sep`.
SMALL_MODULE_CONSTANTS: tuple[str, ...] = (
    "math.",
    "cmath.",
    "string.",
    "sys.maxsize",
    "sys.platform",
    "sys.version",
    "sys.byteorder",
    "os.sep",
    "os.linesep",
    "os.pathsep",
    "os.name",
)

# Attributes of an unknown object that usually hold a whole payload.
SOURCE_ATTRIBUTES: dict[str, str] = {
    "text": "the response body `{code}`",
    "content": "the response body `{code}`",
    "body": "the response body `{code}`",
    "html": "the page `{code}`",
    "stdout": "the process output `{code}`",
    "stderr": "the process output `{code}`",
    "page_content": "the document text `{code}`",
    "page_source": "the page `{code}`",  # a Selenium driver's: the HTML of the page it shows
}

# Methods of an unknown object whose result is usually a whole payload.
SOURCE_METHODS: dict[str, str] = {
    "read": "the contents read by `{code}`",
    "read_text": "the file contents `{code}`",
    "read_bytes": "the file contents `{code}`",
    "readlines": "the file contents `{code}`",
    "fetchall": "all rows of `{code}`",
    "json": "the parsed response `{code}`",
    "text": "the response body `{code}`",
    "iterdir": "a directory listing `{code}`",
    "glob": "a directory listing `{code}`",
    "rglob": "a directory listing `{code}`",
    "communicate": "the process output `{code}`",
    "get_text": "the page text `{code}`",
    "prettify": "the page `{code}`",
    "to_string": "a serialised table `{code}`",
    "to_markdown": "a serialised table `{code}`",
    "to_csv": "a serialised table `{code}`",
    "to_html": "a serialised table `{code}`",
}

# Methods of a browser automation library's page (Playwright's, pyppeteer's) that read what it shows:
# its HTML (`content()`), or the text or HTML of what a selector finds (`inner_text("body")`).
PAGE_READS: dict[str, str] = {
    "content": "the page `{code}`",
    "inner_text": "the page text `{code}`",
    "inner_html": "the page `{code}`",
    "text_content": "the page text `{code}`",
}
# Selectors that find a whole page's text, not a part of it.
WHOLE_PAGE_SELECTORS = frozenset({"body", "html", "main", "article", ":root"})
# Names of a variable or attribute that holds a browser's page or tab (`page`, `self._page`, `new_tab`).
_PAGE_NAME = re.compile(r"^_?(page|tab)$|_(page|tab)$", re.IGNORECASE)


def names_a_page(name: str) -> bool:
    """`page`, `self._page`, `current_page`, `tab`: a name that says it holds a browser's page."""
    return bool(_PAGE_NAME.search(name))


# How a finding names the body of a response read where its status said the request failed.
ERROR_BODY = "the error body "

# How a finding names a value read from one of the sources above ("the parsed response `...`"):
# a join or a comprehension over such a value names that source, whatever its confidence.
SOURCE_REASONS = tuple(
    sorted({template.split("`")[0] for template in (*SOURCE_METHODS.values(), *SOURCE_ATTRIBUTES.values())})
) + (ERROR_BODY,)


def names_a_source(reason: str) -> bool:
    return reason.startswith(SOURCE_REASONS)


def names_response_body(reason: str) -> bool:
    """`the response body `resp.text``: an HTTP response's body as it is."""
    return reason.startswith(SOURCE_ATTRIBUTES["text"].split("`")[0])


def names_process_output(reason: str) -> bool:
    """`the process output `result.stdout``: a child process's output as it is (not joined or
    formatted into other text)."""
    return reason.startswith(SOURCE_ATTRIBUTES["stdout"].split("`")[0])


# The same words, and those of the calls above, but a traceback: what a finding's message says a
# tool returns when it is bulk data (`names_bulk_data`).
_BULK_PHRASES = tuple(
    sorted(
        ({reason.strip() for reason in SOURCE_REASONS} | {t.split("`", 1)[0].strip() for t in SOURCE_CALLS.values()})
        - {"", "a traceback"}
    )
)


_OVER_BULK = tuple(f"over {phrase}" for phrase in _BULK_PHRASES)  # `a join over the file ...`
# What a finding says its tool returns when that is bulk data of a request that succeeded: the
# body of a failed one is a page or a message (`the error body ...`).
_PAYLOAD_PHRASES = tuple(phrase for phrase in _BULK_PHRASES if phrase != ERROR_BODY.strip())
_RETURNS_PAYLOAD = tuple(f"returns {phrase}" for phrase in _PAYLOAD_PHRASES)
_OVER_PAYLOAD = tuple(f"over {phrase}" for phrase in _PAYLOAD_PHRASES)


def reason_names_bulk_data(reason: str) -> bool:
    """A verdict's reason that names one of the sources of bulk data above, itself or what it was
    grown or joined over (`the parsed response ...`, `` `rows`, grown in a loop over the file ...``),
    not a value known only by its name (`the result of ...`, `` `self.limit` ``)."""
    return reason.startswith(_BULK_PHRASES) or any(phrase in reason for phrase in _OVER_BULK)


def names_bulk_data(message: str) -> bool:
    """A finding's message that says its tool returns one of the sources of bulk data above
    (`the process output ...`, `the response body ...`, a join over one), not a value known
    only by its name (`the result of ...`), nor the body of a failed request (`the error body
    ...`): a fix of the tool's payload leaves that one, an error page or a line (the four fix
    hunks read that cut one beside a payload were rejected or asked to drop it)."""
    return any(phrase in message for phrase in _RETURNS_PAYLOAD) or any(phrase in message for phrase in _OVER_PAYLOAD)


def names_an_error_body(reason: str) -> bool:
    return reason.startswith(ERROR_BODY)


# Keywords that cap a model's answer in tokens; at most `MAX_ANSWER_TOKENS` (4K tokens, about
# 16,000 characters: the default budget) the answer is as bounded as a checkpoint would make it.
MAX_TOKENS_KEYWORDS = frozenset(
    {"max_tokens", "max_completion_tokens", "max_output_tokens", "maxTokens", "max_new_tokens", "num_predict"}
)
MAX_ANSWER_TOKENS = 4_096

# Keywords by which a read or a serialisation asks for at most so much (`to_string(max_rows=50)`).
SIZE_KEYWORDS = frozenset({"limit", "max_rows", "max_chars", "max_length", "max_bytes", "max_size", "nrows"})

# Of those, the ones whose answer is as often one record or a few names as a bulk of data: an
# API's parsed JSON (one object, or a page of them), a query's rows, one folder's entries. A
# finding that rests on one of them is `medium`, not `high`: on the reviewed sets a reviewer
# agreed with half of them (`benchmarks/reviewed/`), against nearly all file and body reads.
MIXED_SOURCE_METHODS = frozenset({"json", "fetchall", "iterdir", "glob", "rglob"})

# Builtins whose result is a number, a bool, a type or None.
SMALL_BUILTINS = frozenset(
    {
        "len",
        "isinstance",
        "issubclass",
        "bool",
        "int",
        "float",
        "complex",
        "hash",
        "id",
        "round",
        "abs",
        "callable",
        "hasattr",
        "any",
        "all",
        "ord",
        "chr",
        "type",
        "divmod",
        "pow",
        "print",
        "setattr",
        "delattr",
        "object",
        "NotImplemented",
    }
)

# Builtins that return a value as large as their arguments (and methods called on a builtin
# type: `list(dict.fromkeys(items))`, the order-keeping dedupe, is the items once each).
CONTAINER_BUILTINS = frozenset(
    {
        "dict.fromkeys",
        "bytes.fromhex",  # half as long as the hex text it is given
        "bytearray.fromhex",
        "str.join",
        "str.format",
        "list",
        "tuple",
        "set",
        "frozenset",
        "dict",
        "sorted",
        "reversed",
        "enumerate",
        "zip",
        "filter",
        "map",
        "iter",
        "next",
        "min",
        "max",
        "sum",
        "getattr",
        "vars",
        "bytes",
        "bytearray",
        "memoryview",
    }
)

# Builtins that turn any value into its text.
TEXT_BUILTINS = frozenset({"str", "repr", "format", "ascii"})

# Methods that keep the size class of their receiver (and arguments).
PRESERVING_METHODS = frozenset(
    {
        "strip",
        "lstrip",
        "rstrip",
        "lower",
        "upper",
        "title",
        "capitalize",
        "casefold",
        "swapcase",
        "replace",
        "format",
        "format_map",
        "removeprefix",
        "removesuffix",
        "expandtabs",
        "encode",
        "decode",
        "split",
        "rsplit",
        "splitlines",
        "partition",
        "rpartition",
        "get",
        "items",
        "keys",
        "values",
        "copy",
        "pop",
        "popitem",
        "setdefault",
        "translate",
        "model_copy",
        "__str__",
    }
)
# A translation catalogue's lookups (`translator.gettext(msg)`): the message given, in another
# language or itself, whatever the catalogue object is.
TRANSLATION_METHODS = frozenset({"gettext", "ngettext", "pgettext", "npgettext", "gettext_lazy"})

# Verbs of an API method that changes something and answers with an acknowledgement: the
# resource's id, status and metadata (`s3.create_bucket(...)`, `jira.delete_issue(...)`,
# `scheduler.cancel_job(...)`). Only in `verb_noun` form: a bare `create` may be
# `completions.create`, whose answer is generated text.
ACKNOWLEDGING_VERBS = frozenset(
    {
        "create",
        "delete",
        "update",
        "put",
        "patch",
        "start",
        "stop",
        "cancel",
        "tag",
        "untag",
        "attach",
        "detach",
        "associate",
        "disassociate",
        "enable",
        "disable",
        "register",
        "deregister",
        "reboot",
        "terminate",
        "modify",
        "remove",
        "add",
        "set",
        "upsert",
        "publish",
        "subscribe",
        "unsubscribe",
        "archive",
        "rename",
        "assign",
        "unassign",
        "revoke",
        "grant",
        "pause",
        "resume",
        "reset",
        "restart",
        "lock",
        "unlock",
        "close",
    }
)
# Nouns after such a verb that name generated or stored content, not a resource's
# metadata: `create_chat_completion(...)`, `update_document(...)` may answer with it.
CONTENT_NOUNS = frozenset(
    {
        "completion",
        "completions",
        "chat",
        "message",
        "messages",
        "response",
        "content",
        "contents",
        "text",
        "summary",
        "answer",
        "report",
        "document",
        "documents",
        "file",
        "files",
        "page",
        "transcript",
        "embedding",
        "embeddings",
        "snapshot",
        "output",
        "outputs",
        "log",
        "logs",
        "query",
        "search",
        "result",
        "results",
        "data",
        # `start_and_wait`, `create_and_poll`: the action runs and answers with what it made
        "and",
        "wait",
        "poll",
    }
)


def acknowledges(method: str) -> bool:
    """`create_bucket`, `delete_image_set`: a change whose answer is an acknowledgement."""
    verb, _, noun = method.partition("_")
    return bool(noun) and verb in ACKNOWLEDGING_VERBS and not set(noun.split("_")) & CONTENT_NOUNS


# Verbs that name a tool as an action on the world rather than a read of it, beyond the API
# verbs above: a tool's name is what the model calls it by, so `save_note`, `send_email` and
# `move_page` say what the call is for. Its answer is usually a confirmation.
ACTION_VERBS = ACKNOWLEDGING_VERBS | frozenset(
    {
        # a machine's power and size: `power_on`, `shutdown_server`, `resize_volume`
        *("power", "shutdown", "poweroff", "hibernate", "resize", "rescale"),
        "destroy",
        "store",
        "save",
        "upload",
        "insert",
        "move",
        "copy",
        "send",
        "post",
        "schedule",
        "submit",
        "link",
        "unlink",
        "mark",
        "invite",
        "share",
        "install",
        "uninstall",
        "apply",
        "merge",
        "transition",
        "book",
        "reserve",
        "reply",
        "comment",
        "launch",
        "write",
        "append",
        "edit",
        "clear",
        "transfer",
        "follow",
        "unfollow",
        "like",
        "unlike",
        "star",
        "unstar",
        "pin",
        "unpin",
        "notify",
        "trigger",
        "initiate",  # `initiate_payment`, `initiate_transfer`: a confirmation or the next step
        "deploy",
        "approve",
        "reject",
        "accept",
        "decline",
        "dismiss",
        "mute",
        "unmute",
        "block",
        "unblock",
        "confirm",
        "rename",
        "assign",
        "unassign",
        "reopen",
        "restart",
        "resume",
        "pause",
        "restore",
        "revert",
        "label",
        "replace",
        # a job's or a change's life (`retry_pipeline`, `unapprove_mr`, `promote_issue_to_epic`)
        "retry",
        "rerun",
        "rollback",
        "redeploy",
        "abort",
        "kill",
        "suspend",
        "unapprove",
        "unarchive",
        "unpublish",
        "unlabel",
        "promote",
        "demote",
        "escalate",
        "reassign",
        "acknowledge",
        "snooze",
        # (not `vote`: `vote_on_jokes` may run the vote and answer with its transcript)
        "upvote",
        "downvote",
    }
)
# Verbs that name a tool as a calculation on its arguments: it answers with the result
# (`calculate_tip`, `validate_url`, `convert_currency`, `hash_text`), not with data it read.
CALCULATING_VERBS = frozenset(
    {
        "calculate",
        "compute",
        "validate",
        "verify",
        "check",
        "hash",
        "encode",
        "decode",
        "count",
        "compare",
        "estimate",
        "classify",
        "detect",
        "score",
        "rate",
        "roll",
        "flip",
        "evaluate",
        "solve",
    }
)

# Verbs whose answer does not carry the thing acted on, whatever it is: it was taken in, sent
# or undone (`add_documents`, `send_message`, `delete_file`).
_INTAKE_VERBS = frozenset(
    {
        "destroy",  # a REST client's `roles_destroy`: Django REST framework's name for a delete
        "store",
        "add",
        "insert",
        "upload",
        "save",
        "send",
        "post",
        "upsert",
        "delete",
        "remove",
        "cancel",
        "stop",
        "close",
        "unlink",
        "unsubscribe",
        "revoke",
        "uninstall",
        "append",
        "clear",
    }
)
# Verbs that change a thing with what the model sends (`update_page`, `edit_issue_text`): the
# answer is a confirmation, or the thing as the model itself wrote it, so the content a name says
# they act on does not make their answer large. Readers of the labelled sets judged none of 14
# such tools (with `create_page` and `write_file`), flagged `high` or `medium`, to answer with much.
_ECHOING_VERBS = frozenset({"update", "edit", "replace", "modify", "patch", "put", "rename", "move"})
_MAKING_VERBS = frozenset({"create", "write"})
# What a making tool makes from the model's own text (`create_page`, `write_file`); not a report
# or a summary that it may generate itself (`write_report`).
_WRITTEN_NOUNS = frozenset(
    {"page", "file", "files", "document", "documents", "text", "content", "contents", "message", "messages"}
)
# Verbs that may end a tool's name in `noun_verb` form (`playlist_create`, `task_cancel`,
# `lldb_start`), as many MCP servers name their tools. Not those that are also common nouns at
# the end of a name (`blog_post`, `git_log`, `ads_archive`, `vector_store`).
_CLOSING_VERBS = _INTAKE_VERBS - {"post", "store"} | frozenset(
    {
        *("create", "update", "edit", "replace", "modify", "rename", "move", "write", "upload"),
        *("start", "restart", "pause", "resume", "enable", "disable", "attach", "detach"),
        *("assign", "unassign", "approve", "reject", "install", "publish", "subscribe", "grant"),
        *("reboot", "terminate", "invite", "reset", "restore", "revert", "register", "deregister"),
    }
)
_WORDS = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")  # `IDs`, `URLs`: one word
# Method names a tool class runs by: the class's own name says what the tool does.
_RUN_METHODS = frozenset(
    {"run", "_run", "arun", "_arun", "__call__", "invoke", "ainvoke", "execute", "forward", "call"}
)


def name_words(name: str) -> list[str]:
    """`get_items` -> ["get", "items"], `CreateIssueTool` -> ["create", "issue", "tool"]."""
    return [word.lower() for word in _WORDS.findall(name)]


# Words by which a function says it makes an error report (`format_error_message`,
# `default_tool_error_function`, `handle_exception`), unless it reads them (`get_errors`).
_ERROR_WORDS = frozenset({"error", "exception", "failure"})
_READING_VERBS = frozenset({"get", "list", "fetch", "read", "search", "query", "find", "collect", "scan", "tail"})


def names_error_report(name: str) -> bool:
    words = name_words(name)
    return bool(words) and bool(set(words) & _ERROR_WORDS) and words[0] not in _READING_VERBS


_PEOPLE = frozenset({"user", "human", "person", "operator"})


def asks_a_person(words: list[str]) -> bool:
    """`ask_user`, `ask_human`, `get_user_input`, `human_input`: a tool that waits for a person's
    answer (on the reviewed sets, 4 of 4 such findings were judged short)."""
    named = set(words)
    return bool(named & _PEOPLE) and ("ask" in named or "input" in named)


def tool_answers_briefly(qualname: str) -> bool:
    """`create_issue`, `send_email`, `DeleteFileTool._run`, `calculate_tip`: a tool named for an
    action (its answer is a confirmation) or a calculation (its answer is the result). What such
    a tool returns is less often large than what a read returns (`get_issue`, `search`,
    `incident_log`), so its findings are reported `low`."""
    words = _tool_name_words(qualname)
    if len(words) >= 2 and words[1] in _CONTENT_VERBS:
        words = words[1:]  # `archive_lookup`, `tag_search`: a noun (that is also a verb) before the verb
    for _ in range(2):  # a product's prefix: `milvus_insert_data`, `slack_user_reply_to_thread`
        if len(words) >= 3 and words[0] not in ACTION_VERBS | CALCULATING_VERBS:
            words = words[1:]
    if len(words) >= 2 and words[0] in CALCULATING_VERBS:
        return True
    named = words[:-1] if len(words) > 1 and words[-1] in ("tool", "tools") else words
    if named and named[-1] in ("calculator", "calc"):
        return True  # `calculator`, `CalculatorTool._run`: the tool is named for what it computes with
    if asks_a_person(named):
        return True  # `ask_user`, `get_user_input`: what a person types in answer
    if "and" in words[1:]:
        return False  # `save_and_show`, `create_and_poll`: it acts, then answers with what it reads
    if _closes_with_an_action(named):
        return True  # `playlist_create`, `task_cancel`
    if len(words) == 1 and words[0] in ACTION_VERBS - _RUNNING_VERBS:
        return True  # `write`, `edit`, `reboot`: an action on what its arguments name
    if len(words) < 2 or words[0] not in ACTION_VERBS:
        return False
    # `delete_file` answers "deleted", `update_page` the page the model wrote; `deploy_build_log`
    # or `create_report` may answer with the log or the report it names.
    acted_on = set(words[1:])
    if words[0] in _INTAKE_VERBS or words[0] in _ECHOING_VERBS:
        return True
    if words[0] in _MAKING_VERBS and acted_on & _WRITTEN_NOUNS:
        return True
    return not acted_on & CONTENT_NOUNS


# Actions whose answer, named by the verb alone, is as often what they ran or fetched as a
# confirmation: a tool called `install`, `deploy` or `apply` may answer with the installer's or
# Terraform's output, one called `post` or `put` with whatever the URL it is given answers.
_RUNNING_VERBS = frozenset(
    {"install", "uninstall", "deploy", "redeploy", "apply", "launch", "trigger", "start", "rerun", "retry", "merge"}
    | {"post", "put", "patch", "send", "submit"}
    # a writer's: `write(topic)` may answer with what it wrote
    | {"write"}
)


def _closes_with_an_action(words: list[str]) -> bool:
    """`playlist_create`, `lldb_start`: a name in `noun_verb` form, with no reading verb before its
    verb (not `fetch_and_cancel`, `search_then_delete`)."""
    if len(words) < 2 or words[-1] not in _CLOSING_VERBS:
        return False
    return not set(words[:-1]) & (RECORD_VERBS | _CONTENT_VERBS | ACTION_VERBS | CALCULATING_VERBS | {"and"})


# Words by which a tool's name says it answers with one record's facts, not its content
# (`get_queue_info`, `get_cluster_stats`, `get_table_details`), and the words after which a name
# says what the record is looked up by (`get_ad_by_id`, `get_xrefs_to_class`).
_RECORD_FACT_WORDS = frozenset(
    {"info", "information", "details", "detail", "stats", "statistics", "status", "metadata", "health", "settings"}
)
_KEY_PREPOSITIONS = frozenset({"by", "of", "for", "from", "in", "on", "at", "with", "to"})
# Records that are content themselves: one of them is a document, not a few facts.
_CONTENT_RECORDS = frozenset(
    {"doc", "help", "manual", "guide", "readme", "thread", "conversation", "email", "mail", "article", "post", "note"}
    | {"blob", "diff", "patch", "commit", "changelog", "transcript", "blame"}
    # code and what is built from it: a decompiled class or its smali, a manifest, a package tree
    | {"source", "code", "class", "method", "smali", "manifest", "artifact", "tree"}
)
# Words that stand for a listing when a name ends with them (`get_trending`, `find_similar`).
_LISTING_WORDS = frozenset(
    {"trending", "similar", "related", "popular", "top", "recent", "latest", "upcoming", "nearby", "featured", "new"}
    | {"range", "history", "all"}  # `get_excel_cell_range`, `get_price_history`
    # series and tables of one subject: `get_ipo_calendar`, `get_technical_indicator` (a value per
    # day), `get_option_chain`, `get_balance_sheet`, `get_income_statement`, `get_site_hierarchy`
    | {"calendar", "series", "timeline", "indicator", "chain", "sheet", "statement", "cashflow", "hierarchy"}
    | {"forecast"}  # `get_hourly_forecast`: a value per hour
    # not a thing at all but the request itself: `get_request(url)`, `get_url`, a GET of anything
    | {"request", "url", "uri", "endpoint", "api"}
)


def tool_reads_one_record(qualname: str) -> bool:
    """`get_exchange_rate`, `get_ad_by_id`, `describe_cluster`, `get_queue_info`: a tool named for
    looking one thing up (a reading verb, then a singular noun that is not content, or a record's
    info, details or stats). Its answer is most often one small record; `get_ads_by_campaign`,
    `get_page_text` and `get_resource_file` read a bulk or content and are not such tools."""
    words = _tool_name_words(qualname)
    if len(words) > 1 and words[-1] == "tool":
        words = words[:-1]  # `get_project_details_tool`
    for _ in range(2):  # a product's prefix: `redmine_get_issue_status`
        if len(words) >= 3 and words[0] not in RECORD_VERBS | ACTION_VERBS | CALCULATING_VERBS | _CONTENT_VERBS:
            words = words[1:]  # not `fetch_show_rundown`: a verb is no product's name
    if len(words) < 2 or words[0] not in RECORD_VERBS:
        return False
    named = words[1:]
    if set(named) & (CONTENT_WORDS | CONTENT_NOUNS | BULK_COLLECTION_WORDS | _CONTENT_RECORDS):
        return False  # `get_page_text`, `get_table_engine_doc`, `get_thread`
    if set(named) & _RECORD_FACT_WORDS:
        return True
    thing = named[: next((i for i, word in enumerate(named) if word in _KEY_PREPOSITIONS), len(named))]
    # (`get_invoices_sorted_by_price`: a listing, whatever word ends the thing)
    return bool(thing) and not any(_plural(word) for word in thing) and not set(thing) & _LISTING_WORDS


# Words by which a tool's name says it answers with a record of figures or switches:
# `get_cluster_stats`, `get_todo_statistics`, `get_email_settings`.
_FIGURE_WORDS = frozenset({"stats", "statistics", "settings"})


def tool_reports_figures(qualname: str) -> bool:
    """`get_cluster_stats`, `cache_stats`, `get_todo_statistics`, `get_email_settings`: a tool
    named for statistics or settings answers with a record of counts, sizes and switches.
    Not `get_stats_history` (a series): the name has to end with such a word. A health check
    (`health_check`, `get_health_summary`) or a test of a connection (`test_connection`,
    `check_api_connectivity`) answers with a status of the same kind."""
    words = _named_words(qualname)
    tests_a_connection = bool({"test", "check", "verify", "ping"} & set(words)) and bool(
        {"connection", "connectivity"} & set(words)
    )
    return bool(words) and (
        words[-1] in _FIGURE_WORDS or bool({"health", "healthcheck"} & set(words)) or tests_a_connection
    )


# Words by which a tool's name says it answers with a catalogue: the kinds, labels or choices
# a system offers (`get_issue_types`, `list_gmail_labels`, `get_available_transitions`), or
# the few things an account or a server is set up with (`list_workspaces`, `list_webhooks`).
_CATALOGUE_WORDS = frozenset(
    {"types", "kinds", "categories", "genres", "labels", "tags", "transitions", "roles", "options", "modes"}
    | {"formats", "languages", "locales", "regions", "countries", "currencies", "timezones", "voices", "models"}
    | {"columns"}  # of one table or board: its schema
    | {"catalogs", "databases", "workspaces", "webhooks", "devices", "permissions", "providers", "plugins"}
    | {"preferences"}  # one person's, recalled
)


def tool_lists_a_catalogue(qualname: str) -> bool:
    """`get_project_issue_types`, `list_gmail_labels`, `get_available_transitions`,
    `list_models`: a tool named for the kinds, labels or choices a system offers answers with a
    short list of names. Not `get_pods_by_labels` or `search_articles_by_tags`: there the word
    names what the listing is filtered by; not `select_csv_columns` or `generate_typescript_types`:
    a verb that reads data out or makes code (the columns' values, the types' definitions)."""
    words = _named_words(qualname)
    if not words or words[-1] not in _CATALOGUE_WORDS:
        return False
    return not set(words[:-1]) & (_KEY_PREPOSITIONS | _DATA_MAKING_VERBS | {"and"})


# Verbs that read data out of what the rest of a name says, or make text of it.
_DATA_MAKING_VERBS = frozenset({"select", "extract", "export", "dump", "read", "query", "download", "generate"})


def _named_words(qualname: str) -> list[str]:
    """The words of a tool's name without a closing `tool`/`tools` (`get_cache_stats_tool`)."""
    words = _tool_name_words(qualname)
    return words[:-1] if len(words) > 1 and words[-1] in ("tool", "tools") else words


def _tool_name_words(qualname: str) -> list[str]:
    """The words of what a tool is called: a tool class's name for its run method
    (`DeleteFileTool._run`)."""
    parts = qualname.split(".")
    return name_words(parts[-2] if parts[-1] in _RUN_METHODS and len(parts) > 1 else parts[-1])


def _plural(word: str, longer_than: int = 2) -> bool:
    """`ads`, `xrefs`, `tables`; not `status`, `class`, `analysis` (nor a word of `longer_than`
    letters or fewer)."""
    return len(word) > longer_than and word.endswith("s") and not word.endswith(("ss", "us", "is"))


# Words that, in the name of a function or attribute we know nothing else about, say that it
# reads or makes content: `client.search(q)`, `store.get_items()`, `llm.generate_str(...)`,
# `doc.body`. What is named otherwise (`board.piece_name(p)`, `usage.aggregate()`,
# `props.subject`) is most often a short value, so a finding that rests on it alone is `low`.
_CONTENT_VERBS = frozenset(
    {
        # reading and running
        "get",
        "fetch",
        "read",
        "search",
        "query",
        "find",
        "list",
        "load",
        "download",
        "retrieve",
        "lookup",
        "scrape",
        "crawl",
        "browse",
        "extract",
        "execute",
        "exec",
        "evaluate",
        "eval",
        "run",
        "invoke",
        "call",
        "ask",
        "chat",
        "complete",
        "generate",
        "research",
        "describe",
        "export",
        "dump",
        "show",
        "view",
        "scan",
        "collect",
        "gather",
        "summarize",
        "transcribe",
        "translate",
        "analyze",
        "explore",
        "inspect",
        "stream",
        "receive",
        "recv",
        "select",
        "paste",
        "glob",
        "iter",
        "iterfind",
        "findall",
        "rglob",
        "iglob",
        "iterdir",
        "listdir",
        "scandir",
        "ls",
        "walk",
        "wait",
        "poll",
        "convert",
        "format",
    }
)
# Nouns among them: what is read, as opposed to the verbs that read it.
CONTENT_NOUN_WORDS = frozenset(
    {
        "text",
        "content",
        "body",
        "data",
        "html",
        "markdown",
        "output",
        "result",
        "response",
        "answer",
        "completion",
        "document",
        "page",
        "raw",
        "payload",
        "history",
        "description",
        # (not `summary`: a condensed text, an event's title, a run's counts; reviewers read
        # values named so as short far more often than not)
        # a text taken out of a document (Wikipedia's `page["extract"]`)
        "extract",
        "excerpt",
        "transcript",
        "report",
        "log",
        "stdout",
        "stderr",
        "source",
        "code",
        "memory",
        "snapshot",
        "listing",
        "all",
    }
)
CONTENT_WORDS = _CONTENT_VERBS | CONTENT_NOUN_WORDS


# Keywords by which a call asks for at most so many items (`search(q, limit=5)`).
FEW_ITEMS_KEYWORDS = frozenset(
    {"limit", "top_k", "top_n", "topk", "k", "n", "max_results", "num_results", "n_results", "page_size", "max_items"}
    | {"maxResults", "max_count", "count", "per_page", "top", "num", "size", "max_docs", "max_documents"}
)
FEW_ITEMS_LIMIT = 10
# A count that is a few by default (the model leaves it out) and that the code keeps to at most
# this many (a clamp, a schema's `le=50`) asks for a small page: names, ids or short records,
# `low` as a whole. A content field read out of each item (`e["body"]`) is not: fifty bodies are
# a bulk. (On set as, every finding on a listing whose `limit` is 10 by default and at most 50
# was judged small.)
SMALL_PAGE_LIMIT = 50
# A search (`client.search(q, max_results=n)`, `similarity_search(q, k=k)`), named so or asked
# for its nearest hits by these keywords: each hit may be a whole document or a chunk of one, so
# a page of them is a bulk as often as not, however few the model most often asks for.
SEARCH_WORDS = frozenset({"search", "retrieve", "similarity", "semantic", "recall"})
RETRIEVAL_COUNT_KEYWORDS = frozenset({"k", "top_k", "topk", "top_n", "n_results"})


def names_a_search(names: list[str]) -> bool:
    """`search`, `similarity_search_with_score`, `retrieve_documents`: a search, by a word of a name."""
    return any(set(name_words(name)) & SEARCH_WORDS for name in names)


# LangChain's vector store interface: its searches, and the retriever it makes, answer `k`
# documents, 4 unless told (`similarity_search(query, k=4)`, `as_retriever()`'s `search_kwargs`).
VECTOR_STORE_SEARCHES = frozenset(
    {"similarity_search", "similarity_search_with_score", "similarity_search_with_relevance_scores"}
    | {"similarity_search_by_vector", "max_marginal_relevance_search", "as_retriever"}
)
VECTOR_STORE_DEFAULT_K = 4
# A query text that compares embeddings: pgvector's cast and its cosine and inner-product operators
# (`ORDER BY embedding <=> $1::vector LIMIT $2`), MongoDB Atlas' `$vectorSearch` stage. (Not `<->`:
# PostGIS' distance operator too.)
VECTOR_QUERY = re.compile(r"::vector\b|<=>|<#>|\$vectorSearch\b")


def names_a_vector_search(name: str) -> bool:
    """`vector_search`, `search_by_vector`, `similarity_search_by_vector`: a search by an embedding."""
    words = set(name_words(name))
    return bool(words & {"search", "query"}) and bool(words & {"vector", "vectors", "similarity", "embedding"})


def names_an_embedding(keyword: str) -> bool:
    """`query_embeddings=` (Chroma), `vector=` (Pinecone), `query_vector=` (Qdrant), `embedding=`:
    a request field that carries the embedding to search by."""
    return bool(set(name_words(keyword)) & {"embedding", "embeddings", "vector"})


def is_vector_store_search(method: str, chain_length: int) -> bool:
    """`store.similarity_search`, `self.vectordb.asimilarity_search`, `db.as_retriever`: a method
    (called on something: not a function of that name) of LangChain's vector store interface."""
    return chain_length > 1 and (method in VECTOR_STORE_SEARCHES or method.removeprefix("a") in VECTOR_STORE_SEARCHES)


# The words of a flag that asks a search for each hit's content, not a snippet
# (`return_content=True`, `include_raw_content=True`): a page of such hits is a bulk.
CONTENT_FLAG_WORDS = frozenset({"content", "contents", "text", "body", "html", "markdown", "raw"})


_COUNTED_WORDS = frozenset(
    {"result", "results", "item", "items", "record", "records", "hits", "rows", "documents", "docs", "lines", "entries"}
)


def names_item_count(key: str) -> bool:
    """A request field that says how many items to answer with, in any case style:
    `max_results`, `maxResultCount`, `numberOfResults`, `pageSize`."""
    words = name_words(key)
    snake = "_".join(words)
    if snake in FEW_ITEMS_KEYWORDS or key in FEW_ITEMS_KEYWORDS:
        return True
    return len(words) >= 2 and words[0] in ("max", "number", "num", "page") and bool(set(words[1:]) & _COUNTED_WORDS)


def flag_asks_for_content(keyword: str) -> bool:
    """`return_content`, `include_raw_content`, `includeText`: a flag that, set, asks for content."""
    return bool(set(name_words(keyword)) & CONTENT_FLAG_WORDS)


def names_content(name: str) -> bool:
    """`search`, `get_items`, `fetchall`, `body`, `paragraphs`: a name that says it reads or
    holds content, or a collection (a plural)."""
    words = name_words(name)
    if not words:
        return False
    if words[0].startswith("a") and words[0][1:] in _CONTENT_VERBS:
        # LangChain's spelling of the async twin: `alist_tree_listing`, `aread`, `asearch`
        words = [words[0][1:], *words[1:]]
    if _names_many(words[-1]):
        return True
    if _names_one_record(words):
        return False  # `get_voice`, `find_instance_by_name`: one record, most often short
    return bool(set(words) & CONTENT_WORDS) or name.lower().startswith(("fetch", "read", "get"))


def names_one_record(name: str) -> bool:
    """`get_user`, `find_instance_by_name`: a function named for one record, not for content."""
    return _names_one_record(name_words(name))


def _names_one_record(words: list[str]) -> bool:
    return (
        len(words) > 1
        and words[0] in RECORD_VERBS
        and not set(words[1:]) & CONTENT_WORDS
        and words[-1] not in _COLLECTION_NOUNS
        and not any(map(_names_many, words[1:]))  # `get_users_following`: a listing
    )


def _names_many(word: str) -> bool:
    """A plural that names many items (`users`), not the parts of one record (`get_rule_details`,
    `get_backup_settings`)."""
    return _plural(word, longer_than=3) and word not in _ONE_RECORD_PLURALS


# Plural words that name the parts of one record, not many records.
_ONE_RECORD_PLURALS = frozenset({"details", "settings"})


# Singular nouns that name a collection of items (`get_home_timeline`, `get_feed`): not one record.
_COLLECTION_NOUNS = frozenset(
    {"timeline", "feed", "inbox", "list", "listing", "queue", "stream", "catalog", "catalogue", "directory", "tree"}
)


def names_content_attribute(name: str) -> bool:
    """`doc.body`, `page.raw_html`, `store.documents`: an attribute whose last word names content
    or a bulk of items. Not any plural (`props.keywords`, `table.names`) and not a word that is
    content only at the front (`shape.text_frame`): the attribute's last word says what it holds."""
    words = name_words(name)
    if len(words) > 1 and words[-1] == "code" and words[-2] not in PROGRAM_CODE_WORDS:
        return False  # `weather_code`, `country_code`, `status_code`: a code, not a program
    return bool(words) and (words[-1] in CONTENT_NOUN_WORDS or words[-1] in BULK_COLLECTION_WORDS)


# Words before `code` that make it a program's text (`source_code`, `generated_code`), where
# any other (`weather_code`, `zip_code`) makes it a short code.
PROGRAM_CODE_WORDS = frozenset(
    {"source", "program", "generated", "sample", "example", "full", "raw", "new", "old", "original", "updated"}
    | {"python", "py", "js", "javascript", "ts", "html", "css", "sql", "shell", "bash", "script", "file"}
    | {"function", "class", "module", "cell", "notebook", "test", "fixed", "final", "your", "the", "my"}
)


# Fields that hold a record's data whatever it is (`row.cells`, `record["value"]`, `node.schema`).
# (`message` of one item of a listing: a log line, a chat message, a commit's; of an operation's
# answer, `result["message"]`, it is a status, read before records are.)
RECORD_PAYLOAD_WORDS = frozenset({"value", "values", "cells", "schema", "fields", "row", "dict", "message"})
# Keys under which a record keeps its own fields, nested (Jira's `issue["fields"]["summary"]`,
# a GeoJSON feature's `properties`, an LDAP entry's `attributes`): returned whole, its data;
# read by a field's name, that field of the record.
NESTED_RECORD_KEYS = frozenset({"fields", "properties", "attributes"})


def names_record_payload(name: str) -> bool:
    """A field of one record that holds its content (`doc.page_content`, `row.cells`), not a name,
    a link or a date (`filing.company`): see `Verdict.record`."""
    words = name_words(name)
    return names_content_attribute(name) or (bool(words) and words[-1] in RECORD_PAYLOAD_WORDS)


# Calls that encode bytes as base64 text: cut, the text decodes to nothing.
BASE64_ENCODERS = frozenset(
    {"base64.b64encode", "base64.standard_b64encode", "base64.urlsafe_b64encode", "base64.encodebytes"}
)


# The last word of a field of a JSON document that carries media or a file, most often as
# base64 (`result["image"]`, `shot["screenshot_b64"]`; not `image_url`).
MEDIA_FIELD_WORDS = frozenset(
    {"image", "screenshot", "photo", "picture", "thumbnail", "audio", "video", "file", "attachment"}
    | {"blob", "bytes", "binary", "pdf"}
)


# Of those, the ones a tool result carries as an image or document block rather than as text
# (the block kinds model APIs take in a tool result); not `file`, `attachment` or `bytes`, which
# may hold a text file's content, nor audio, which goes back as text when it goes at all.
_MEDIA_BLOCK_WORDS = frozenset({"image", "screenshot", "photo", "picture", "thumbnail", "pdf"})


def names_media_payload(name: str) -> bool:
    """`base64_image`, `screenshot`, `image_b64`, `base64_pdf`: a field named for media sent as
    its own block; not `image_url`, `image_path` or `image_count`."""
    words = name_words(name)
    return bool(words) and (
        words[-1] in _MEDIA_BLOCK_WORDS
        or (name.lower().endswith(("_b64", "base64")) and bool(set(words) & _MEDIA_BLOCK_WORDS))
    )


def names_document_field(key: str) -> bool:
    """`domain`, `plan`, `owner`: a field of one JSON document (see `Verdict.document`) named for
    neither content, a whole text (`article`, `transcript`), a payload, media, nor a collection
    (`items`, `data`, `sites`, `feed`). (`page` is as often a page's number.)"""
    words = name_words(key)
    return (
        bool(words)
        and not names_record_payload(key)
        and (words[-1] not in WHOLE_TEXT_FIELD_WORDS or words[-1] == "page")
        and not _plural(words[-1])
        and words[-1] not in _COLLECTION_NOUNS
        and words[-1] not in MEDIA_FIELD_WORDS
        and not key.lower().endswith(("base64", "b64"))  # (split into `base`, `64` by `name_words`)
    )


def names_content_by_word(name: str) -> bool:
    """`documents`, `page_text`, `messages`: a content word, not just any plural (`slides`)."""
    words = set(name_words(name))
    return bool(words & CONTENT_WORDS or words & BULK_COLLECTION_WORDS)


# Attributes of an injected context that hold the application's data (`ctx.deps.books`,
# `tool_context.state`, `wrapper.context`, a LlamaIndex workflow's `ctx.store`): what is read from
# them is data, not a handle's parts.
CONTEXT_DATA_ATTRIBUTES = frozenset({"deps", "state", "context", "session_state", "user_data", "store"})


# Verbs that, before a singular noun that is not content, look one record up (`get_user`); before
# a plural or a content word they read content (`get_users`, `get_page_text`).
RECORD_VERBS = frozenset({"get", "find", "describe", "lookup", "show", "view", "inspect"})


# What an account, a server or a cluster has a handful of, set up by people rather than piled up
# by use: its databases and catalogs, a user's calendars, mail labels and filters, a client's
# configured servers and roots, an MCP server's prompts, a project's webhooks and roles. A listing
# of them is a page of records, as one that asks for `per_page=20` is (`list_databases()`,
# `calendarList().list()`), and of their names a few (`get_server_names()`); not tables,
# collections, repositories or projects, which grow by use,
# nor a cluster's namespaces (one per tenant in a shared cluster), nor organizations (a CRM's
# are its customers), nor tools and plugins (objects that run: what they give is theirs).
FEW_BY_NATURE = frozenset(
    {"database", "catalog", "calendar", "server", "root", "workspace", "account", "tenant", "label", "prompt"}
    | {"region", "zone", "subscription", "environment", "webhook", "filter", "preset", "role"}
)
# Words a listing's name may end in after what it lists: `list_database_names`, `calendarList`.
_LISTING_TAILS = frozenset({"names", "ids", "list", "all"})
_LISTING_VERBS = frozenset({"list", "get", "fetch", "show", "describe", "all", "available"})


def names_names_only(name: str) -> bool:
    """`list_database_names`, `get_server_ids`: a listing named for the names or ids it gives."""
    words = name_words(name)
    return len(words) > 1 and words[-1] in ("names", "ids")


def lists_few_by_nature(name: str) -> bool:
    """`list_databases`, `get_server_names`, `calendarList`, `labels`: a name
    for the listing of what there are few of by nature (`FEW_BY_NATURE`); not `list_tables`, nor
    what is under one of them (`list_database_tables`, `get_calendar_events`)."""
    words = name_words(name)
    listed = False  # said by a word after the noun (`calendarList`, `database_names`)
    while len(words) > 1 and words[-1] in {*_LISTING_TAILS, "sync", "async"}:
        listed, words = listed or words[-1] in _LISTING_TAILS, words[:-1]
    if not words or not (len(words) == 1 or words[0] in _LISTING_VERBS):
        return False
    noun = words[-1]
    if noun.endswith("ies"):
        noun = noun[:-3] + "y"
    elif _plural(noun):
        noun = noun[:-1]
    # (`get_server`, `database`: one of them, not their listing; `list_region` lists, as Kubernetes's
    # client spells its listings)
    return noun in FEW_BY_NATURE and (noun != words[-1] or listed or words[0] == "list")


# Pydantic's methods that describe a model class (v2's, and v1's on a class of the tree): a schema
# written by the code, as long as the class is, whatever data an instance holds.
MODEL_SCHEMA_METHODS = frozenset({"model_json_schema", "schema", "schema_json"})


# Methods that return a number, a bool or None whatever the receiver.
SMALL_METHODS = frozenset(
    {
        # statistics of a series or table: a number, or one per column
        *("nunique", "mean", "median", "std", "var", "sem", "skew", "kurt", "kurtosis", "idxmax", "idxmin"),
        "startswith",
        "endswith",
        "isdigit",
        "isalpha",
        "isalnum",
        "isspace",
        "islower",
        "isupper",
        "isnumeric",
        "isdecimal",
        "isidentifier",
        "istitle",
        "count",
        "find",
        "rfind",
        "index",
        "rindex",
        "is_file",
        "is_dir",
        "exists",
        "append",
        "extend",
        "insert",
        "update",
        "add",
        "clear",
        "remove",
        "discard",
        "sort",
        "reverse",
        "write",
        "close",
        "flush",
        "raise_for_status",
        "total_seconds",
        "now",  # `datetime.now()`, `pyotp.TOTP(secret).now()`: a moment or a one-time code
        "timestamp",
        "isoformat",
        "isoweekday",
        "weekday",
        "strftime",
        "hexdigest",
        "bit_length",
        "is_integer",
        "__len__",
    }
)

# Attributes (and dict keys) that hold a small value on whatever object has
# them: a status, a flag, an exit code, an identifier, a coordinate, a name, a
# link, a kind, a dimension, a moment (`resp.status_code`, `proc.returncode`,
# `inbox.inbox_id`, `place["lat"]`, `page["url"]`, `type(e).__name__`).
# Reading one is a short value, not the object's payload: a reviewer does not
# flag a tool that answers with a page's id, title and link.
SMALL_ATTRIBUTES = frozenset(
    {
        # a table's shape and schema, not its rows (`df.columns`, `df.dtypes`, a column's `dtype`)
        *("columns", "dtypes", "dtype", "ndim", "shape"),
        # status and flags
        "status_code",
        "status",
        "ok",
        "returncode",
        "return_code",
        "exit_code",
        "exitcode",
        "exit_status",
        "is_error",
        "done",
        "state",
        # identity
        "id",
        "pid",
        "name",
        "__name__",
        "__qualname__",
        "title",
        "snippet",  # a search result's excerpt: a line or two by design
        "username",
        "login",  # an account's user name (GitHub's `owner.login`)
        "email",
        "phone",
        "label",  # a node label, a button caption
        "slug",
        "role",
        "uuid",
        "guid",
        "sha",  # a commit or content hash
        *("sha1", "sha256", "sha512", "md5", "checksum", "digest"),  # a digest: its length is fixed
        "branch",  # a git branch's name (`default_branch`, `headBranch`)
        "hexsha",
        "etag",
        "stem",  # a path's file name without its suffix
        "suffix",
        "arn",  # a cloud resource name
        "token",  # a pagination or access token
        "cursor",  # a pagination cursor
        "error_code",
        "lastrowid",  # a DB-API cursor's row id and row count after a write
        "rowcount",
        # links
        "url",
        "uri",
        "href",
        "link",
        # kinds, versions and places
        "type",
        "kind",
        "version",
        "operation",
        "protocol",
        "region",
        "namespace",
        "unit",
        "path",  # a file or JSON pointer path
        "filename",
        "from_",
        "origin",
        "destination",
        "city",
        "country",
        "language",
        "locale",
        "currency",
        "symbol",
        "ticker",
        "color",
        "number",
        "category",
        # moments
        "ts",
        "timestamp",
        "created",
        "updated",
        "modified",
        "date",
        # numbers
        "total",
        "count",
        "size",
        "score",
        "duration",
        "success",
        # dimensions and coordinates
        "width",
        "height",
        "lat",
        "lon",
        "lng",
        "latitude",
        "longitude",
    }
)
SMALL_ATTRIBUTE_SUFFIXES = (
    "_id",
    "_count",
    "_total",
    "_url",
    "_link",  # `webViewLink`, `htmlLink`: a URL
    "_name",
    "_type",
    "_at",
    "_date",
    "_time",
    "_sha",
    *("_sha1", "_sha256", "_sha512", "_md5", "_checksum", "_digest"),
    "_branch",
    "_hash",
    "_arn",
    "_uuid",
    "_uri",
    "_token",
    "_status",
    "_version",
    "_region",
    "_label",
    "_path",
    "_file",  # `log_file`, `output_file`: a file's path, not what it holds
    "_dir",  # `dump_dir`, `base_dir`: a folder's path, not what it holds
    "_directory",
    "_folder",
    "_filename",
    "_number",
    "_cursor",
    "_size",
    "_secs",
    "_seconds",
    "_ms",
    "_score",
)
# Prefixes of a flag's name: `is_error`, `has_more`.
# (`num_pages`, `total_messages`: a count; `max_read_lines`: a limit)
SMALL_ATTRIBUTE_PREFIXES = ("is_", "has_", "num_", "total_", "max_")
# Collection fields whose name says they hold what was read: as many items as the source has.
BULK_COLLECTION_WORDS = frozenset(
    {
        "results",
        "items",
        "rows",
        "records",
        "documents",
        "docs",
        "messages",
        "entries",
        "hits",
        "matches",
        "chunks",
        "passages",
        "lines",
        "logs",
        "events",
        "comments",
        "posts",
        "articles",
        "pages",
        "data",
        "content",
        "contents",
        "history",
        "transcript",
        "sources",
        "snippets",
        "issues",
        "emails",
        "memories",
        "nodes",
        "replies",
        "responses",
        "answers",
        "reviews",
        "notes",
        "observations",
        "outputs",
        "papers",
        "products",
        "users",
        "repos",
        "repositories",
    }
)


# Verbs that list or look records up without naming what they hold (`client.tags.list()`,
# `get_branches`), as opposed to the words of a listing of content (`messages().list()`,
# `crawl_url`, `search`, `documents.list()`).
_RECORD_LISTING_VERBS = RECORD_VERBS | {"list", "select", "iter", "ls", "all"}
_CONTENT_ITEM_WORDS = (CONTENT_WORDS | BULK_COLLECTION_WORDS) - _RECORD_LISTING_VERBS


def lists_short_records(names: list[str]) -> bool:
    """The names along a call (`tags`, `list`) name a listing of records by what they are, not
    content: a page of them the code keeps to at most `FEW_ROWS_LIMIT` (`page_size` with
    `le=100`, `min(limit, 100)`) is a page of short records, whatever the model leaves it at. On
    the labelled sets, 15 such listings flagged `medium` (a GitLab server's branches, pipelines
    and releases, a document manager's tags and correspondents, transactions clamped to 50) were
    all judged capped."""
    return not any(set(name_words(name)) & _CONTENT_ITEM_WORDS for name in names)


# Items that are texts themselves, written by people (their main field is free text): a page of
# twenty stories, issues or messages, whole, is a bulk.
_TEXT_ITEMS = _CONTENT_RECORDS | {
    "story",
    "document",
    "page",
    "chunk",
    "comment",
    "review",
    "issue",
    "ticket",
    "message",
}


def lists_text_items(names: list[str]) -> bool:
    """`GET /stories`, `client.list_articles`, `posts.list`: a name along a call, or the path it
    requests, ends with items that are texts themselves (`_TEXT_ITEMS`), in the plural."""
    for name in names:
        words = name_words(name)
        last = words[-1] if words else ""
        if last.endswith("ies") and last[:-3] + "y" in _TEXT_ITEMS:
            return True
        if _plural(last) and last[:-1] in _TEXT_ITEMS:
            return True
    return False


# Collection fields that hold a few entries by nature: settings and descriptions of one thing.
FEW_ITEM_COLLECTION_WORDS = frozenset(
    {
        "metadata",
        "meta",
        "properties",
        "attributes",
        "headers",
        "options",
        "settings",
        "config",
        "params",
        "parameters",
        "coordinates",
        "dimensions",
        "style",
        "styles",
        "position",
        "actions",
        "steps",
    }
)


# A text field named for a whole text, not a line about one.
LONG_TEXT_WORDS = frozenset(
    {"body", "content", "contents", "text", "report", "markdown", "html", "document", "transcript", "article", "essay"}
    | {"code", "source", "log", "logs", "page", "raw", "output", "draft", "story", "chapter", "translation"}
)


# A `str` field of a return contract named for a whole text (BL002's `medium`). Read by hand on
# the reviewed sets (`benchmarks/reviewed/`, 60 BL002 findings): fields named for content or
# output held large text in 4 of 8; named `description`, `answer`, `response`, `context` or
# `code` (a lint rule's code), in 1 of 16; named for anything else, in 1 of 31.
WHOLE_TEXT_FIELD_WORDS = LONG_TEXT_WORDS - {"source", "code"}


def names_whole_text(name: str) -> bool:
    """`body`, `page_content`, `raw_output`: a `str` field named for a whole text."""
    return bool(set(name_words(name)) & WHOLE_TEXT_FIELD_WORDS)


def holds_long_text(name: str, kind: str) -> bool:
    """`body: str`, `report_markdown: str`, `search_results: list`: a field meant for a whole text
    or for what was read, rather than for a line (`summary`, `title`) or a few entries."""
    if kind == "collection":
        return collection_size_by_name(name) == "bulk"
    words = name_words(name)
    return kind == "str" and bool(set(words) & LONG_TEXT_WORDS)


def collection_size_by_name(name: str) -> str:
    """`search_results` -> "bulk", `node_metadata` -> "few", `values` -> "": what a collection
    field's last word says about how many items it holds."""
    words = name_words(name)
    if not words:
        return ""
    if words[-1] in BULK_COLLECTION_WORDS:
        return "bulk"
    return "few" if words[-1] in FEW_ITEM_COLLECTION_WORDS else ""


CAMEL_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


# Fields that hold a status or error message: short as text (`result["message"]` of an
# operation), but the same name is an object elsewhere (`response["message"]["content"]` of a
# chat API), so what is read out of one is unknown.
MESSAGE_FIELDS = frozenset({"message", "msg", "error", "error_message", "errormessage", "status_message", "detail"})


def is_message_field(name: str) -> bool:
    return name.lower().replace("-", "_") in MESSAGE_FIELDS


# The last word of a function's name that says it gives an identifier, a link, a path or a count
# (`validate_path(p)`, `build_url(...)`, `get_user_id()`, `row_count()`): short whatever it is
# given. Not `status`/`state`/`title`, which a function may answer with a report.
IDENTIFIER_WORDS = frozenset(
    {"id", "uuid", "guid", "uid", "url", "uri", "path", "filename", "sha", "hash", "checksum", "digest", "arn"}
    | {"doi", "isbn", "issn", "slug", "count"}
)


# Verbs that make or look up a short value (`build_ui_url`, `get_file_path`, `compute_hash`), not
# ones that read what it points to (`fetch_url`, `read_path`).
_MAKING_VERBS = frozenset(
    {"build", "make", "get", "format", "compose", "construct", "create", "generate", "join", "resolve"}
    | {"normalize", "normalise", "sanitize", "sanitise", "clean", "compute", "derive", "to", "new", "current"}
)


def names_short_text(name: str) -> bool:
    """`get_version`, `_read_package_version`, `build_ui_url`, `make_file_path`: a function of the
    tree named for a version, or made to give an identifier, a link or a path (`names_identifier`
    after a verb that makes one). Said of a function annotated to return text, it is that text."""
    words = name_words(name)
    if words and words[-1] == "version":
        return True
    return len(words) > 1 and words[0] in _MAKING_VERBS and names_identifier(name)


# The last word of the name that ends a request's path when that path asks for one resource by its
# key (`/findings/{finding_id}`, `/users/{username}`); not a path or a URL, which locate content.
RESOURCE_KEY_WORDS = frozenset({"id", "uuid", "guid", "uid", "slug", "sha", "arn", "key", "number", "name"})

# Collections whose one item is itself a body of text (`/documents/{doc_id}`, `/pages/{slug}`).
CONTENT_COLLECTION_WORDS = frozenset(
    {"documents", "docs", "files", "blobs", "pages", "articles", "posts", "messages", "emails", "mails"}
    | {"comments", "notes", "logs", "transcripts", "attachments", "chunks", "contents", "raw", "download"}
    | {"downloads", "export", "exports", "reports", "memories", "snippets", "sources", "wiki", "readme"}
)


_CONTENT_SEGMENT_WORDS = CONTENT_COLLECTION_WORDS | CONTENT_WORDS


def names_one_resource(collection: str, key: str, parent: str = "") -> bool:
    """`/findings/{finding_id}`: the path's last segment is the key of an item of a collection whose
    items are records (not `/documents/{doc_id}`, `/files/{name}`, `/pages/{slug}`): one record;
    also under a singular segment the key is named for (`/chart/{chart_id}`), unless that segment
    filters a collection before it (`parent`: `/tickets/customer/{customer_id}`)."""
    words = name_words(key)
    segment = name_words(collection)
    keyed = bool(words) and (words[-1] in RESOURCE_KEY_WORDS or words[-1].endswith(("id", "name")))
    above = name_words(parent)
    filtered = bool(above) and _plural(above[-1], longer_than=3)
    if keyed and segment and not set(segment) & _CONTENT_SEGMENT_WORDS and words[:-1][-1:] == segment[-1:]:
        return not filtered  # `/api/v1/chart/{chart_id}`: an API that names its collections in the singular
    if not (keyed and segment and _plural(segment[-1], longer_than=3)) or set(segment) & _CONTENT_SEGMENT_WORDS:
        return False  # `/tickets/customer/{customer_id}`: a listing filtered by a customer
    # The key is the collection's own (`/tickets/{ticket_id}`, `/users/{username}`), not another
    # record's (`/invoices/{customer_id}`: a customer's invoices).
    owner = words[:-1]
    plural = segment[-1]
    # (`validated_id`, `encoded_key`: the collection's own key, checked or encoded first)
    told_apart = bool(owner) and len(owner[-1]) > 4 and owner[-1].endswith("ed") and not owner[-1].endswith("eed")
    return not owner or told_apart or owner[-1] in (plural[:-1], plural[:-2], plural[:-3] + "y")


def names_node_id(key: str, base: str | None = None) -> bool:
    """`ad_id`, `campaign_uuid`: the id of a node of a kind that is a record, not a body of text
    (`document_id`, `page_id`), nor a bare `id` that says nothing of what it keys; under a `base`
    not named for a collection of another kind (`LABELS_API` for an `order_id`: an order's label)."""
    words = name_words(key)
    kinds = set(words[:-1])
    if not (len(words) >= 2 and words[-1] in _ID_WORDS) or kinds & (_CONTENT_SEGMENT_WORDS | _BODY_NODE_WORDS):
        return False
    collections = [word for word in name_words(base or "") if _plural(word, longer_than=3)]
    return all(word[:-1] in kinds or word[:-2] in kinds for word in collections)


_ID_WORDS = frozenset({"id", "uuid", "guid", "uid"})
# Nodes that hold a body of text or of other records: one of them is not a small record.
_BODY_NODE_WORDS = frozenset(word.removesuffix("s") for word in CONTENT_COLLECTION_WORDS) | frozenset(
    {"thread", "conversation", "chat", "issue", "ticket", "commit", "diff", "run", "job", "build", "execution"}
    | {"video", "image", "dataset", "table", "sheet", "spreadsheet", "notebook", "repo", "repository", "folder"}
    | {"directory", "dir", "paper", "story", "mail", "content", "attachment", "transcript", "workflow", "trace"}
)


# Modules whose functions compute numbers: a calculator's table of them gives numbers.
ARITHMETIC_MODULES = ("operator.", "math.", "cmath.", "statistics.")


def names_identifier(name: str) -> bool:
    """A function named for the identifier it gives (`validate_path`, `get_session_id`), or for
    a number it counts (`GetNumNodes`, `get_number_of_pages`, `count_tokens`)."""
    words = name_words(name)
    if len(words) < 2 or words[0] in _READING_WHAT_IT_NAMES:
        return False
    counts = words[0] == "count" or words[0] in RECORD_VERBS and words[1] in ("num", "number", "count", "total")
    return words[-1] in IDENTIFIER_WORDS or counts


# Verbs that read what a link or a path points to (`scrape_url`, `fetch_url`, `read_path`): the
# answer is the page or the file, not the identifier the name ends with.
_READING_WHAT_IT_NAMES = frozenset({"fetch", "read", "scrape", "crawl", "browse", "visit"})


# HTML elements whose text is a line: a link, a heading, a label (not a paragraph, a list item, a
# `div` or `code`, which may hold anything). Their text in a scraped page is short.
SHORT_TEXT_TAGS = frozenset(
    {"a", "h1", "h2", "h3", "h4", "h5", "h6", "title", "span", "time", "label", "button", "strong", "b", "em", "cite"}
)
# BeautifulSoup's methods that find elements by a tag name or a CSS selector.
ELEMENT_FINDERS = frozenset({"find", "find_all", "findAll", "select", "select_one"})


def selects_short_text(selector: str) -> bool:
    """`"a"`, `"h3"`, `"a.result__a"`, `"div.result > h2 a"`: the element selected is one whose
    text is a line (`SHORT_TEXT_TAGS`)."""
    last = re.split(r"[\s>+~]+", selector.strip())[-1]
    tag = re.split(r"[.#\[:]", last, maxsplit=1)[0].lower()
    return tag in SHORT_TEXT_TAGS


# Verbs by which a function says it cuts what it is given to a size (`truncate_response`,
# `textwrap.shorten`); not `limit`, which as often filters (`limit_to_user`).
# Nor `trim`, as often of whitespace, nor `clip`, as often of numbers (`np.clip`).
_CUTTING_VERBS = frozenset({"truncate", "shorten", "abbreviate", "ellipsize"})


def names_a_cut(name: str) -> bool:
    """A function named for cutting what it is given: `truncate_response`, `_shorten`."""
    words = name_words(name)
    return bool(words) and words[0] in _CUTTING_VERBS


def is_small_field(name: str) -> bool:
    """`status`, `user_id`, their camelCase spellings in JSON (`timeZoneId`, `htmlUrl`) and
    hyphenated ones in HTTP headers (`content-type`): a field whose name says it holds a short value."""
    if name.startswith("_") and not name.endswith("__"):
        name = name.lstrip("_")  # `self._max_rows`, `self._session_id`: private, the same value
    snake = (CAMEL_HUMP.sub("_", name) if not name.isupper() else name).lower().replace("-", "_")
    return any(
        candidate in SMALL_ATTRIBUTES
        or candidate.endswith(SMALL_ATTRIBUTE_SUFFIXES)
        or candidate.startswith(SMALL_ATTRIBUTE_PREFIXES)
        for candidate in {name, snake}
    )


# The rows of a query whose only column is an aggregate are numbers:
# `conn.execute("SELECT COUNT(*) FROM t").fetchone()`.
ROW_METHODS = frozenset(
    {"fetchone", "fetchall", "fetchmany", "scalar", "scalar_one", "first", "one", "fetchrow", "fetchval", "fetch_one"}
)
# Methods that give one row of a query's result (`cursor.fetchone()`, `session.scalar(q)`, asyncpg's
# `conn.fetchrow(q)` and `fetchval(q)`, the `databases` package's `fetch_one(q)` and `fetch_val(q)`).
ONE_ROW_METHODS = frozenset(
    {"fetchone", "scalar", "scalar_one", "scalar_one_or_none", "one", "one_or_none", "first"}
    | {"fetchrow", "fetchval", "fetch_one", "fetch_val"}
)

# Methods that run the query they are given and answer with its rows, a row or a value (asyncpg's
# `conn.fetch(q)`, `fetchrow(q)`, `fetchval(q)`; the `databases` package's `fetch_all(query=q)`).
QUERY_ROW_METHODS = frozenset({"fetch", "fetchrow", "fetchval", "fetch_all", "fetch_one", "fetch_val"})

# A SQL `LIMIT` clause in a query's text, or its spellings in SQL Server (`SELECT TOP (50)`) and
# the standard (`FETCH FIRST 50 ROWS ONLY`): a number (`LIMIT 50`) or a placeholder (`LIMIT ?`,
# PostgreSQL's and asyncpg's `LIMIT $2`, BigQuery's `LIMIT @n`).
QUERY_LIMIT = re.compile(
    r"\b(?:LIMIT\s+|SELECT\s+(?:DISTINCT\s+)?TOP\s*\(?\s*|FETCH\s+(?:FIRST|NEXT)\s+)(\d+|\?|%s|%\(\w+\)s|:\w+|\$\d+|@\w+|\{)",
    re.IGNORECASE,
)
# At most this many rows asked for by a literal `LIMIT`: a short page of rows.
FEW_ROWS_LIMIT = 100
# Byte offsets that fall between characters: a tree-sitter syntax node's `start_byte` and
# `end_byte` are the edges of its tokens in the source it parsed (BL005 does not flag a cut there).
CHARACTER_BOUNDARY_ATTRIBUTES = frozenset({"start_byte", "end_byte"})
# Methods that give a query job's rows (BigQuery's `job.result()`, `to_dataframe()`, an ORM's
# `all()`): as many as the query's `LIMIT` asks for, when it says.
QUERY_RESULT_METHODS = frozenset({"result", "to_dataframe", "to_arrow", "all", "fetch"})
# Methods that write a table out as text (`df.to_string()`): as many rows as the query gave.
TABLE_TEXT_METHODS = frozenset({"to_string", "to_markdown", "to_csv", "to_html"})
# A data frame's methods that keep its first, last or top rows by a count (`head` and `tail`: 5
# when not given).
FIRST_ROWS_METHODS = frozenset({"head", "tail", "nlargest", "nsmallest"})

# pandas' functions and constructors that make a DataFrame or Series (`pd.read_csv(url)`), and the
# methods of one that give another (`df.sort_values("price")`, `df.groupby("team").sum()`). As text
# (`str(df)`, an f-string, what a framework makes of a returned frame) a frame is what pandas'
# display options let through: at most 60 rows (10 of a longer one), 20 columns and 50 characters
# a cell. Its exports are all of it (`to_csv()`, `to_string()`, `to_dict()`, `values`): not here.
# (On the labelled sets, 9 findings on such a text, in 7 trees, were judged capped.)
FRAME_MAKERS = frozenset(
    {"DataFrame", "Series", "from_dict", "from_records", "concat", "merge", "json_normalize", "pivot_table"}
    | {"crosstab", "melt", "get_dummies"}
    | {"read_csv", "read_table", "read_excel", "read_json", "read_parquet", "read_feather", "read_sql"}
    | {"read_sql_query", "read_sql_table", "read_fwf", "read_orc", "read_stata", "read_spss", "read_sas"}
)
FRAME_METHODS = frozenset(
    {"head", "tail", "nlargest", "nsmallest", "sample", "sort_values", "sort_index", "query", "filter"}
    | {"drop", "dropna", "fillna", "drop_duplicates", "rename", "reset_index", "set_index", "reindex"}
    | {"astype", "round", "assign", "copy", "transpose", "merge", "join", "pivot", "pivot_table"}
    | {"groupby", "agg", "aggregate", "describe", "value_counts", "count", "sum", "mean", "median"}
    | {"min", "max", "std", "var", "corr", "cov", "nunique", "resample", "unstack", "stack", "melt"}
)

# What makes an agent (a class, or a framework's factory), whose run answers with the agent's own
# free text: a tool that asks a sub-agent (`cost_agent = Agent(...)` ... `str(cost_agent(query))`)
# returns whatever that agent writes, as long as it likes.
AGENT_MAKERS = frozenset(
    {
        "strands.Agent",
        "strands.agent.Agent",
        "strands.agent.agent.Agent",
        "smolagents.CodeAgent",
        "smolagents.ToolCallingAgent",
        "agno.agent.Agent",
        "agno.team.Team",
        "crewai.Crew",
        "pydantic_ai.Agent",
        "autogen_agentchat.agents.AssistantAgent",
        "langgraph.prebuilt.create_react_agent",
        "langchain.agents.create_agent",
        "deepagents.create_deep_agent",
    }
)
# Calling such an agent, or one of these methods of it, runs it.
AGENT_RUN_METHODS = frozenset(
    {"run", "arun", "run_sync", "invoke", "ainvoke", "kickoff", "kickoff_async", "invoke_async", "chat", "achat"}
)
AGENT_MAKER_ROOTS = frozenset(name.split(".", 1)[0] for name in AGENT_MAKERS)
# Runners that run the agent they are given: `await Runner.run(agent, query)`.
AGENT_RUN_CALLS = frozenset({"agents.Runner.run", "agents.Runner.run_sync"})

# The methods of a tool object that run its function with a dict of its arguments
# (`search_tools.invoke({"query": q})` of a LangChain `@tool`).
TOOL_INVOKE_METHODS = frozenset({"invoke", "ainvoke", "run", "arun"})

# Calls that run their first argument, with the rest as its arguments, in a thread or a pool:
# `await asyncio.to_thread(fetch, url)` answers what `fetch(url)` does.
RUN_ELSEWHERE_CALLS = frozenset(
    {
        "asyncio.to_thread",
        "anyio.to_thread.run_sync",
        "starlette.concurrency.run_in_threadpool",
        "fastapi.concurrency.run_in_threadpool",
    }
)
# Calls that run a coroutine to its end and give what it returns (`asyncio.run(fetch(url))`,
# `loop.run_until_complete(fetch(url))`): `fetch(url)`, awaited. `run_until_complete` is matched
# by its method name, as the loop is most often a variable.
RUN_COROUTINE_CALLS = frozenset({"asyncio.run"})
RUN_COROUTINE_METHODS = frozenset({"run_until_complete"})

# Result types of which the model sees one channel: (keyword, position, key in that dict). A
# `ToolMessage`'s `content`, not its `artifact`; a LangGraph `Command`'s `update["messages"]`,
# not the rest of the state update.
MODEL_CHANNELS: dict[str, tuple[str, int | None, str | None]] = {
    "langchain_core.messages.ToolMessage": ("content", 0, None),
    "langchain_core.messages.tool.ToolMessage": ("content", 0, None),
    "langchain.messages.ToolMessage": ("content", 0, None),
    "langgraph.types.Command": ("update", None, "messages"),
}

# Keywords of a library result type that carry what the model never sees: an MCP result's `meta`
# goes to the client application, not into the conversation, so `CallToolResult(content=[...],
# meta={"raw": body})` is as large as its content.
UNSEEN_KEYWORDS: dict[str, frozenset[str]] = {
    "mcp.types.CallToolResult": frozenset({"meta", "_meta"}),
    "mcp.types.TextContent": frozenset({"meta", "_meta", "annotations"}),
    "mcp.types.ImageContent": frozenset({"meta", "_meta", "annotations"}),
    "mcp.types.AudioContent": frozenset({"meta", "_meta", "annotations"}),
    "mcp.types.EmbeddedResource": frozenset({"meta", "_meta", "annotations"}),
    "fastmcp.tools.tool.ToolResult": frozenset({"meta"}),
    "fastmcp.tools.ToolResult": frozenset({"meta"}),
}

# MCP content blocks and results: pydantic models the MCP server serialises as they are. A
# checkpoint around them (`truncate_for_llm`) would return plain dicts, which a server turns into
# JSON text: the client gets another kind of result. Only the `text` of a `TextContent` is cut.
MCP_CONTENT_TYPES = frozenset(
    {
        "mcp.types.TextContent",
        "mcp.types.ImageContent",
        "mcp.types.AudioContent",
        "mcp.types.EmbeddedResource",
        "mcp.types.ResourceLink",
        "mcp.types.ContentBlock",
        "mcp.types.Content",
        "mcp.types.CallToolResult",
    }
)
MCP_TEXT_BLOCK = "mcp.types.TextContent"

# A query for the columns of one table: a few rows, one per column. `DESCRIBE` names one table
# and nothing more (`DESCRIBE orders`, `DESC TABLE db.t`): `describe pods {name}` is a command.
ONE_TABLE_SCHEMA_QUERY = re.compile(
    r"^\s*(?:pragma\s+table_(?:x)?info\b"
    r"|(?:describe|desc)\s+(?:(?:table|view|extended|formatted)\s+)?[^\s;]+\s*;?\s*$"
    r"|show\s+(?:full\s+)?columns\b"
    r"|select\b.*\binformation_schema\.columns\b.*\bwhere\b.*\btable_name\b)",
    re.IGNORECASE | re.DOTALL,
)

# A query whose every column is an aggregate (`SELECT COUNT(*) FROM t`, `SELECT COUNT(*) AS total,
# COUNT(*) FILTER (WHERE ok) AS ok, AVG(score) FROM t`): one row of numbers.
_AGGREGATE = r"(?:count|sum|avg|min|max|total)\s*\([^()]*\)(?:\s*filter\s*\([^()]*(?:\([^()]*\)[^()]*)*\))?"
AGGREGATE_QUERY = re.compile(
    rf"^\s*select\s+{_AGGREGATE}\s*(?:as\s+\w+\s*)?(?:,\s*{_AGGREGATE}\s*(?:as\s+\w+\s*)?)*(?:from\b|;?\s*$)",
    re.IGNORECASE,
)

# A query whose one row may be a document: every column (`SELECT * FROM t`, `SELECT t.*`), one
# column or value (`SELECT contract FROM partners WHERE ...`, `SELECT memory.get_all(%s)`: the
# row is that value), or an aggregate that folds every row into one (`group_concat(slug)`).
_EVERY_COLUMN_OR_ONE = re.compile(
    r"\bselect\s+(?:distinct\s+)?(?:(?:\w+\.)?\*|[^,;\s][^,;]*?(?:\bfrom\b|;|$))", re.IGNORECASE | re.MULTILINE
)
# Calls that parse a whole document out of a file object (`json.load(f)`, `yaml.safe_load(f)`).
FILE_DOCUMENT_LOADS = frozenset(
    {"json.load", "orjson.load", "ujson.load", "simplejson.load", "yaml.safe_load", "yaml.load", "yaml.full_load"}
    | {"tomllib.load", "tomli.load", "toml.load"}
)

# A query for every column of a table (`SELECT * FROM t`, `SELECT DISTINCT o.* FROM orders o`).
EVERY_COLUMN = re.compile(r"\bselect\s+(?:distinct\s+)?(?:\w+\.)?\*", re.IGNORECASE)
# The one column such a query names, also as `t.status` or `status AS state`.
_ONE_NAMED_COLUMN = re.compile(
    r"select\s+(?:distinct\s+)?(?:\w+\.)?[\"`]?(\w+)[\"`]?(?:\s+as\s+[\"`]?\w+[\"`]?)?\s*(?:\bfrom\b|;|$)",
    re.IGNORECASE,
)
_FOLDING_AGGREGATE = re.compile(
    r"\b(?:group_concat|string_agg|array_agg|json_agg|jsonb_agg|json_group_array|json_group_object"
    r"|listagg|xmlagg|json_arrayagg|json_objectagg)\s*\(",
    re.IGNORECASE,
)


# A query written in the code (to tell a function that writes its own from one that runs another's).
WRITES_A_QUERY = re.compile(r"\bselect\b", re.IGNORECASE)


def reads_a_table_of_texts(query: str) -> bool:
    """`... FROM memories`, `JOIN chat_messages`: a table whose rows hold a body of text."""
    for table in _QUERY_TABLE.findall(query):
        words = name_words(table.rsplit(".", 1)[-1])
        if any(word in _TEXT_TABLE_WORDS or word + "s" in CONTENT_COLLECTION_WORDS for word in words):
            return True
    return False


_QUERY_TABLE = re.compile(r"\b(?:from|join)\s+[`\"\[]?([\w.]+)", re.IGNORECASE)
_TEXT_TABLE_WORDS = CONTENT_COLLECTION_WORDS | frozenset(
    {"memory", "memories", "context", "content", "history", "transcript", "conversation", "conversations"}
    | {"article", "email", "knowledge", "embeddings", "embedding"}
)


def row_of_one_value(query: str) -> bool:
    """The one row `query` answers may be a document (see above). Commas inside calls
    (`SELECT f(a, b)`) do not separate columns."""
    flat = query
    for _ in range(3):
        flat = re.sub(r"\([^()]*\)", "()", flat)
    if _FOLDING_AGGREGATE.search(query) is not None:
        return True
    found = _EVERY_COLUMN_OR_ONE.search(flat)
    if found is None:
        return False
    # `SELECT status FROM orders WHERE id = $1`: one column named for a short value
    column = _ONE_NAMED_COLUMN.match(found.group(0))
    return column is None or not is_small_field(column.group(1))


def writes_to_a_file(method: str) -> bool:
    """`stream_to_file(path)`, `download_to_filename(path)`, `save_to_disk(path)`: a method that
    writes its content out, and answers with nothing, a count or the path, not the content."""
    words = name_words(method)
    return len(words) >= 2 and words[-2] == "to" and words[-1] in ("file", "filename", "disk", "path")


# Stores of secrets by what they are called (`credentials`, `self.secrets`, `keyring`; not `vault`,
# which as often holds notes as secrets), and the verbs that read one out
# (`credentials.get("slack")`, `keyring.get_password(...)`, `secret_store.get_by_alias(...)`):
# what they give is a token, a key or a password, short.
SECRET_STORES = frozenset(
    {"credentials", "creds", "credential_store", "credentials_store", "credential_manager", "secrets"}
    | {"secret_store", "secrets_store", "secret_manager", "secrets_manager", "keyring", "keychain"}
)
_SECRET_READING_VERBS = frozenset({"get", "fetch", "load", "lookup", "resolve", "retrieve", "access"})


def reads_a_secret(receiver: str, method: str) -> bool:
    """`credentials.get_by_alias(...)`, `keyring.get_password(...)`: a read of one secret."""
    return receiver.lower().lstrip("_") in SECRET_STORES and method.split("_")[0] in _SECRET_READING_VERBS


# Of SMALL_METHODS, those whose name is common on other objects, where the
# result is anything: `str.find` is an int, `collection.find(q)` a cursor of
# documents, `api.update(...)` a response. Small only on data, not on an object
# we know nothing about.
RECEIVER_SMALL_METHODS = frozenset(
    {"find", "rfind", "index", "rindex", "count", "add", "update", "write", "insert", "remove", "clear", "close"}
)

# Methods that put what they are given into the list, set or dict they are called on.
FILLING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "appendleft", "setdefault"})
# Methods that grow their receiver with their argument: those, and a stream's writes.
GROWING_METHODS = FILLING_METHODS | frozenset({"write", "writelines"})

# Bound-type return annotations.
SMALL_ANNOTATIONS = frozenset(
    {
        *("int", "float", "bool", "None", "complex", "Literal", "NoReturn", "Never"),
        # a path, a point in time, an id: short whatever made them (`-> Path` of `out / f"{id}.mp3"`)
        *("Path", "PurePath", "PosixPath", "WindowsPath", "datetime", "date", "time", "timedelta", "UUID"),
    }
)

# Dict keys and literal text that tell the model a value was cut.
MARKER_TEXT = re.compile(
    r"\.\.\.|…|truncat|omitted|elided|clipped|shortened|trimmed|\bcut\b|\bmore\b|remaining"
    # a label that says the model sees a part: "Sample keys: ...", "Preview:", "First 10 rows:",
    # "Last output:", "Log tail:"
    r"|\bsample\b|\bpreview\b|\bexcerpt\b|\bpartial\b|\bshowing\b|\b(?:first|last|top) \d+\b"
    r"|\btail\b|\blast (?:output|lines?|entries|messages|part)\b"
    # the same in the languages agent code is often written in: truncated/cut, omitted
    r"|截断|截斷|已截|省略|切り捨て|trunca[dt]|tronqu|gekürzt|abgeschnitten|abgekürzt|обрез|усеч",
    re.IGNORECASE,
)
TOLD_KEYS = re.compile(
    r"truncat|total|omitted|remaining|has_more|more|next_cursor|next_page|cursor|complete", re.IGNORECASE
)

# Parameter names that carry framework context, not the model's arguments.
CONTEXT_PARAMETERS = frozenset(
    {
        "self",
        "cls",
        "ctx",
        "context",
        "tool_context",
        "run_context",
        "runtime",
        "wrapper",
        "config",
        "callbacks",
        "run_manager",
        "state",
        "deps",
    }
)

# Single-byte encodings cannot be split mid-character.
SINGLE_BYTE_ENCODINGS = re.compile(r"^(ascii|us-ascii|latin[-_]?1|iso[-_]?8859.*|cp125\d|cp437|l1)$", re.IGNORECASE)
SAFE_DECODE_ERRORS = frozenset({"ignore", "replace", "backslashreplace", "surrogateescape", "surrogatepass"})


# Binary and media results (an image, an audio clip, a file's bytes): a text or
# JSON checkpoint would turn them into text, and a byte cut would break the
# file, so a fix is never offered for them. Matched on the qualified name of
# a library class; `Image`/`Audio`/`File` only under these libraries.
MEDIA_TYPE_TAILS = frozenset(
    {
        "ImageContent",
        "AudioContent",
        "BlobResourceContents",
        "ImageArtifact",
        "AudioArtifact",
        "BlobArtifact",
        "BinaryContent",
        "ToolOutputImage",
        "ToolOutputFileContent",
    }
)
MEDIA_TYPE_PREFIXES = ("mcp.", "fastmcp.", "agno.media.")
MEDIA_TYPE_GENERIC_TAILS = frozenset({"Image", "Audio", "File", "Video"})
BINARY_TYPES = frozenset({"builtins.bytes", "builtins.bytearray", "builtins.memoryview"})


# Of those, the ones the model sees as an image or a sound, never as text: what they carry costs
# tokens by resolution or length, not by bytes, and a text checkpoint cannot bound them.
PICTURE_AND_SOUND_TAILS = frozenset(
    {"ImageContent", "AudioContent", "ImageArtifact", "AudioArtifact", "BinaryContent", "ToolOutputImage"}
)


def is_picture_or_sound(qualified: str) -> bool:
    """`mcp.server.fastmcp.Image(data=png)`, `mcp.types.ImageContent(...)`: an image or audio block
    (not a file or blob, which may hold a text document)."""
    tail = qualified.rsplit(".", 1)[-1]
    generic = tail in MEDIA_TYPE_GENERIC_TAILS - {"File"} and qualified.startswith(MEDIA_TYPE_PREFIXES)
    return tail in PICTURE_AND_SOUND_TAILS or generic


def is_media_type(qualified: str) -> bool:
    """`mcp.types.ImageContent`, `fastmcp.utilities.types.Image`, `pydantic_ai.BinaryContent`."""
    tail = qualified.rsplit(".", 1)[-1]
    return tail in MEDIA_TYPE_TAILS or (tail in MEDIA_TYPE_GENERIC_TAILS and qualified.startswith(MEDIA_TYPE_PREFIXES))


# Library clients whose answers the library itself keeps short, by the defaults it documents: what
# `run()` of LangChain's search and lookup wrappers gives is the snippets of a few results, or
# documents joined and cut to `doc_content_chars_max` (2,000-4,000 characters by default), and
# Tavily's `search` gives five results of short snippets unless asked for each page's raw content.
# By the class's package and name, then: the methods so capped, and the keywords that lift the cap
# when the class is made with them or the method is called with them (other than `False`/`None`).
_LANGCHAIN_PACKAGES = frozenset({"langchain", "langchain_community", "langchain_google_community"})
_WRAPPED_SEARCH = (frozenset({"run", "arun", "results"}), frozenset[str]())
_WRAPPED_DOCUMENTS = (frozenset({"run", "arun"}), frozenset({"doc_content_chars_max", "top_k_results"}))
_WRAPPER_TOOL = (frozenset({"run", "arun", "invoke", "ainvoke"}), frozenset({"api_wrapper"}))
_TAVILY_SEARCH = (
    frozenset({"search", "qna_search", "get_search_context"}),
    frozenset({"include_raw_content"}),
)
CAPPED_CLIENTS: dict[str, tuple[frozenset[str], tuple[frozenset[str], frozenset[str]]]] = {
    "BingSearchAPIWrapper": (_LANGCHAIN_PACKAGES, _WRAPPED_SEARCH),
    "GoogleSearchAPIWrapper": (_LANGCHAIN_PACKAGES, _WRAPPED_SEARCH),
    "GoogleSerperAPIWrapper": (_LANGCHAIN_PACKAGES, _WRAPPED_SEARCH),
    "DuckDuckGoSearchAPIWrapper": (_LANGCHAIN_PACKAGES, _WRAPPED_SEARCH),
    "SerpAPIWrapper": (_LANGCHAIN_PACKAGES, (frozenset({"run", "arun"}), frozenset[str]())),
    "WolframAlphaAPIWrapper": (_LANGCHAIN_PACKAGES, (frozenset({"run"}), frozenset[str]())),
    "DallEAPIWrapper": (_LANGCHAIN_PACKAGES, (frozenset({"run"}), frozenset[str]())),  # image links
    "PubMedAPIWrapper": (_LANGCHAIN_PACKAGES, _WRAPPED_DOCUMENTS),
    "WikipediaAPIWrapper": (_LANGCHAIN_PACKAGES, _WRAPPED_DOCUMENTS),
    "ArxivAPIWrapper": (_LANGCHAIN_PACKAGES, _WRAPPED_DOCUMENTS),
    "TavilySearchAPIWrapper": (_LANGCHAIN_PACKAGES, (frozenset({"results", "results_async"}), _TAVILY_SEARCH[1])),
    # LangChain's tools made of those wrappers answer what their wrapper does; one made with
    # another `api_wrapper` answers what that one does.
    "BingSearchRun": (_LANGCHAIN_PACKAGES, _WRAPPER_TOOL),
    "DuckDuckGoSearchRun": (_LANGCHAIN_PACKAGES, _WRAPPER_TOOL),
    "GoogleSearchRun": (_LANGCHAIN_PACKAGES, _WRAPPER_TOOL),
    "GoogleSerperRun": (_LANGCHAIN_PACKAGES, _WRAPPER_TOOL),
    "WolframAlphaQueryRun": (_LANGCHAIN_PACKAGES, _WRAPPER_TOOL),
    "PubmedQueryRun": (_LANGCHAIN_PACKAGES, _WRAPPER_TOOL),
    "WikipediaQueryRun": (_LANGCHAIN_PACKAGES, _WRAPPER_TOOL),
    "ArxivQueryRun": (_LANGCHAIN_PACKAGES, _WRAPPER_TOOL),
    "TavilyClient": (frozenset({"tavily"}), _TAVILY_SEARCH),
    "AsyncTavilyClient": (frozenset({"tavily"}), _TAVILY_SEARCH),
    # LangChain's Tavily tools answer Tavily's five results of snippets by default (`max_results: int
    # = 5` in langchain_community 0.3, the API's default in langchain_tavily 0.2); the model's input
    # cannot ask for raw content, only the code that makes the tool can.
    "TavilySearchResults": (_LANGCHAIN_PACKAGES, (_WRAPPER_TOOL[0], _TAVILY_SEARCH[1])),
    "TavilySearch": (frozenset({"langchain_tavily"}), (_WRAPPER_TOOL[0], _TAVILY_SEARCH[1])),
}


def capped_answers(qualified: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """For the qualified name of a class that `CAPPED_CLIENTS` knows (`tavily.TavilyClient`,
    `langchain_community.utilities.bing_search.BingSearchAPIWrapper`): its capped methods and the
    keywords that lift the cap. None for any other name, a class of that name in another package too."""
    package, _, tail = qualified.partition(".")
    known = CAPPED_CLIENTS.get(qualified.rsplit(".", 1)[-1])
    if known is None or not tail or package not in known[0]:
        return None
    return known[1]
