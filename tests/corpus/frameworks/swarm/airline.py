"""Models OpenAI Swarm's airline example (examples/airline/configs/tools.py and agents.py): tools taking the hidden context_variables argument, constant-string tools, and transfer functions, registered with Agent(functions=[...])."""

import json
import sqlite3

import requests

from swarm import Agent

DB = sqlite3.connect("airline.db")


def escalate_to_agent(reason=None):  # expect: tool
    """Hand the case to a human agent."""
    note = f" ({reason})" if reason else ""
    return "A human agent will take over" + note


def valid_to_change_flight():  # expect: tool
    """Check the fare rules before changing a flight."""
    return "Eligible for a change"


def change_flight(context_variables, new_flight: str):  # expect: tool
    """Move the customer to another flight."""
    DB.execute("update bookings set flight = ? where customer = ?", (new_flight, context_variables["customer_id"]))
    return f"Changed to flight {new_flight}"


def initiate_refund():  # expect: tool
    """Start a refund to the original payment method."""
    status = "Refund started"
    return status


def lookup_booking(context_variables):  # expect: tool BL001
    """Every booking of the current customer."""
    rows = DB.execute("select * from bookings where customer = ?", (context_variables["customer_id"],)).fetchall()
    return json.dumps(rows)


def flight_status(flight_number: str):  # expect: tool BL001
    """Live status page for a flight."""
    return requests.get(f"https://status.example-air.com/flights/{flight_number}", timeout=10).text


def case_resolved():  # expect: tool
    """Close the case."""
    return "Case closed"


def transfer_to_flight_modification():  # expect: tool
    return flight_modification


def transfer_to_triage():  # expect: tool
    """Call this if the user brings up a topic outside of your purview."""
    return triage_agent


def format_itinerary(rows) -> str:
    """Used when printing, never given to an agent."""
    return "\n".join(" - ".join(map(str, r)) for r in rows)


triage_agent = Agent(
    name="Triage Agent",
    instructions="Route the customer to the right department.",
    functions=[transfer_to_flight_modification, escalate_to_agent, lookup_booking],
)
flight_modification = Agent(
    name="Flight Modification Agent",
    instructions="Help the customer change their flight.",
    functions=[valid_to_change_flight, change_flight, initiate_refund, flight_status, case_resolved, transfer_to_triage],
)
