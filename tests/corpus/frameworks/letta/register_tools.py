"""Models the registration scripts of third-party Letta bots: client.tools.upsert_from_function(func=..., args_schema=..., tags=...), create_from_function(func=...), a loop over a list of functions, return_char_limit=, and a tool defined inside the function that registers it (letta_client 0.1.x - 1.11)."""

import os

from letta_client import Letta

from social_tools import (
    SearchArgs,
    draft_reply,
    favourite_status,
    get_account,
    get_home_timeline,
    mute_conversation,
    read_article,
    search_statuses,
    strip_mentions,
)


def add_posting_tool(client: Letta):
    def post_status(text: str) -> str:  # expect: tool
        """Publish a standalone status."""
        import os

        import requests

        if len(text) > 500:
            raise ValueError("status too long")
        resp = requests.post(
            f"{os.environ['MASTODON_URL']}/api/v1/statuses",
            headers={"Authorization": f"Bearer {os.environ['MASTODON_TOKEN']}"},
            data={"status": text},
            timeout=10,
        )
        resp.raise_for_status()
        return f"Posted {len(text)} characters"

    return client.tools.upsert_from_function(func=post_status, tags=["mastodon", "post"])


def register_all(agent_id: str) -> None:
    client = Letta(token=os.environ["LETTA_API_KEY"])
    search = client.tools.upsert_from_function(func=search_statuses, args_schema=SearchArgs, tags=["mastodon", "search"])
    article = client.tools.create_from_function(func=read_article)
    timeline = client.tools.upsert_from_function(func=get_home_timeline, return_char_limit=4000)
    for fn in [favourite_status, mute_conversation, draft_reply, get_account]:
        tool = client.tools.upsert_from_function(func=fn, tags=["mastodon"])
        client.agents.tools.attach(agent_id=agent_id, tool_id=tool.id)
    for tool in (search, article, timeline, add_posting_tool(client)):
        client.agents.tools.attach(agent_id=agent_id, tool_id=tool.id)
    print(strip_mentions("registered @everyone"))
