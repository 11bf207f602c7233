"""Models CAMEL tools built from plain functions: FunctionTool(fn) (docs key_modules/tools.md), FunctionTool with openai_tool_schema=, the @tool decorator from camel.toolkits (examples/toolkits/function_tool_example.py), raw callables in ChatAgent(tools=[...]) and agent.add_tool(fn), and RolePlaying(assistant_agent_kwargs=dict(tools=...)) (examples/toolkits/role_playing_with_functions.py)."""

import json
import sqlite3
from typing import Any, Dict

import pandas as pd
import requests
from camel.agents import ChatAgent
from camel.agents.chat_agent import ChatAgent as BaseChatAgent
from camel.societies import RolePlaying
from camel.toolkits import FunctionTool, MathToolkit, tool


def add(a: int, b: int) -> int:  # expect: tool
    r"""Adds two numbers."""
    return a + b


def fetch_url(url: str) -> str:  # expect: tool BL001
    r"""Fetch a web page and return its HTML."""
    return requests.get(url, timeout=20).text


def query_orders(customer_id: str) -> str:  # expect: tool BL001
    r"""All orders of a customer as JSON."""
    conn = sqlite3.connect("shop.db")
    rows = conn.execute("select * from orders where customer_id = ?", (customer_id,)).fetchall()
    return json.dumps(rows)


def cancel_order(order_id: str) -> str:  # expect: tool
    r"""Cancel an order."""
    conn = sqlite3.connect("shop.db")
    conn.execute("update orders set status = 'cancelled' where id = ?", (order_id,))
    conn.commit()
    return f"Order {order_id} cancelled."


@tool()
def calculate_bmi(weight: float, height: float) -> Dict[str, Any]:  # expect: tool
    r"""Calculate BMI and a health status."""
    bmi = weight / (height * height)
    status = "Normal weight" if 18.5 <= bmi < 24.9 else "Out of range"
    return {"bmi": round(bmi, 2), "status": status}


@tool
def summarize_sales(path: str) -> str:  # expect: tool BL001
    r"""Group a sales CSV by region and print the table."""
    df = pd.read_csv(path)
    return df.groupby("region").sum(numeric_only=True).to_string()


def lookup_ticker(company: str) -> str:  # expect: tool
    r"""Stock ticker for a company name, or a not-found message."""
    tickers = {"apple": "AAPL", "microsoft": "MSFT"}
    return tickers.get(company.lower(), "unknown")


def read_log(path: str) -> str:  # expect: tool BL001
    r"""Read a log file."""
    with open(path) as f:
        return f.read()


def search_papers(query: str) -> str:  # expect: tool BL001
    r"""Search arXiv and return every abstract."""
    feed = requests.get("http://export.arxiv.org/api/query", params={"search_query": query}, timeout=30).text
    return "\n\n".join(part.split("</summary>")[0] for part in feed.split("<summary>")[1:])


def confirm_refund(order_id: str, amount: float) -> str:
    r"""External tool: CAMEL hands the call back to the caller and never runs this body."""
    return requests.post("https://pay.example.com/refunds", json={"order": order_id, "amount": amount}).text


ticker_tool = FunctionTool(
    lookup_ticker,
    openai_tool_schema={
        "type": "function",
        "function": {
            "name": "lookup_ticker",
            "description": "Stock ticker for a company name",
            "parameters": {"type": "object", "properties": {"company": {"type": "string"}}, "required": ["company"]},
        },
    },
)

agent = ChatAgent(
    "You are a shop assistant.",
    tools=[add, FunctionTool(fetch_url), FunctionTool(query_orders), cancel_order, *MathToolkit().get_tools()],
    external_tools=[confirm_refund],
)
agent.add_tool(calculate_bmi)

analyst = BaseChatAgent("You are an analyst.", tools=[summarize_sales, ticker_tool])
analyst.add_tools([FunctionTool(read_log)])

society = RolePlaying(
    assistant_role_name="Researcher",
    user_role_name="Professor",
    assistant_agent_kwargs=dict(tools=[FunctionTool(search_papers)]),
    task_prompt="Survey recent work on tool-output truncation.",
)
