"""Planning the fixes of one analysis's findings, and applying them module by module.

The engine calls this for each root it analyses, with that root's analysis and
findings. `plan(analysis, findings, config)` gives every finding either a
`Candidate` (a fix, safe or unsafe) or a `NoFix` (why not). `fix_round` applies
the allowed ones per module and describes the result as a `FixRound` (plain data
that a worker can send back). `attach_fixes` puts each finding's own fix, as
ruff-style edits, in its JSON.

One ordering rule: a BL001 finding on a tool that returns a Pydantic model
whose unbounded fields all get a BL002/BL003 fix in the same round is left for
the next round, where the model is bounded and the BL001 is gone: wrapping the
model in `truncate_for_llm` would only turn it into a dict.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst

from boundlint import rules
from boundlint.analyse.analysis import Analysis
from boundlint.analyse.size import LOW
from boundlint.core.cancel import check_cancelled
from boundlint.core.config import Config
from boundlint.core.findings import NO_FIX, Finding
from boundlint.core.result import FixRound, ModuleRewrite
from boundlint.edit.context import FixContext
from boundlint.edit.install import crowded_hosts
from boundlint.edit.model import UNSAFE, Candidate, Fix, NoFix, NoFixError
from boundlint.edit.target import Target
from boundlint.fix.apply import FixFailed, apply_candidates
from boundlint.fix.declared import has_runtime
from boundlint.fix.formatting import first_party_names, line_length_for
from boundlint.fix.locate import locate
from boundlint.project.module import STANDALONE_FOLDERS, ModuleInfo, dotted
from boundlint.rules.filter import BOUND_RETURN_CODE, below_fix_confidence

# How the reason of a finding whose only fix is unsafe starts.
UNSAFE_REASON = "unsafe fix (--unsafe-fixes)"


def has_fix(code: str) -> bool:
    """The rule of `code` has an automatic fix (for some of its findings)."""
    rule = rules.RULES_BY_CODE.get(code)
    return rule is not None and rule.fixes_at is not None


@dataclass
class Plan:
    candidates: dict[Finding, Candidate] = field(default_factory=dict)
    no_fix: dict[Finding, NoFix] = field(default_factory=dict)
    targets: dict[Finding, Target] = field(default_factory=dict)

    def reason(self, finding: Finding, unsafe: bool) -> str | None:
        """Why `finding` is not fixed under these options (None: it is fixable)."""
        candidate = self.candidates.get(finding)
        if candidate is not None:
            return None if candidate.allowed(unsafe) else f"{UNSAFE_REASON}: {candidate.message}"
        missing = self.no_fix.get(finding)
        return missing.reason if missing is not None else "no automatic fix"


def plan(analysis: Analysis, findings: list[Finding], config: Config, elsewhere: bool = False) -> Plan:
    """Each finding's fix, or why it has none. With `elsewhere`, a fix may edit another module
    than the finding's: the adapter installed where the tool's server or agent is made."""
    result_plan = Plan()
    targets = locate(analysis, findings)
    result_plan.targets = targets
    context = FixContext(analysis.project, config, analysis.checkpoints)
    context.install_elsewhere = elsewhere
    context.input_models = lambda: analysis.input_models
    if config.fix_style == "auto":
        context.install_at = crowded_hosts(targets.values(), elsewhere)
    declared = functools.cache(lambda: has_runtime(config, context.dependency_texts()))
    for finding in findings:
        target = targets.get(finding)
        if target is None:
            result_plan.no_fix[finding] = NoFix(
                finding,
                "no automatic fix: the reported node was not found"
                if has_fix(finding.code)
                else "no automatic fix for this rule",
            )
            continue
        outcome = _plan_one(target, context, declared)
        if isinstance(outcome, Candidate):
            result_plan.candidates[finding] = outcome
        else:
            result_plan.no_fix[finding] = outcome
    _without_lone_companions(result_plan, findings, config)
    return result_plan


def _without_lone_companions(the_plan: Plan, findings: list[Finding], config: Config) -> None:
    """A tool's `low` return (a failure's report: `return f"Error: {result.stderr}"`) is fixed
    beside the surer return that made its tool one to fix (`rules.filter.fixable`): when that one
    has no fix (a value of no known kind), a cut of the report alone would bound the tool's error
    lines and leave its payload as it was. A `medium` one (`resp.json()` beside `resp.text`) is
    a payload too, and keeps its fix."""

    def sure_tools(found: Iterable[Finding]) -> set[tuple[str, str | None]]:
        return {
            (finding.filename, finding.symbol)
            for finding in found
            if finding.code == BOUND_RETURN_CODE and not below_fix_confidence(finding, config)
        }

    lone = sure_tools(findings) - sure_tools(the_plan.candidates)
    for finding in list(the_plan.candidates):
        if (
            finding.code == BOUND_RETURN_CODE
            and finding.confidence == LOW
            and below_fix_confidence(finding, config)
            and (finding.filename, finding.symbol) in lone
        ):
            del the_plan.candidates[finding]
            the_plan.no_fix[finding] = NoFix(
                finding,
                "no automatic fix: a failure's report is bounded beside the tool's surer return, which has none",
            )


def _plan_one(target: Target, context: FixContext, declared: Callable[[], bool]) -> Candidate | NoFix:
    """The fix of the finding's own rule (the rule holds it: `Rule.plan_fix`)."""
    rule = rules.RULES_BY_CODE[target.finding.code]
    if not target.module.parsed_as_written:
        return NoFix(
            target.finding,
            "no automatic fix: libcst does not write this file back as it is written (a lone `\\` "
            "line, a form feed), so a fix could change code it does not target",
        )
    try:
        candidate = rule.plan_fix(target, context)
    except NoFixError as reason:
        return NoFix(target.finding, str(reason))
    if candidate.symbols and _outside_the_package(target.module, context.config.root) and not declared():
        # A standalone example or script: an import of a package its readers do not have
        # would break it; the finding stays, for its author to read.
        return NoFix(
            target.finding,
            "no automatic fix in an example or script: it would import boundlint_runtime, which this "
            "project does not declare",
        )
    return candidate


