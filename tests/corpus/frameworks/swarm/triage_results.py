"""Models OpenAI Swarm's triage and context examples (examples/triage_agent/agents.py, examples/basic/context_variables.py) and forks that keep its API: functions attached after construction with agent.functions = [...] and agent.functions.append(f), and functions returning swarm.types.Result(value=..., agent=..., context_variables=...), whose value is what the model sees."""

import json

import requests

from swarm import Agent, Swarm
from swarm.types import Result

triage_agent = Agent(name="Triage Agent", instructions="Transfer the user to the right agent.")
sales_agent = Agent(name="Sales Agent", instructions="Be super enthusiastic about selling bees.")
refunds_agent = Agent(name="Refunds Agent", instructions="Help the user with a refund.")


def process_refund(item_id, reason="NOT SPECIFIED"):  # expect: tool
    """Refund an item."""
    print("refund", item_id, reason)
    return "Refund queued"


def apply_discount():  # expect: tool
    """Apply a discount to the user's cart."""
    return "Discount of 10% applied"


def order_history(context_variables):  # expect: tool BL001
    """All orders of the signed-in user."""
    resp = requests.get(f"https://shop.example.com/api/users/{context_variables['user_id']}/orders", timeout=10)
    return Result(value=json.dumps(resp.json()), context_variables={"orders_loaded": True})


def set_language(context_variables, language: str):  # expect: tool
    """Remember the user's language."""
    return Result(value=f"Language set to {language}", context_variables={"language": language})


def print_account_details(context_variables: dict):  # expect: tool
    """Log the signed-in account."""
    print("account", context_variables.get("user_id"))
    return "Logged"


def transfer_to_sales():  # expect: tool
    return sales_agent


def transfer_to_refunds():  # expect: tool
    return Result(value="Transferring to refunds", agent=refunds_agent)


def transfer_back_to_triage():  # expect: tool
    """Call this if the user asks about something you do not handle."""
    return triage_agent


triage_agent.functions = [transfer_to_sales, transfer_to_refunds, print_account_details]
sales_agent.functions.append(transfer_back_to_triage)
sales_agent.functions.extend([order_history, set_language])
refunds_agent.functions.append(transfer_back_to_triage)
refunds_agent.functions += [process_refund, apply_discount]

client = Swarm()
response = client.run(agent=triage_agent, messages=[{"role": "user", "content": "Refund please"}], context_variables={"user_id": 7})
