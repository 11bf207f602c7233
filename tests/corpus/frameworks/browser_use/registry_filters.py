"""Models browser-use actions declared through `registry = tools.registry` with domain filters (examples/custom-functions/action_filters.py) and actions reading page text or the clipboard."""

import pyperclip

from browser_use.agent.service import Agent, Tools
from browser_use.browser import BrowserSession

tools = Tools(exclude_actions=["search"])
registry = tools.registry


@registry.action(description="Trigger disco mode", domains=["google.com", "*.google.com"])
async def disco_mode(browser_session: BrowserSession):  # expect: tool
    cdp_session = await browser_session.get_or_create_cdp_session()
    await cdp_session.cdp_client.send.Runtime.evaluate(
        params={"expression": "document.body.style.animation = 'wiggle 0.5s infinite'"},
        session_id=cdp_session.session_id,
    )


@registry.action("Read the visible text of the current page", domains=["*"])
async def page_text(browser_session: BrowserSession) -> str:  # expect: tool BL001
    cdp_session = await browser_session.get_or_create_cdp_session()
    result = await cdp_session.cdp_client.send.Runtime.evaluate(
        params={"expression": "document.body.innerText", "returnByValue": True},
        session_id=cdp_session.session_id,
    )
    return result["result"]["value"]


@registry.action("Paste what the user copied")
def read_clipboard() -> str:  # expect: tool BL001
    return pyperclip.paste()


async def is_login_page(browser_session: BrowserSession) -> bool:
    url = await browser_session.get_current_page_url()
    return "login" in url.lower()


agent = Agent(task="Go to google.com and trigger disco mode", llm=None, tools=tools)
