"""Models third-party Letta agents (social-media bots built on letta_client) whose tools are plain, self-contained functions (imports inside the body, since Letta uploads the source and runs it in a sandbox), with a pydantic args schema; they are registered from register_tools.py."""

from pydantic import BaseModel, Field


class SearchArgs(BaseModel):
    query: str = Field(..., description="What to search for")
    limit: int = Field(20, description="Maximum number of statuses")


def search_statuses(query: str, limit: int = 20) -> str:  # expect: tool BL001
    """Search public statuses on the instance."""
    import os

    import requests

    resp = requests.get(
        f"{os.environ['MASTODON_URL']}/api/v2/search",
        params={"q": query, "type": "statuses", "limit": limit},
        timeout=10,
    )
    resp.raise_for_status()
    lines = [f"@{s['account']['acct']}: {s['content']}" for s in resp.json()["statuses"]]
    return "\n".join(lines)


def read_article(url: str) -> str:  # expect: tool BL001
    """Download an article and convert it to plain text."""
    import html2text
    import requests

    html = requests.get(url, timeout=30, headers={"User-Agent": "letta-bot"}).text
    return html2text.html2text(html)


def get_account(acct: str) -> str:  # expect: tool BL001
    """Return an account's public record as JSON."""
    import json
    import os

    import requests

    resp = requests.get(f"{os.environ['MASTODON_URL']}/api/v1/accounts/lookup", params={"acct": acct}, timeout=10)
    return json.dumps(resp.json(), indent=2)


def favourite_status(status_id: str) -> str:  # expect: tool
    """Favourite a status by id."""
    import os

    import requests

    resp = requests.post(
        f"{os.environ['MASTODON_URL']}/api/v1/statuses/{status_id}/favourite",
        headers={"Authorization": f"Bearer {os.environ['MASTODON_TOKEN']}"},
        timeout=10,
    )
    resp.raise_for_status()
    return f"Favourited status {status_id}"


def mute_conversation(status_id: str, why: str) -> str:  # expect: tool
    """Stop receiving notifications for a conversation."""
    import os

    import requests

    requests.post(
        f"{os.environ['MASTODON_URL']}/api/v1/statuses/{status_id}/mute",
        headers={"Authorization": f"Bearer {os.environ['MASTODON_TOKEN']}"},
        timeout=10,
    ).raise_for_status()
    return f"Muted {status_id}: {why}"


def draft_reply(text: str, visibility: str = "public") -> str:  # expect: tool
    """Stage a reply (max 500 characters) for the bot loop to send."""
    if len(text) > 500:
        raise ValueError(f"reply is {len(text)} characters, limit is 500")
    return f"Drafted a {visibility} reply of {len(text)} characters"


def get_home_timeline(limit: int = 40) -> str:  # expect: tool
    """Home timeline as JSON; registered with return_char_limit=4000, so Letta cuts it."""
    import json
    import os

    import requests

    resp = requests.get(
        f"{os.environ['MASTODON_URL']}/api/v1/timelines/home",
        headers={"Authorization": f"Bearer {os.environ['MASTODON_TOKEN']}"},
        params={"limit": limit},
        timeout=10,
    )
    return json.dumps(resp.json())


def strip_mentions(text: str) -> str:
    """Used by the bot loop; never uploaded to Letta."""
    return " ".join(word for word in text.split() if not word.startswith("@"))
