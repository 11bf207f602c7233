"""Models Composio 3.x custom tools on a differently named client (`client = Composio(api_key=...)`), a provider client (Composio(provider=OpenAIProvider())), and tools returning mail bodies or small confirmations."""

import os

from pydantic import BaseModel

from composio import Composio
from composio_openai import OpenAIProvider

client = Composio(api_key=os.environ["COMPOSIO_API_KEY"], provider=OpenAIProvider())


class SearchMail(BaseModel):
    query: str
    max_results: int = 10


class MessageId(BaseModel):
    message_id: str


class Note(BaseModel):
    text: str


@client.tools.custom_tool(toolkit="gmail")
def search_mail(request: SearchMail, execute_request, auth_credentials: dict) -> dict:  # expect: tool BL001
    """Search the mailbox and return the matching messages."""
    response = execute_request(endpoint="/gmail/v1/users/me/messages", method="GET", parameters=[{"name": "q", "value": request.query, "in": "query"}])
    return {"messages": response.data.get("messages", [])}


@client.tools.custom_tool(toolkit="gmail")
def read_message(request: MessageId, execute_request, auth_credentials: dict) -> dict:  # expect: tool BL001
    """Full message, headers and body."""
    response = execute_request(endpoint=f"/gmail/v1/users/me/messages/{request.message_id}", method="GET")
    return response.data


@client.tools.custom_tool(toolkit="gmail")
def archive_message(request: MessageId, execute_request, auth_credentials: dict) -> dict:  # expect: tool
    """Remove a message from the inbox."""
    execute_request(endpoint=f"/gmail/v1/users/me/messages/{request.message_id}/modify", method="POST", body={"removeLabelIds": ["INBOX"]})
    return {"archived": request.message_id}


@client.tools.custom_tool
def save_note(request: Note) -> str:  # expect: tool
    """Append a note to the local notes file."""
    with open("notes.txt", "a") as f:
        f.write(request.text + "\n")
    return f"Saved {len(request.text)} characters"
