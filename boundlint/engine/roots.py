"""One root, analysed in its own project: its findings, and what the command asked for besides.

A *root* is a file that can hold something to report. Its analysis loads the
modules its tools' values lead into, runs the rules, and then, as the `Request`
asks, gives each finding its fix as edits (JSON output), applies a round of
fixes (`boundlint fix`), or describes its tools (`boundlint inventory`). The
result records every file the analysis read, so the cache can tell when it is
stale. Everything in a `RootResult` is plain data: it comes back from workers.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from boundlint import rules
from boundlint.core.config import Config
from boundlint.core.findings import NO_FIX, Finding
from boundlint.core.hashing import blake2b
from boundlint.core.result import FixRound, InternalError, ToolRow
from boundlint.core.selection import code_enabled
from boundlint.discover.files import display_name, is_shelved_path, is_test_path, under_test_folder
from boundlint.discover.module_names import shadowed_by_a_module
from boundlint.find.cover import tool_key
from boundlint.rules.filter import below_fix_confidence, fixable

if TYPE_CHECKING:
    from boundlint.analyse.analysis import Analysis
    from boundlint.discover.module_names import Catalog
    from boundlint.engine.cache import Cache
    from boundlint.project.loader import Loader
    from boundlint.project.module import ModuleInfo


UNFOLLOWED_SNIPPET = 100  # characters of a registration shown in the notice
LOW = "low"  # the lowest of `core.findings.CONFIDENCE_ORDER`
PARSE_ERROR_CODES = "BL9"  # BL900, BL901: about the file, not the code's meaning; kept as they are


@dataclass(frozen=True)
class Request:
    """What a command wants of each root besides its findings."""

    fixes: bool = False  # each finding's own fix, as edits (ruff's JSON `fix`)
    # With `fixes`: a root analysed in this run reports its findings now and its fixes later
    # (`RootResult.fixes_pending`, kept out of the cache); a run without it plans them. An
    # editor shows an edit's diagnostics before the work of writing and checking each fix.
    fixes_later: bool = False
    apply_fixes: str | None = None  # "safe" or "unsafe": a round of fixes (`FixRound`)
    tool_rows: bool = False  # the inventory's rows
    fixable: bool = False  # whether each finding has a fix, and which (`[*]` in the text output)
    # What checkpoints installed in other roots cover (`AdapterFinder.place` -> by what), once the
    # run knows them: the analysis credits the tools they cover.
    covered: tuple[tuple[str, str], ...] = ()
    # A round of fixes may edit a module other than the finding's (the adapter installed where a
    # server is made): a run over a folder may, one over named files edits only those.
    edits_elsewhere: bool = True
    # Declared tools no code of the project names again (`cover.tool_key`), once the run knows
    # them (`project.references`): no model calls them, so their findings are `low`.
    unreferenced: tuple[str, ...] = ()

    def cache_kind(self) -> str | None:
        """The cache's name for this kind of root entry; None: such results are not cached."""
        if self.apply_fixes or self.tool_rows:
            return None
        kind = "root+fixes" if self.fixes else "root+fixable" if self.fixable else "root"
        if self.covered:  # answers that depend on installations elsewhere are kept under those
            kind += "+covered-" + blake2b(repr(self.covered).encode(), digest_size=8).hexdigest()
        if self.unreferenced:  # and on what the rest of the project names
            kind += "+unreferenced-" + blake2b(repr(self.unreferenced).encode(), digest_size=8).hexdigest()
        return kind


@dataclass
class RootResult:
    path: Path
    findings: list[Finding] = field(default_factory=list)
    errors: list[InternalError] = field(default_factory=list)
    depends_on: list[str] = field(default_factory=list)  # the files its analysis read, as the cache names them
    tool_classes: list[str] = field(default_factory=list)
    tool_rows: list[ToolRow] = field(default_factory=list)
    fix_round: FixRound | None = None
    config_matches: list[str] = field(default_factory=list)  # configured entries that named something here
    tools_found: int = 0
    inferred_tools: int = 0  # of those, found by their shape (`Tool.inferred`)
    installs: dict[str, str] = field(default_factory=dict)  # what its checkpoints cover (`find.adapters`)
    needs: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # its uncovered tools' needs
    # Registrations whose function the finder could not follow (`path:line: code`).
    unfollowed: list[str] = field(default_factory=list)
    fixes_pending: bool = False  # with `Request.fixes_later`: its findings' fixes are not planned yet
    # Its tools with a finding shown that only their declaration makes tools (`Tool.declared_only`):
    # `cover.tool_key` -> the name code would use them by; and whether it hands tools to an agent.
    declared_only: dict[str, str] = field(default_factory=dict)
    hands_over: bool = False


