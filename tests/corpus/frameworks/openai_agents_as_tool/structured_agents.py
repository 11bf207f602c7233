"""Models Agent.as_tool() over sub-agents with a structured output_type (a small model is a bounded return, a model holding free text is not), with parameters=/include_input_schema=/needs_approval=/run_config= (agents_as_tools_structured.py, docs/tools.md), a sub-agent capped with ModelSettings(max_tokens=...), and a @function_tool that runs an agent itself."""

from typing import Literal

from pydantic import BaseModel, Field

from agents import Agent, ModelSettings, RunConfig, Runner, function_tool


class TranslationInput(BaseModel):
    text: str = Field(description="Text to translate.")
    source: str = Field(description="Source language.")
    target: str = Field(description="Target language.")


class RiskFlag(BaseModel):
    risky: bool
    level: Literal["low", "medium", "high"]


class Report(BaseModel):
    title: str
    body: str


translator = Agent(name="translator", instructions="Translate the input text into the target language.")
risk_classifier = Agent(name="risk_classifier", instructions="Classify the transaction's risk.", output_type=RiskFlag)
counter = Agent(name="counter", instructions="Count the line items in the order.", output_type=int)
reporter = Agent(name="reporter", instructions="Write a report on the topic.", output_type=Report)
headline_writer = Agent(
    name="headline_writer",
    instructions="Write one headline for the article.",
    model_settings=ModelSettings(max_tokens=60),
)
researcher = Agent(name="researcher", instructions="Research the question in depth and cite sources.")

translate_tool = translator.as_tool(  # expect: tool BL001
    tool_name="translate_text",
    tool_description="Translate text between languages.",
    parameters=TranslationInput,
    include_input_schema=True,
)
risk_tool = risk_classifier.as_tool(  # expect: tool
    tool_name="classify_risk",
    tool_description="Risk flag for a transaction.",
    needs_approval=False,
)
count_tool = counter.as_tool(tool_name="count_items", tool_description="Number of line items.")  # expect: tool
report_tool = reporter.as_tool(tool_name="write_report", tool_description="A report on a topic.", run_config=RunConfig(workflow_name="report"))  # expect: tool BL001
headline_tool = headline_writer.as_tool(tool_name="headline", tool_description="One headline for an article.")  # expect: tool
research = researcher.as_tool(  # expect: tool BL001
    tool_name="research",
    tool_description="Deep research on a question.",
    needs_approval=True,
    max_turns=10,
)


@function_tool
async def run_researcher(question: str) -> str:  # expect: tool BL001
    """Run the research agent with custom settings and return its answer."""
    result = await Runner.run(researcher, input=question, max_turns=5)
    return str(result.final_output)


manager = Agent(
    name="manager",
    instructions="Use the tools to answer.",
    tools=[translate_tool, risk_tool, count_tool, report_tool, headline_tool, research, run_researcher],
)
