"""Models the browser-use agentmail example: a Tools subclass whose register method defines nested @self.action functions (current import paths)."""

from browser_use import Agent, Tools


class EmailTools(Tools):
    def __init__(self, client, inbox_id: str | None = None):
        super().__init__()
        self.client = client
        self.inbox_id = inbox_id
        self.register_email_tools()

    def _serialize_message(self, message) -> str:
        return f"From: {message.from_}\nSubject: {message.subject}\nBody: {message.text or message.html}"

    def register_email_tools(self):
        @self.action("Get the email address to log in with")
        async def get_email_address() -> str:  # expect: tool
            inbox = await self.client.inboxes.get(self.inbox_id)
            return inbox.inbox_id

        @self.action("Get the latest email, e.g. for a verification code")
        async def get_latest_email() -> str:  # expect: tool BL001
            messages = await self.client.inboxes.messages.list(inbox_id=self.inbox_id)
            if not messages.messages:
                return "No email received yet"
            return self._serialize_message(messages.messages[0])


def make_agent(client, llm) -> Agent:
    return Agent(task="Sign up with the inbox address", llm=llm, tools=EmailTools(client))