def _outside_the_package(module: ModuleInfo, root: Path) -> bool:
    """In `examples/`, `scripts/`, `notebooks/`, `demos/`, `cookbook/` below the project's root:
    code people copy and run on its own, not part of what the project installs."""
    try:
        folders = module.path.resolve().relative_to(root.resolve()).parts[:-1]
    except ValueError:
        return module.is_standalone  # by its path in the run
    return any(folder.lower() in STANDALONE_FOLDERS for folder in folders)


def _layout(config: Config, module: ModuleInfo, candidates: list[Candidate]) -> dict[str, Any]:
    """How fixed code is written in `module`: where the runtime is imported from, the line length
    it keeps, and whether its budget is named once (`candidates`, the module's fixes of this
    round, write it more than once)."""
    return {
        "runtime_module": config.runtime_module,
        "line_length": line_length_for(module.path.resolve().parent),
        "shared_budget": _shares_budget(candidates),
        "first_party": first_party_names(config.root) | {module.name.split(".", 1)[0]},
    }


def _shares_budget(candidates: list[Candidate]) -> bool:
    return len({c.key or id(c) for c in candidates if c.budget is not None}) > 1


# -- a fix round --------------------------------------------------------------


def fix_round(
    analysis: Analysis, findings: list[Finding], config: Config, unsafe: bool, elsewhere: bool = False
) -> FixRound:
    """Apply the allowed fixes of `findings`, module by module, each module verified whole
    (`elsewhere`: see `plan`)."""
    the_plan = plan(analysis, findings, config, elsewhere)
    chosen = [c for c in the_plan.candidates.values() if c.allowed(unsafe)]
    outcome = FixRound(unfixed={f: reason for f in findings if (reason := the_plan.reason(f, unsafe)) is not None})
    moot = _moot_bl001(analysis, the_plan, chosen)
    outcome.deferred = [c.finding for c in chosen if c.finding in moot]
    chosen = [c for c in chosen if c.finding not in moot]
    by_module: dict[int, list[Candidate]] = {}
    modules: dict[int, ModuleInfo] = {}
    for candidate in chosen:
        by_module.setdefault(id(candidate.module), []).append(candidate)
        modules[id(candidate.module)] = candidate.module
    for key in sorted(by_module, key=lambda k: modules[k].display):
        module = modules[key]
        try:
            applied = apply_candidates(module, by_module[key], **_layout(config, module, by_module[key]))
        except FixFailed as error:
            outcome.failed.append((module.display, str(error)))
            continue
        fixed = [c.finding for c in applied.candidates]
        installs_on, serves = _hosts(the_plan, applied.candidates)
        outcome.rewrites.append(
            ModuleRewrite(module.path, module.display, applied.old, applied.new, fixed, installs_on, serves)
        )
    return outcome


