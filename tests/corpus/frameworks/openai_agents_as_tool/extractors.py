"""Models Agent.as_tool(custom_output_extractor=...) as in the SDK's financial research agent, sandbox examples and docs/tools.md: the extractor (an async function of the RunResult) decides what the tool returns instead of the final output. The extractors themselves are not tools; the label is on the as_tool( line."""

import json
from typing import Literal

from pydantic import BaseModel

from agents import Agent, RunResult, ToolCallOutputItem


class AnalysisSummary(BaseModel):
    summary: str


class Verdict(BaseModel):
    verdict: Literal["pass", "fail", "unclear"]
    confidence: float


financials_agent = Agent(name="FundamentalsAnalystAgent", instructions="Analyse the company's financials.", output_type=AnalysisSummary)
risk_agent = Agent(name="RiskAnalystAgent", instructions="List red flags.", output_type=AnalysisSummary)
pricing_agent = Agent(name="pricing", instructions="Review the pricing packet.", output_type=AnalysisSummary)
checker_agent = Agent(name="checker", instructions="Check the claim against the sources.", output_type=Verdict)
data_agent = Agent(name="data", instructions="Fetch the records and report them as JSON.")
notes_agent = Agent(name="notes", instructions="Write notes on the document.")


async def summary_extractor(run_result: RunResult) -> str:
    summary: AnalysisSummary = run_result.final_output
    return summary.summary


async def structured_extractor(run_result: RunResult) -> str:
    final = run_result.final_output
    if isinstance(final, BaseModel):
        return json.dumps(final.model_dump(mode="json"), sort_keys=True)
    return str(final)


async def verdict_extractor(run_result: RunResult) -> str:
    return run_result.final_output.verdict


async def extract_json_payload(run_result: RunResult) -> str:
    outputs = [i.output for i in run_result.new_items if isinstance(i, ToolCallOutputItem)]
    payloads = [o for o in outputs if isinstance(o, str) and o.lstrip().startswith("{")]
    return payloads[-1] if payloads else "{}"


async def clipped_output(run_result: RunResult) -> str:
    return str(run_result.final_output)[:2000]


fundamentals_tool = financials_agent.as_tool(  # expect: tool BL001
    tool_name="fundamentals_analysis",
    tool_description="Use to get a short write-up of key financial metrics",
    custom_output_extractor=summary_extractor,
)
risk_tool = risk_agent.as_tool(tool_name="risk_analysis", tool_description="Potential red flags", custom_output_extractor=summary_extractor)  # expect: tool BL001
pricing_tool = pricing_agent.as_tool(  # expect: tool BL001
    tool_name="review_pricing",
    tool_description="Review the pricing packet.",
    custom_output_extractor=structured_extractor,
    max_turns=6,
)
check_tool = checker_agent.as_tool(  # expect: tool
    tool_name="check_claim",
    tool_description="Pass, fail or unclear for one claim.",
    custom_output_extractor=verdict_extractor,
)
json_tool = data_agent.as_tool(  # expect: tool BL001
    tool_name="get_data_json",
    tool_description="Run the data agent and return only its JSON payload",
    custom_output_extractor=extract_json_payload,
)
notes_tool = notes_agent.as_tool(  # expect: tool
    tool_name="write_notes",
    tool_description="Notes on the document, at most 2000 characters.",
    custom_output_extractor=clipped_output,
)

writer_agent = Agent(name="writer", instructions="Write the report.")
writer_with_tools = writer_agent.clone(tools=[fundamentals_tool, risk_tool, pricing_tool, check_tool, json_tool, notes_tool])
