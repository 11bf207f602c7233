"""Models the Agents SDK agents-as-tools examples (examples/agent_patterns/agents_as_tools.py, _conditional.py, _streaming.py): sub-agents exposed with agent.as_tool(tool_name=..., tool_description=...) inline in tools=[...], with is_enabled= and on_stream=. The tool returns the sub-agent's final output, free text here. Labels sit on the line of the as_tool( call."""

from agents import Agent, AgentToolStreamEvent, RunContextWrapper, Runner

spanish_agent = Agent(name="spanish_agent", instructions="You translate the user's message to Spanish")
french_agent = Agent(name="french_agent", instructions="You translate the user's message to French")
italian_agent = Agent(name="italian_agent", instructions="You translate the user's message to Italian")
billing_agent = Agent(name="billing_agent", instructions="You answer billing questions from the invoices you are given.")


def french_enabled(ctx: RunContextWrapper, agent: Agent) -> bool:
    return ctx.context.get("languages") == "french_spanish"


async def print_event(event: AgentToolStreamEvent) -> None:
    print(f"[stream] {event['agent'].name} :: {event['event'].type}")


orchestrator_agent = Agent(
    name="orchestrator_agent",
    instructions="You are a translation agent. Use the tools given to you to translate.",
    tools=[
        spanish_agent.as_tool(  # expect: tool BL001
            tool_name="translate_to_spanish",
            tool_description="Translate the user's message to Spanish",
        ),
        french_agent.as_tool(  # expect: tool BL001
            tool_name="translate_to_french",
            tool_description="Translate the user's message to French",
            is_enabled=french_enabled,
        ),
        italian_agent.as_tool(tool_name="translate_to_italian", tool_description="Translate to Italian", is_enabled=False),  # expect: tool BL001
    ],
)

billing_tool = billing_agent.as_tool(  # expect: tool BL001
    tool_name="billing_helper",
    tool_description="Answer billing questions.",
    on_stream=print_event,
)

support_agent = Agent(name="support", instructions="Help the customer.", tools=[billing_tool])

# A handoff gives the conversation away; it is not a tool returning data.
triage_agent = Agent(name="triage", instructions="Route the user.", handoffs=[spanish_agent, support_agent])


async def main() -> None:
    result = await Runner.run(orchestrator_agent, input="Say 'Hello, how are you?' in Spanish.")
    print(result.final_output)