def _hosts(the_plan: Plan, candidates: list[Candidate]) -> tuple[frozenset[str], frozenset[str]]:
    """The servers and agents (`path:line` where each is made) these BL001 fixes install an
    adapter on, and those whose tools they bound one by one (see `FixRound.settle`)."""
    installs_on: set[str] = set()
    serves: set[str] = set()
    for candidate in candidates:
        target = the_plan.targets.get(candidate.finding)
        tool = target.tool if target is not None and candidate.finding.code == "BL001" else None
        if tool is None or len(tool.hosts) != 1:
            continue
        host = tool.hosts[0]
        place = f"{host.module.path}:{host.module.line_of(host.call)}"
        (installs_on if candidate.target is host.call else serves).add(place)
    return frozenset(installs_on), frozenset(serves)


def _moot_bl001(analysis: Analysis, the_plan: Plan, chosen: list[Candidate]) -> set[Finding]:
    """BL001 fixes that the other fixes chosen in this round make unnecessary: those of a field of
    the model returned, or those of the function whose answer is returned."""
    return _moot_by_fields(analysis, the_plan, chosen) | _moot_by_callee(the_plan, chosen)


def _moot_by_callee(the_plan: Plan, chosen: list[Candidate]) -> set[Finding]:
    """`return gog_run(command=...)` in a tool, where `gog_run` (a tool of the same module too)
    gets its own checkpoint in this round: bounded once that fix is in. Left for the next round,
    which sees the callee's checkpoint; a second cap around the call is what a maintainer rejects."""
    fixed: dict[tuple[int, str], int] = {}
    for candidate in chosen:
        target = the_plan.targets.get(candidate.finding)
        if candidate.finding.code == "BL001" and target is not None and target.tool is not None:
            node = target.tool.node
            if isinstance(node, cst.FunctionDef):
                fixed[(id(candidate.module), node.name.value)] = id(node)
    moot: set[Finding] = set()
    for candidate in chosen:
        target = the_plan.targets.get(candidate.finding)
        if candidate.finding.code != "BL001" or target is None or not isinstance(target.node, cst.Return):
            continue
        value = target.node.value
        value = value.expression if isinstance(value, cst.Await) else value
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
            continue
        callee = fixed.get((id(candidate.module), value.func.value))
        if callee is not None and (target.tool is None or callee != id(target.tool.node)):
            moot.add(candidate.finding)
    return moot