def run_rules(analysis: Analysis, roots: list[ModuleInfo], config: Config) -> tuple[list[Finding], list[InternalError]]:
    findings: list[Finding] = []
    errors = [InternalError(module.display, message) for module, message in analysis.errors]
    context = rules.RuleContext(analysis, roots)
    for rule in rules.ALL_RULES:
        if not code_enabled(rule.code, config):
            continue
        try:
            findings.extend(rule.check(context))
        except RecursionError:
            errors.append(InternalError(", ".join(m.display for m in roots), f"{rule.code}: nested too deeply"))
        except Exception as error:  # noqa: BLE001 - one rule must not stop the run
            errors.append(
                InternalError(", ".join(m.display for m in roots), f"{rule.code}: {type(error).__name__}: {error}")
            )
    return findings, errors


def _low_where_no_model_calls(finding: Finding, from_a_test: bool, never_run: set[str]) -> Finding:
    """A finding in a test module, or one only a test module's analysis reaches (a function only a
    test registers as a tool), answers a test's fake model: `low`, like the tools of tests. So a
    run that does not show `low` need not analyse test modules (`engine.run`). So is one in a
    module Python cannot import (`shadowed_by_a_module`), or kept but no longer run
    (`is_shelved_path`: `archive/`, `server_backup.py` beside `server.py`), by display name in
    `never_run`: no model calls it."""
    if finding.confidence == LOW or finding.code.startswith(PARSE_ERROR_CODES):
        return finding
    if from_a_test or is_test_path(PurePath(finding.filename)) or finding.filename in never_run:
        return replace(finding, confidence=LOW)
    return finding


def _low_if_never_handed_over(finding: Finding, unreferenced: frozenset[str]) -> Finding:
    """A finding in a tool no code names again (`Request.unreferenced`): dead code, `low`."""
    if finding.confidence == LOW or tool_key(finding.filename, finding.symbol or "") not in unreferenced:
        return finding
    return replace(finding, confidence=LOW)


def _declared_only(analysis: Analysis, findings: list[Finding]) -> dict[str, str]:
    """`RootResult.declared_only`: of its tools with a finding above `low`, those only their
    declaration makes tools, by the name code would hand them over by (a method's by its class)."""
    shown = {tool_key(finding.filename, finding.symbol or "") for finding in findings if finding.confidence != LOW}
    found = {}
    for tool in analysis.tools:
        key = tool_key(tool.module.display, tool.qualname)
        if tool.declared_only and key in shown and "<locals>" not in tool.qualname:
            found[key] = tool.qualname.split(".", 1)[0]
    return found


def analyse_root(
    path: Path, paths: list[Path] | Catalog, loader: Loader, config: Config, request: Request
) -> RootResult:
    """One root, in its own project: what it reports (and what `request` asks) and which files that read."""
    from boundlint.analyse.analysis import Analysis
    from boundlint.project.lookup import Project

    result = RootResult(path)
    project = Project(paths, loader)
    project.start_recording()
    try:
        module = project.load(path)
        if module is None:
            error = loader.errors.get(path)
            if error is not None:
                in_tests = under_test_folder(path, config.root)
                result.findings.append(
                    rules.PARSE_ERROR.from_error(display_name(path), str(error), error.line, error.column, in_tests)
                )
            return result
        analysis = Analysis(project, config, [module], dict(request.covered)).run()
        findings, result.errors = run_rules(analysis, [module], config)
        reported = {finding.filename for finding in findings}
        never_run = {
            read.display
            for read in analysis.project.modules
            if read.display in reported and (shadowed_by_a_module(read.path) or is_shelved_path(read.path, config.root))
        }
        findings = [_low_where_no_model_calls(finding, module.is_test, never_run) for finding in findings]
        unreferenced = frozenset(request.unreferenced)
        result.findings = [_low_if_never_handed_over(finding, unreferenced) for finding in findings]
        result.declared_only, result.hands_over = _declared_only(analysis, result.findings), analysis.finder.hands_over
        result.tool_classes = analysis.tool_class_names()
        result.config_matches = sorted(analysis.checkpoints.configured.matched)
        result.tools_found = len(analysis.tools)
        result.inferred_tools = sum(tool.inferred for tool in analysis.tools)
        result.unfollowed = [
            f"{where.display}:{where.line_of(call)}: {where.snippet(call, UNFOLLOWED_SNIPPET)}"
            for where, call in analysis.finder.unfollowed_registrations()
        ]
        result.installs, result.needs = analysis.installs, analysis.needs
        _answer(request, analysis, result, config)
    except RecursionError:
        result.findings.append(
            rules.PARSE_ERROR.from_error(
                display_name(path), "code is nested too deeply to analyse", 1, 0, under_test_folder(path, config.root)
            )
        )
    except Exception as error:  # noqa: BLE001 - one file must not stop the run
        result.errors.append(InternalError(display_name(path), f"{type(error).__name__}: {error}"))
    finally:
        result.depends_on = sorted(str(read) for read in project.stop_recording() | {path})
    return result


