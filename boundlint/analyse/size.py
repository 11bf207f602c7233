"""What the analysis knows about the size of a value.

Three levels, ordered: BOUNDED (provably small), SILENT (small because it was
cut by a slice that nothing tells the model about), UNBOUNDED (can carry
arbitrary data). Joining two verdicts keeps the worse one, which is how "every
reaching assignment is bounded" falls out of a forward data-flow pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from boundlint.core.findings import CONFIDENCE_ORDER
from boundlint.knowledge.data_sources import reason_names_bulk_data
from boundlint.project.module import ModuleInfo

BOUNDED = 0
SILENT = 1
UNBOUNDED = 2

HIGH = "high"
MEDIUM = "medium"
LOW = "low"


@dataclass(frozen=True)
class Verdict:
    level: int
    reason: str = ""  # e.g. "the response body `resp.text`"
    node: cst.CSTNode | None = None  # where the reason is, for its line
    module: ModuleInfo | None = None
    confidence: str = MEDIUM
    # Pydantic models (their ClassDef nodes) whose instances flow into this value.
    models: frozenset[cst.ClassDef] = field(default_factory=frozenset)
    # An object whose attributes and methods all give short values: a caught exception (`str(e)`
    # is its message), an Enum member, a date or a digest (`now.year`, `h.hexdigest()`).
    short_object: bool = False
    # The value is a collection of known, small size (a literal or a range).
    few_items: bool = False
    # The value is a filesystem path (`Path(p)`, `tmp / "out"`): its path methods give paths as
    # long as it, its `read_text()` gives a file.
    path: bool = False
    # A path inside the checked code's own folder (`Path(__file__).parent / "templates.json"`): a file
    # shipped with the code, whose size its authors chose; reading it is not reading outside data.
    bundled: bool = False
    # An object we know nothing about but a name (`store` handed to a factory, an injected `ctx`,
    # a closure's free variable): a handle, not data. What is read out of it is content only by
    # a content name (`store.documents`, `r.get(key)`), not by a plural alone (`pres.slides`).
    handle: bool = False
    # An HTTP response on the branch where its status says the request failed
    # (`if resp.status_code != 200:`): its body is an error page or message.
    failed: bool = False
    # An HTTP request that writes (POST, PUT, PATCH, DELETE), or its response: the body answers a
    # write, as often an acknowledgement or the record written as a bulk of data.
    written: bool = False
    # A child process of a program the code names that prints a status, not what it reads
    # (`subprocess.run(["helm", "lint", path])`), nor a command the model gives: its output is
    # most often a line or a few. Also such a command itself, given to a helper that runs it.
    fixed_command: bool = False
    # A child process whose program the code sets but does not spell (`[settings.terraform_bin,
    # *args]`, `f"{self.binary} status"`): neither a program known to print what it reads nor the
    # model's command, so what it prints is as often a status as a bulk (`medium`).
    code_program: bool = False
    # The output of a child process whose command is these parameters of a helper (`def
    # _run(cmd): return subprocess.run(cmd, ...)`): a line of status when each call gives it a
    # program the code names that prints one (`self._run(["git", "push"])`).
    command_params: frozenset[str] = field(default_factory=frozenset)
    # With `command_params`, the words the helper writes before them (`["helm", *args]`: helm):
    # each call's words complete the command (`_helm("rollback", name)`: a line of status).
    command_prefix: tuple[str, ...] = ()
    # With `command_params`, the parameter that names the program the helper runs before them
    # (`create_subprocess_exec(cmd, *args)`: each call's `cmd`, then its `args`).
    command_program: str = ""
    # A command this function hands to a helper that runs it, made of a parameter of its own
    # after words it writes (`run(["helm", *args])`, `run("kubectl", command.split())`): that
    # parameter and all the words before it, so the helper's output is judged at each call of
    # this function by the words that call gives (`kubectl("cordon node-1")`: a status).
    completes: tuple[str, tuple[str, ...]] | None = None
    # The answer of an HTTP request whose method or path is these parameters of a helper (`def
    # api(method, path): return requests.request(method, BASE + path).json()`): one record or an
    # acknowledgement when a call gives it PUT, PATCH or DELETE (`api("PUT", "issue")`) or the
    # path of one resource (`api("GET", f"/users/{user_id}")`).
    request_params: frozenset[str] = field(default_factory=frozenset)
    # An HTTP request that asks for a few items (`json={"maxResultCount": 10}`), or its response.
    asked_few: bool = False
    # A request or query that asks for at most a page of items (`limit=100`, `pageSize=50`) by a
    # count the code sets: a few short fields of each item stay small.
    asked_page: bool = False
    # Of `asked_few`, asked for a small page (`limit: int = Field(10, le=50)`, more than a few and
    # at most `SMALL_PAGE_LIMIT`): `low` as a whole, a page of names or short records; a content
    # field read out of each item (`e["body"]`) is `medium`: fifty bodies are a bulk.
    small_page: bool = False
    # An HTTP request for one resource by its key (`/findings/{finding_id}`): its JSON is one record.
    one_resource: bool = False
    # A literal (`"templates.json"`): joined with a bundled path, the path stays bundled; joined
    # with an argument, it may point anywhere the model says.
    literal: bool = False
    # An HTTP client, request or response (`requests.get(url)`, `httpx.AsyncClient()`, what their
    # methods give): its `.text`, `.content` and `.json()` are a response body. On any other object
    # those names are just names.
    http: bool = False
    # An instance of a class of the checked tree, made here (`server = TimeServer()`): its module's
    # name and the class's, so `server.convert_time(...)` is followed into that method.
    instance: tuple[str, str] | None = None
    # In a function of the tree summarised for its callers: the parameters whose values pass
    # into this one at their own size (`f"Result: {x}"`). Each call puts its arguments there.
    params: frozenset[str] = field(default_factory=frozenset)
    # A tuple of fixed shape (`return data, error`): each element's own verdict, so unpacking or
    # indexing it gets that element's, not the whole tuple's.
    elements: tuple[Verdict, ...] | None = None
    # A function's result that is such a tuple on some paths and something else on others
    # (`return body, kind` ... `return "Error: not found"`): the verdict of the other paths, so
    # that `if isinstance(loaded, str): return loaded` returns only what those paths give.
    otherwise: Verdict | None = None
    # A function's result that is text on some paths and data on the others (`return
    # response.json()` ... `return f"Error: {e}"`): what each kind of path gives, so that `if
    # isinstance(result, str): return result` returns only the text paths' messages.
    as_text: tuple[Verdict, Verdict] | None = None
    # A dict literal whose keys are all constant strings (`{"summary": s, "rows": rows}`): each
    # key's own verdict, so `result["summary"]` is as large as `s`, not as the whole dict.
    keys: tuple[tuple[str, Verdict], ...] | None = None
    # A mapping built by a comprehension (`{t["id"]: t["name"] for t in teams}`): the verdict of
    # each value, so that `names.get(team_id)` is one name, not the whole mapping.
    entry: Verdict | None = None
    # An instance of a class of the tree whose `__init__` sets these attributes: each one's
    # verdict with this construction's arguments (`Observation(text)` whose `__init__` cuts
    # `self.content = text[:N] + marker`: `obs.content` is bounded).
    fields: tuple[tuple[str, Verdict], ...] | None = None
    # A status or error message (`result["message"]`): short as text, but what is read out of it
    # (`["content"]`, `.text`) is unknown.
    message: bool = False
    # SILENT only because a helper cut these parameters (`name[:64]`): a label when each call
    # passes short values, a silent cut when a call passes a large one.
    cut_params: frozenset[str] = field(default_factory=frozenset)
    # SILENT by a cut to a few chosen to show (`errors[:3]`, `sha[:7]`): nothing the model asked
    # for is missing, so no finding of its own; an item of it is still an item of a cut.
    chosen_few: bool = False
    # A file read whose path is these parameters of a helper (`def read_json(path): return
    # json.loads(path.read_text())`): a file of the project when each call passes one.
    read_params: frozenset[str] = field(default_factory=frozenset)
    # A language model's answer (`response = llm.invoke(prompt)`): its `.content` and `.text` are
    # the answer's text, not an HTTP body, however the variable is named.
    model_answer: bool = False
    # A text file opened for reading (`open(path)`): what iterating it gives is one line, as
    # short as a record, however large the file.
    lines: bool = False
    # The culprit reached this value through a call of a function of the tree (`run_cli(cmd)`
    # of a helper that runs the command): what the helper does with it on the way is read, not
    # run, and on the labelled sets such findings were right as often as `medium` ones.
    through: bool = False
    # A model's answer capped by the tokens asked for (`max_tokens=500`): what is read out of it
    # (`r.choices[0].message.content`) is no larger, however its name reads.
    capped: bool = False
    # A pandas DataFrame or Series (`pd.read_csv(url)`, `df.sort_values(...)`): as text, what
    # pandas' display options let through (`src.FRAME_MAKERS`), so its `str()` and a tool's return
    # of the frame itself are bounded; its exports (`to_csv()`) are not.
    frame: bool = False
    # One item of a listing (`for filing in filings`, `rows[0]`, the match a helper found in a
    # list): as large as one record, whose fields are short unless named for content
    # (`filing.url` is a link, `doc.page_content` is a document).
    record: bool = False
    # The parsed JSON of an HTTP response (`resp.json()`): one document, whose fields by key are
    # its own. A field named for neither content, a payload nor a collection, written into a text
    # or a short-named slot (`f"{site['domain']}"`, `{"plan": data.get("plan")}`), is short;
    # `data["items"]`, `data["data"]`, a field returned as it is or iterated are the bulk.
    document: bool = False
    # Read out of such a document by keys named for short values, outside a text (`t =
    # data["current"]["temperature"]`): returned as it is, it may be a nested bulk, so the
    # document still; written into a text afterwards (`f"It is {t}"`), that short field.
    short_field: bool = False
    # A field read out of such a document, `low` by its name (`data["organic"]`): the document's
    # own confidence, which it takes back when it is iterated or indexed, as a collection is.
    field_of_document: str = ""
    # That record is an item of a collection the code cut to a few (`for r in ranked[:5]`): `low`
    # as a whole; a field named for content (`r["content"]`) is `low` written into a text (a
    # snippet in a line of a summary), `medium` passed on as it is.
    cut_item: bool = False
    # That record is the one row a query answers (`cursor.fetchone()`, `query.first()`): `low` as a
    # whole (a status, a profile, a setting), `medium` through a field named for content
    # (`row["content"]`), which may hold a document.
    one_row: bool = False
    # Of `params`, those that pass into this value only through a field not named for content
    # (`period.get("name")`, `filing.url` in a helper): short when the call passes one record.
    field_params: frozenset[str] = field(default_factory=frozenset)
    # Of `params`, those that pass into this value only through an attribute read out of them
    # (`body.body`, whatever its name): a model instance the call passes there is not itself in
    # the value, so it is no return contract of the caller for that.
    member_params: frozenset[str] = field(default_factory=frozenset)
    # A function of `operator` or `math` (`operator.add`), or a table of them (a calculator's
    # `{ast.Add: operator.add, ...}`): what a call of it gives is a number.
    arithmetic: bool = False
    # A library client made here whose answers the library keeps short (`client = TavilyClient(...)`:
    # `client.search(q)` is five short results by default): the methods so capped, and the keywords
    # that lift the cap when a call passes them (`include_raw_content=True`).
    capped_client: tuple[frozenset[str], frozenset[str]] | None = None

    @property
    def bounded(self) -> bool:
        return self.level == BOUNDED

    @property
    def cut_silently(self) -> bool:
        """Cut by a slice or a sized read, and not to a few chosen to show: data the model is not
        told is missing (BL004's finding)."""
        return self.level == SILENT and not self.chosen_few

    def with_models(self, models: frozenset[cst.ClassDef]) -> Verdict:
        if not models or models <= self.models:
            return self
        return replace(self, models=self.models | models)

    def with_params(self, params: frozenset[str]) -> Verdict:
        if not params or (params <= self.params and not params & (self.field_params | self.member_params)):
            return self
        return replace(
            self,
            params=self.params | params,
            field_params=self.field_params - params,
            member_params=self.member_params - params,
        )

    def with_params_of(self, other: Verdict) -> Verdict:
        """With `other`'s parameters, each passing as it passes into `other` (whole, or only
        through a field or an attribute read out of it): `json.dumps(x)` of such a value."""
        if not other.params:
            return self
        joined = self.with_params(other.params)
        return replace(
            joined,
            field_params=joined.field_params | other.field_params,
            member_params=joined.member_params | other.member_params,
        )

    def through_fields(self) -> Verdict:
        """The same value, its parameters passing only through short-named fields."""
        return replace(self, field_params=self.params, member_params=self.params) if self.params else self

    def through_members(self) -> Verdict:
        """The same value, its parameters passing only through attributes read out of them."""
        return replace(self, member_params=self.params) if self.params else self


_FIELD_NAMES = frozenset(Verdict.__dataclass_fields__)


def replace(verdict: Verdict, /, **changes: Any) -> Verdict:
    """`dataclasses.replace` of a verdict, without the generated `__init__` (one
    `object.__setattr__` per field): the analysis makes tens of thousands of changed copies in a
    run, for every join of every branch (2% of a cold one on Klavis)."""
    assert _FIELD_NAMES.issuperset(changes), changes
    copy = object.__new__(Verdict)
    copy.__dict__.update(verdict.__dict__)
    copy.__dict__.update(changes)
    return copy


BOUNDED_VALUE = Verdict(BOUNDED)
SHORT_OBJECT = Verdict(BOUNDED, short_object=True)
FEW_ITEMS = Verdict(BOUNDED, few_items=True)
# A few records with short fields: the machine's own figures (`psutil.disk_partitions()`, a record
# per device), a search library's answer that it keeps to a few results of snippets.
FEW_SHORT_RECORDS = Verdict(BOUNDED, short_object=True, few_items=True)
MESSAGE_TEXT = Verdict(BOUNDED, message=True)
LITERAL = Verdict(BOUNDED, literal=True)
ARITHMETIC = Verdict(BOUNDED, arithmetic=True)


def unbounded(reason: str, node: cst.CSTNode | None, module: ModuleInfo | None, confidence: str = MEDIUM) -> Verdict:
    return Verdict(UNBOUNDED, reason, node, module, confidence)


def handle(name: str, node: cst.CSTNode, module: ModuleInfo) -> Verdict:
    """An object known only by its name `name` (see `Verdict.handle`)."""
    return Verdict(UNBOUNDED, f"`{name}`", node, module, LOW, handle=True)


def join(a: Verdict, b: Verdict) -> Verdict:
    """The worse of two verdicts; models from both are kept."""
    if a.level != b.level:
        worse = a if a.level > b.level else b
    elif a.level == UNBOUNDED and CONFIDENCE_ORDER[b.confidence] > CONFIDENCE_ORDER[a.confidence]:
        worse = b  # of two unbounded parts, the one we are surer of is what the finding names
    elif a.level == UNBOUNDED and a.confidence == b.confidence and a.through and not b.through:
        worse = b  # of two as sure, the one the code at hand makes (`resp.text`, not `fetch(url)`)
    elif (
        a.level == UNBOUNDED
        and a.confidence == b.confidence
        and a.reason != b.reason
        and not reason_names_bulk_data(a.reason)
        and reason_names_bulk_data(b.reason)
    ):
        worse = b  # of two as sure, the one that says where the data comes from (not `self.limit`)
    else:
        worse = a
    if worse.level == BOUNDED and not (a.few_items and b.few_items):
        worse = replace(
            BOUNDED_VALUE,
            short_object=a.short_object and b.short_object,
            path=a.path and b.path,
            bundled=(a.bundled or b.bundled) and (a.bundled or a.literal) and (b.bundled or b.literal),
            # `resp = requests.post(url, data=d)` on either branch: a response either way
            http=a.http and b.http,
            written=a.written and b.written,
            fixed_command=a.fixed_command and b.fixed_command,
            code_program=a.code_program and b.code_program,
            asked_few=a.asked_few and b.asked_few,
            asked_page=a.asked_page and b.asked_page,
            small_page=a.small_page and b.small_page,
            one_resource=a.one_resource and b.one_resource,
            # `return match` ... `return None` in a helper: still one item of its argument
            record=(a.record or not a.params) and (b.record or not b.params) and (a.record or b.record),
            arithmetic=a.arithmetic and b.arithmetic,
        )
    joined = worse.with_models(a.models | b.models).with_params(a.params | b.params)
    if joined.frame and not (a.frame and b.frame):
        joined = replace(joined, frame=False)  # a frame on one side only: the other's text is whole
    whole = (a.params - a.field_params) | (b.params - b.field_params)
    if joined.field_params != (a.field_params | b.field_params) - whole:
        joined = replace(joined, field_params=(a.field_params | b.field_params) - whole)
    whole = (a.params - a.member_params) | (b.params - b.member_params)
    if joined.member_params != (a.member_params | b.member_params) - whole:
        joined = replace(joined, member_params=(a.member_params | b.member_params) - whole)
    if a.level == b.level == SILENT and joined.chosen_few != (a.chosen_few and b.chosen_few):
        joined = replace(joined, chosen_few=a.chosen_few and b.chosen_few)  # a real cut on either side
    if a.level == b.level == SILENT and a.cut_params != b.cut_params:
        # a real cut on either side stays silent whatever the arguments
        both = a.cut_params | b.cut_params if a.cut_params and b.cut_params else frozenset[str]()
        joined = replace(joined, cut_params=both)
    if a.failed != b.failed:
        joined = replace(joined, failed=False)  # failed on one branch only: either body
    if _command_of(a) != _command_of(b) and a.level == b.level == UNBOUNDED:
        # a status on every call only if each side's command is a parameter, after the same words,
        # or the side is `low` anyway (the failure branch's `traceback.format_exc()`)
        sides = [side for side in (a, b) if side.command_params or side.confidence != LOW]
        alike = all(side.command_params for side in sides) and len({_command_of(side)[1:] for side in sides}) == 1
        both = a.command_params | b.command_params if alike else frozenset[str]()
        joined = replace(
            joined,
            command_params=both,
            command_prefix=sides[0].command_prefix if alike else (),
            command_program=sides[0].command_program if alike else "",
        )
    if a.request_params != b.request_params and a.level == b.level == UNBOUNDED:
        # one record on every call only if each side is the answer of such a request, or `low` anyway
        # (the failure branch's `{"text": response.text}`)
        kept = [side.request_params for side in (a, b) if side.request_params or side.confidence != LOW]
        joined = replace(joined, request_params=frozenset().union(*kept) if all(kept) else frozenset())
    if joined.record and a.level == b.level == UNBOUNDED and a.record != b.record:
        joined = replace(joined, record=False)  # a record on one side, a whole listing on the other
    if joined.document and a.level == b.level == UNBOUNDED and a.document != b.document:
        joined = replace(joined, document=False)  # a document on one side, any data on the other
    if joined.short_field and a.level == b.level == UNBOUNDED and a.short_field != b.short_field:
        joined = replace(joined, short_field=False)
    if not joined.bounded or joined.params:
        # (bounded by parameters, as large as each call makes it: its fields are kept too)
        if a.fields == b.fields:
            fields = a.fields
        elif a.bounded and a.fields is None and not a.params:
            fields = b.fields  # a bounded side without fields (a message) makes no field larger
        elif b.bounded and b.fields is None and not b.params:
            fields = a.fields
        else:
            fields = _join_fields(a.fields, b.fields)
        if joined.fields != fields:
            joined = replace(joined, fields=fields)
    if joined.otherwise is not None and a.otherwise != b.otherwise:
        joined = replace(joined, otherwise=None)
    if joined.as_text is not None and a.as_text != b.as_text:
        joined = replace(joined, as_text=None)
    entry = _joined_entry(a, b)
    if joined.entry is not entry:
        joined = replace(joined, entry=entry)
    keys = None
    if a.keys is not None and b.keys is not None:
        # `update["dirty"] = [path]` on one branch only: after the `if`, each entry from where it is
        entries = dict(a.keys)
        for key, entry in b.keys:
            entries[key] = join(entries[key], entry) if key in entries else entry
        keys = tuple(entries.items())
    if joined.keys != keys:
        joined = replace(joined, keys=keys)
    elements = None
    if a.elements is not None and b.elements is not None and len(a.elements) == len(b.elements):
        elements = tuple(join(x, y) for x, y in zip(a.elements, b.elements, strict=True))
    return joined if joined.elements == elements else replace(joined, elements=elements)


def _joined_entry(a: Verdict, b: Verdict) -> Verdict | None:
    """The value of each entry of a mapping made on either branch: of a comprehension on both, as
    large as on either; of one on one side and of an empty `{}` on the other (`names = {}` then
    `names = {...}` in a `try`), the comprehension's, since `{}` has none. Else unknown: a mapping
    on one side only."""
    if a.entry is not None and b.entry is not None:
        return a.entry if a.entry is b.entry else join(a.entry, b.entry)
    if a.entry is not None and _empty_mapping(b):
        return a.entry
    if b.entry is not None and _empty_mapping(a):
        return b.entry
    return None


def _empty_mapping(value: Verdict) -> bool:
    return value.keys == () and value.bounded and not value.params


def with_keys(entries: list[tuple[str, Verdict]]) -> Verdict:
    """A dict of constant keys: as large as its largest entry, and each entry its own."""
    whole = join_all([value for _, value in entries])
    if whole.bounded:
        whole = replace(whole, few_items=True)
    return replace(whole, keys=tuple(entries))


def key_of(value: Verdict, key: str) -> Verdict | None:
    """The verdict of `value[key]` when `value` is a dict of constant keys that has `key`."""
    return dict(value.keys).get(key) if value.keys is not None else None


def _command_of(value: Verdict) -> tuple[frozenset[str], tuple[str, ...], str]:
    return value.command_params, value.command_prefix, value.command_program


def with_command_of(value: Verdict, source: Verdict) -> Verdict:
    """`value` (what is read out of a child process) with the command `source` was run with, as
    a helper's parameters give it (`Verdict.command_params`)."""
    return replace(
        value,
        command_params=source.command_params,
        command_prefix=source.command_prefix,
        command_program=source.command_program,
    )


def join_returns(verdicts: list[Verdict]) -> Verdict:
    """What a function gives, from what its returns give. When some return a fixed tuple and the
    others something else (an error message), the tuples' elements are kept, and the rest is
    kept apart as `otherwise`."""
    result = join_all(verdicts)
    tuples = [v for v in verdicts if v.elements is not None]
    others = [v for v in verdicts if v.elements is None]
    if not tuples or not others or len({len(v.elements or ()) for v in tuples}) != 1:
        return result
    return replace(result, elements=join_all(tuples).elements, otherwise=join_all(others))


def join_all(verdicts: list[Verdict], told: bool = False) -> Verdict:
    """Combine the parts of one value; `told` when a marker string is among them."""
    result = FEW_ITEMS if not verdicts else verdicts[0]
    for verdict in verdicts[1:]:
        result = join(result, verdict)
    if told and result.level == SILENT:
        result = BOUNDED_VALUE.with_models(result.models).with_params(result.params)
    return result


def with_field(value: Verdict, name: str, held: Verdict) -> Verdict:
    """`value` once its attribute `name` is set to what `held` says (`result.stdout = out[:N] +
    marker`): read back, that attribute is bounded if `held` is, cut silently if `held` was
    (`events.items = events.items[:20]`); the others are what they were. A large value set
    there is not kept as the field: it is read as a field of a large object is."""
    fields = dict(value.fields or ())
    if held.level <= SILENT:
        fields[name] = held
    elif fields.pop(name, None) is None:
        return value
    return replace(value, fields=tuple(fields.items()) if fields else None)


def _join_fields(
    a: tuple[tuple[str, Verdict], ...] | None, b: tuple[tuple[str, Verdict], ...] | None
) -> tuple[tuple[str, Verdict], ...] | None:
    """The fields of an instance made on either branch (`Result(output=text)` or
    `Result(output=cut(text), error=msg)` of one class): each field known on both sides, as large
    as on either. A field known on one side only is read, as any other, from the whole value. None
    unless both sides know some field."""
    if a is None or b is None:
        return None
    right = dict(b)
    both = tuple((name, join(held, right[name])) for name, held in a if name in right)
    return both or None
