"""Models Pipecat's function-calling examples (examples/function-calling): handlers registered with
`llm.register_function(name, handler)` that hand their result to `params.result_callback(...)`,
the older handler signature with a `result_callback` argument, and direct functions given to
`LLMContext(tools=[...])`."""

import os

import httpx

from pipecat.adapters.schemas.tools_schema import ToolsSchema
from pipecat.processors.aggregators.llm_context import LLMContext
from pipecat.services.llm_service import FunctionCallParams
from pipecat.services.openai.llm import OpenAILLMService


async def fetch_weather(params: FunctionCallParams):  # expect: tool
    location = params.arguments["location"]
    await params.result_callback({"conditions": "nice", "temperature": "75", "location": location})


async def fetch_forecast_page(params: FunctionCallParams):  # expect: tool BL001
    async with httpx.AsyncClient() as client:
        response = await client.get("https://forecast.example.com", params={"q": params.arguments["city"]})
    await params.result_callback(response.text)


async def read_manual(function_name, tool_call_id, args, llm, context, result_callback):  # expect: tool BL001
    with open(args["path"], encoding="utf-8") as handle:
        await result_callback(handle.read())


async def get_restaurant_recommendation(params: FunctionCallParams, location: str):  # expect: tool
    """Get a restaurant recommendation.

    Args:
        location: The city and state.
    """
    await params.result_callback({"name": "The Golden Dragon"})


async def search_docs(params: FunctionCallParams, query: str):  # expect: tool BL001
    """Search the product documentation."""
    async with httpx.AsyncClient() as client:
        hits = (await client.get("https://docs.example.com/search", params={"q": query})).json()
    await params.result_callback(hits)


def make_llm() -> OpenAILLMService:
    llm = OpenAILLMService(api_key=os.environ["OPENAI_API_KEY"])
    llm.register_function("get_current_weather", fetch_weather)
    llm.register_function("get_forecast_page", fetch_forecast_page)
    llm.register_function("read_manual", read_manual)
    return llm


tools = ToolsSchema(standard_tools=[get_restaurant_recommendation])
context = LLMContext(tools=[search_docs])


def _format_location(location: str) -> str:
    return location.strip().title()