def _moot_by_fields(analysis: Analysis, the_plan: Plan, chosen: list[Candidate]) -> set[Finding]:
    """BL001 fixes that the field fixes chosen in this round make unnecessary."""
    fixed_fields = {
        (id(t.model.node), t.field.name)
        for c in chosen
        if (t := the_plan.targets.get(c.finding)) is not None and t.model is not None and t.field is not None
    }
    if not fixed_fields:
        return set()
    models = {id(model.node): model for model in analysis.contracts}
    moot: set[Finding] = set()
    for candidate in chosen:
        target = the_plan.targets.get(candidate.finding)
        if candidate.finding.code != "BL001" or target is None or target.returned is None:
            continue
        verdict = target.returned.verdict
        if not verdict.models or not isinstance(verdict.node, cst.Call):
            continue
        called = (dotted(verdict.node.func) or "").rsplit(".", 1)[-1]
        roots = [models[id(cls)] for cls in verdict.models if id(cls) in models]
        if not roots or called not in {root.name for root in roots}:
            continue
        closure = analysis.models.contracts_closure(roots)
        if all(
            (id(owner.node), item.name) in fixed_fields
            for model in closure
            for owner, item in analysis.models.unbounded_fields(model)
        ):
            moot.add(candidate.finding)
    return moot


# -- fixes in the JSON output -------------------------------------------------


def fixes_for(analysis: Analysis, findings: list[Finding], config: Config) -> dict[Finding, Fix]:
    """Each finding's own fix (alone, with its imports) as edits; findings without one are absent.

    The fixes of a module are first applied and verified together (parsed and
    compiled once); each is then applied alone to get its edits, and only
    parsed and compiled again if the module's fixes failed together.
    """
    the_plan = plan(analysis, findings, config)
    by_module: dict[int, list[Candidate]] = {}
    for candidate in the_plan.candidates.values():
        by_module.setdefault(id(candidate.module), []).append(candidate)
    fixes: dict[Finding, Fix] = {}
    for candidates in by_module.values():
        check_cancelled()  # applying and checking a module's fixes parses it whole: 100-250 ms when large
        module = candidates[0].module
        # Each fix is spelled as the run that applies it would: a safe one among the safe ones only.
        with_unsafe = _layout(config, module, candidates)
        safe_only = {**with_unsafe, "shared_budget": _shares_budget([c for c in candidates if c.allowed(False)])}
        try:
            together = apply_candidates(module, candidates, **with_unsafe, proposed=True)
            verified = True
        except FixFailed:
            verified = False
        if verified and len(candidates) == 1:  # applied alone already: its edits are the module's
            only = candidates[0]
            fixes[only.finding] = Fix(only.applicability, only.message, tuple(together.text_edits()))
            continue
        for candidate in candidates:
            check_cancelled()
            layout = with_unsafe if candidate.applicability == UNSAFE else safe_only
            try:
                applied = apply_candidates(module, [candidate], **layout, check_syntax=not verified, proposed=True)
            except FixFailed:
                continue
            edits = tuple(applied.text_edits())
            fixes[candidate.finding] = Fix(candidate.applicability, candidate.message, edits)
    return fixes


def mark_fixable(analysis: Analysis, findings: list[Finding], config: Config) -> list[Finding]:
    """`findings`, each marked with what its fix would be (planned, not applied): cheap enough for
    every check, where `attach_fixes` applies and verifies each fix."""
    planned = plan(analysis, findings, config)
    marked = []
    for finding in findings:
        candidate, missing = planned.candidates.get(finding), planned.no_fix.get(finding)
        if candidate is not None:
            mark = {"applicability": candidate.applicability, "message": candidate.message}
            marked.append(dataclasses.replace(finding, fixable=mark))
        elif missing is not None:  # `--show-fixes` says why there is none
            marked.append(dataclasses.replace(finding, fixable={"applicability": NO_FIX, "message": missing.reason}))
        else:
            marked.append(finding)
    return marked


def attach_fixes(analysis: Analysis, findings: list[Finding], config: Config) -> list[Finding]:
    """`findings`, each with its `fix` field filled (ruff's JSON shape), or left None."""
    fixes = fixes_for(analysis, findings, config)
    return [dataclasses.replace(f, fix=fixes[f].to_json()) if f in fixes else f for f in findings]