def _answer(request: Request, analysis: Analysis, result: RootResult, config: Config) -> None:
    """What the command asked of this root besides its findings, from the analysis still at hand."""
    if request.tool_rows:
        from boundlint.analyse.tool_rows import build_rows

        result.tool_rows = build_rows(analysis, result.findings)
    # Fixes are planned over the findings the run reports, in every request: one that a comment
    # suppresses or the configuration turns off must not make a server "crowded" (three tools to
    # fix) for the JSON and not for `fix`. The others are dropped by the run anyway.
    from boundlint.fix.locate import fix_branches

    wanted = fixable(result.findings, analysis.project.modules, config, lambda found: fix_branches(analysis, found))
    if request.apply_fixes:
        from boundlint.fix.planning import fix_round

        result.fix_round = fix_round(
            analysis, wanted, config, unsafe=request.apply_fixes == "unsafe", elsewhere=request.edits_elsewhere
        )
    if request.fixes and request.fixes_later and wanted:
        result.fixes_pending = True
    elif (request.fixes or request.fixable) and result.findings:
        from boundlint.fix.planning import attach_fixes, mark_fixable

        planned = (attach_fixes if request.fixes else mark_fixable)(analysis, wanted, config)
        by_finding = dict(zip(wanted, planned, strict=True))
        result.findings = [by_finding.get(finding, finding) for finding in result.findings]
        if request.fixable:  # `--show-fixes` says why the others have none
            result.findings = [_below_fix_confidence(finding, config) for finding in result.findings]


def _below_fix_confidence(finding: Finding, config: Config) -> Finding:
    """`finding` marked as left unfixed for its confidence, when that is why it has no fix mark."""
    rule = rules.RULES_BY_CODE.get(finding.code)
    if finding.fixable is not None or rule is None or rule.fixes_at is None:
        return finding
    if not below_fix_confidence(finding, config):
        return finding
    reason = (
        f"its confidence is {finding.confidence}: fixes apply from "
        f'`fix-min-confidence = "{config.fix_min_confidence}"` (set "{finding.confidence}" to fix it too)'
    )
    return replace(finding, fixable={"applicability": NO_FIX, "message": reason})


# -- the cache's root entries ---------------------------------------------------------


def cached_root(cache: Cache, kind: str | None, path: Path, digests: dict[str, str]) -> RootResult | None:
    if kind is None:
        return None
    current = [
        entry
        for entry in cache.roots(kind, path, digests.get(str(path), ""))
        if all(digests.get(dependency) == digest for dependency, digest in entry["depends_on"].items())
    ]  # none if a file this root's analysis read has changed
    if not current:
        return None
    entry = current[0]
    slot = (kind, str(path))
    known = cache.decoded.get(slot)
    if known is not None and known[0] is entry:
        return known[1]  # type: ignore[no-any-return]
    result = _decode(path, entry)
    cache.decoded[slot] = (entry, result)
    return result


def _decode(path: Path, entry: Any) -> RootResult:
    fixable = entry.get("fixable") or [None] * len(entry["findings"])
    return RootResult(
        path,
        [Finding(**item, fixable=mark) for item, mark in zip(entry["findings"], fixable, strict=True)],
        [InternalError(*item) for item in entry["errors"]],
        list(entry["depends_on"]),
        entry["tool_classes"],
        config_matches=entry.get("config_matches", []),
        tools_found=entry.get("tools_found", 0),
        inferred_tools=entry.get("inferred_tools", 0),
        installs=entry.get("installs", {}),
        needs=entry.get("needs", {}),
        unfollowed=entry.get("unfollowed", []),
        declared_only=entry.get("declared_only", {}),
        hands_over=entry.get("hands_over", False),
    )


def store_root(
    cache: Cache, kind: str | None, result: RootResult, digests: dict[str, str], buffered: bool = False
) -> None:
    """Keep `result` for the next run; `buffered`: its analysis read a text not on disk."""
    if kind is None or not cache.enabled or result.errors or result.fixes_pending:
        return  # internal errors are not cached: the next run tries again; nor an answer short of its fixes
    entry: dict[str, Any] = {
        "findings": [finding.to_json() for finding in result.findings],
        "fixable": [finding.fixable for finding in result.findings],
        "errors": [],
        "depends_on": {name: digests.get(name, "") for name in result.depends_on},
        "tool_classes": result.tool_classes,
        "config_matches": result.config_matches,
        "tools_found": result.tools_found,
        "inferred_tools": result.inferred_tools,
        "installs": result.installs,
        "needs": result.needs,
        "unfollowed": result.unfollowed,
        "declared_only": result.declared_only,
        "hands_over": result.hands_over,
    }
    record = cache.record_buffered_root if buffered else cache.record_root
    record(kind, result.path, digests.get(str(result.path), ""), entry)
