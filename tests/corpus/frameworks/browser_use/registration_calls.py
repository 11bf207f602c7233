"""Models browser-use registrations done by functions: nested @tools.registry.action in a register_*_actions(tools) helper (integrations/gmail), and the call form registry.action(...)(handler) with factory closures (skills, MCP client), plus a JS action cut like the built-in evaluate."""

import json
from datetime import datetime, timezone

from pydantic import BaseModel, Field

from browser_use import ActionResult, BrowserSession, Tools
from browser_use.tools.registry.service import Registry

MAX_JS_CHARS = 20000


class RecentEmailsParams(BaseModel):
    keyword: str = ""
    max_results: int = Field(default=3, ge=1, le=50)


def register_mail_actions(tools: Tools, service) -> Tools:
    @tools.registry.action("Get recent emails, e.g. for 2FA codes", param_model=RecentEmailsParams)
    async def get_recent_emails(params: RecentEmailsParams) -> ActionResult:  # expect: tool BL001
        emails = await service.get_recent_emails(max_results=params.max_results, query=params.keyword)
        if not emails:
            return ActionResult(extracted_content="No recent emails", long_term_memory="No recent emails")
        content = "\n\n".join(f"From: {e['from']}\nSubject: {e['subject']}\n{e['body']}" for e in emails)
        return ActionResult(
            extracted_content=content,
            include_extracted_content_only_once=True,
            long_term_memory=f"Retrieved {len(emails)} recent emails",
        )

    @tools.registry.action("Run JavaScript on the page and return its result")
    async def run_js(code: str, browser_session: BrowserSession) -> ActionResult:  # expect: tool
        cdp_session = await browser_session.get_or_create_cdp_session()
        result = await cdp_session.cdp_client.send.Runtime.evaluate(
            params={"expression": code, "returnByValue": True}, session_id=cdp_session.session_id
        )
        text = str(result.get("result", {}).get("value"))
        if len(text) > MAX_JS_CHARS:
            text = text[: MAX_JS_CHARS - 50] + f"\n... [Truncated after {MAX_JS_CHARS} characters]"
        return ActionResult(extracted_content=text)

    return tools


def register_skill(registry: Registry, client, slug: str, description: str, param_model: type[BaseModel]) -> None:
    def make_skill_handler(skill_id: str):
        async def skill_handler(params: BaseModel) -> ActionResult:  # expect: tool BL001
            result = await client.execute_skill(skill_id=skill_id, parameters=params.model_dump())
            if not result.success:
                return ActionResult(error=result.error or "Skill execution failed")
            return ActionResult(extracted_content=json.dumps(result.result))

        return skill_handler

    handler = make_skill_handler(slug)
    handler.__name__ = slug
    registry.action(description=description, param_model=param_model)(handler)


def register_mcp_tool(tools: Tools, session, tool_name: str, description: str) -> None:
    async def mcp_action_wrapper(**kwargs) -> ActionResult:  # expect: tool BL001
        try:
            result = await session.call_tool(tool_name, kwargs)
        except Exception as e:
            return ActionResult(error=f"MCP tool '{tool_name}' failed: {e}")
        text = "\n".join(block.text for block in result.content if hasattr(block, "text"))
        return ActionResult(extracted_content=text, long_term_memory=f"Used MCP tool '{tool_name}'")

    mcp_action_wrapper.__name__ = tool_name
    tools.registry.action(description=description)(mcp_action_wrapper)


def current_time() -> str:  # expect: tool
    return datetime.now(timezone.utc).isoformat()


clock_tools = Tools()
clock_tools.registry.action("Current UTC time")(current_time)
