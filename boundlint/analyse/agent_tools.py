"""What a tool made of a whole agent returns (`agent.as_tool(...)`): the agent's final output.

No function of the project returns it, so there is no `return` to follow. The
output is free text unless one of these bounds it: the agent's `output_type`
is small (an int, a Literal, a model whose every field is bounded), its
`model_settings` cap the tokens it may write, or a `custom_output_extractor`
returns something bounded (that function is then evaluated like a tool body,
with the run result standing for the agent's output).
"""

from __future__ import annotations

import dataclasses

import libcst as cst

from boundlint.analyse.dataflow import FunctionEvaluator, ReturnVerdict, WholeProgram
from boundlint.analyse.size import BOUNDED_VALUE, LOW, UNBOUNDED, Verdict, join_all, unbounded
from boundlint.find.contracts import ModelRegistry
from boundlint.find.tools import AgentSource, Tool
from boundlint.knowledge import data_sources as src
from boundlint.project.module import ModuleInfo, keyword_argument
from boundlint.project.module_index import index_of


def agent_tool_returns(program: WholeProgram, models: ModelRegistry, tool: Tool) -> list[ReturnVerdict]:
    """One verdict, on the `as_tool(...)` call, for what the agent's tool hands the model."""
    source = tool.made_from
    assert source is not None and isinstance(tool.node, cst.Call)
    if source.extractor is not None:
        verdict = _extracted(program, source, source.extractor)
    else:
        verdict = _final_output(program, models, source)
    return [ReturnVerdict(tool.node, None, verdict)]


def _extracted(analysis: WholeProgram, source: AgentSource, extractor: cst.FunctionDef) -> Verdict:
    site = analysis.project.site_of(extractor)
    if site is None:
        return BOUNDED_VALUE  # pragma: no cover - the finder found the extractor in a parsed module
    evaluator = FunctionEvaluator(analysis, site.module, extractor, index_of(site.module).sites[extractor].owner)
    # The run result is the framework's, not an argument the model passed: no echo.
    evaluator.context_params |= evaluator.params
    evaluator.params.clear()
    verdict = join_all([item.verdict for item in evaluator.run()])
    if verdict.level != UNBOUNDED:
        return verdict
    reason = f"what `{extractor.name.value}` takes from agent `{source.agent_name}`'s run: {verdict.reason}"
    return dataclasses.replace(verdict, reason=reason)


def _final_output(analysis: WholeProgram, models: ModelRegistry, source: AgentSource) -> Verdict:
    kind, agent, module = source.kind, source.agent, source.agent_module
    free_text = unbounded(f"the final output of agent `{source.agent_name}` (free text)", agent, module)
    if agent is None:
        return free_text
    output_type = keyword_argument(agent, kind.output_type_keyword)
    if output_type is not None:
        return _output_of_type(analysis, models, source, module, output_type)
    if _caps_tokens(agent, kind.settings_keyword, kind.token_cap_keyword):
        return BOUNDED_VALUE
    return free_text


def _output_of_type(
    analysis: WholeProgram,
    models: ModelRegistry,
    source: AgentSource,
    module: ModuleInfo,
    output_type: cst.BaseExpression,
) -> Verdict:
    shown = module.code(output_type)
    if isinstance(output_type, cst.Call) and output_type.args:
        callee = (module.qualify(output_type.func) or "").rsplit(".", 1)[-1]
        if callee in source.kind.output_wrappers:
            output_type = output_type.args[0].value
    head = output_type.value if isinstance(output_type, cst.Subscript) else output_type
    if (module.qualify(head) or "").rsplit(".", 1)[-1] in src.SMALL_ANNOTATIONS:
        return BOUNDED_VALUE
    entity = analysis.project.resolve(module, head)
    if entity is not None and entity.kind == "class":
        model = models.model_for_entity(entity)
        if model is not None and models.is_bounded(model):
            return BOUNDED_VALUE
        if model is not None and not any(src.holds_long_text(f.name, f.kind) for f in model.fields if not f.bounded):
            # Short fields the agent fills in (a summary, metrics, file names): the fields without a
            # bound are the contract's findings (BL002/BL003); the whole answer is rarely large.
            reason = f"the final output of agent `{source.agent_name}` (`{shown}`, short fields)"
            return unbounded(reason, output_type, module, LOW)
    return unbounded(f"the final output of agent `{source.agent_name}` (`{shown}`)", output_type, module)


def _caps_tokens(agent: cst.Call, settings_keyword: str, cap_keyword: str) -> bool:
    """`model_settings=ModelSettings(max_tokens=60)`: the agent cannot write more than that."""
    settings = keyword_argument(agent, settings_keyword)
    return isinstance(settings, cst.Call) and keyword_argument(settings, cap_keyword) is not None
