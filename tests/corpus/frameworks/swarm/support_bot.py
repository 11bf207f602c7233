"""Models OpenAI Swarm's support bot and weather examples (examples/support_bot/customer_service.py, examples/weather_agent/agents.py): plain functions listed in Agent(functions=[...]), returning strings or dicts that Swarm str()s into the tool message; a function returning an Agent is a handoff."""

import json

import qdrant_client
import requests
from openai import OpenAI

from swarm import Agent

client = OpenAI()
qdrant = qdrant_client.QdrantClient(host="localhost")


def query_qdrant(query: str, top_k: int = 5):
    vector = client.embeddings.create(input=query, model="text-embedding-3-large").data[0].embedding
    return qdrant.search(collection_name="help_center", query_vector=("article", vector), limit=top_k)


def query_docs(query):  # expect: tool BL001
    """Search the help center and return the best article."""
    hits = query_qdrant(query)
    if not hits:
        return {"response": "No results found."}
    article = hits[0].payload
    return {"response": f"Title: {article['title']}\nContent: {article['text']}"}


def send_email(email_address, message):  # expect: tool
    """Send an email to the user."""
    return {"response": f"Email sent to: {email_address} with message: {message}"}


def submit_ticket(description):  # expect: tool
    """Open a support ticket."""
    return {"response": f"Ticket created for {description}"}


def get_weather(location, time="now"):  # expect: tool BL001
    """Get the current weather in a given location."""
    resp = requests.get("https://wttr.in/" + location, params={"format": "j1"}, timeout=10)
    return json.dumps(resp.json())


def get_forecast_summary(location):  # expect: tool
    """Temperature in Celsius right now."""
    data = requests.get("https://wttr.in/" + location, params={"format": "j1"}, timeout=10).json()
    return float(data["current_condition"][0]["temp_C"])


def transfer_to_help_center():  # expect: tool
    """Transfer to the help center agent for product questions."""
    return help_center_agent


user_interface_agent = Agent(
    name="User Interface Agent",
    instructions="You handle all interactions with the user.",
    functions=[transfer_to_help_center],
)
help_center_agent = Agent(
    name="Help Center Agent",
    instructions="You are an OpenAI help center agent.",
    functions=[query_docs, submit_ticket, send_email],
)
weather_agent = Agent(
    name="Weather Agent",
    instructions="You are a helpful weather agent.",
    functions=[get_weather, get_forecast_summary, send_email],
)
