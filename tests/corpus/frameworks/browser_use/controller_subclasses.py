"""Models the browser-use web-ui CustomController: a Controller subclass registering nested @self.registry.action functions in a method (pre-0.7 import paths, legacy `browser: BrowserContext` parameter)."""

import pyperclip
from pydantic import BaseModel

from browser_use.agent.views import ActionResult
from browser_use.browser.context import BrowserContext
from browser_use.controller.service import Controller


class CustomController(Controller):
    def __init__(self, exclude_actions: list[str] | None = None, output_model: type[BaseModel] | None = None):
        super().__init__(exclude_actions=exclude_actions or [], output_model=output_model)
        self._register_custom_actions(output_model)

    def _register_custom_actions(self, output_model):
        @self.registry.action("Copy text to clipboard")
        def copy_to_clipboard(text: str):  # expect: tool
            pyperclip.copy(text)
            return ActionResult(extracted_content=text)

        @self.registry.action("Paste text from clipboard")
        async def paste_from_clipboard(browser: BrowserContext):  # expect: tool BL001
            text = pyperclip.paste()
            page = await browser.get_current_page()
            await page.keyboard.type(text)
            return ActionResult(extracted_content=text)

        @self.registry.action("Get the raw HTML of the current page")
        async def get_page_html(browser: BrowserContext):  # expect: tool BL001
            page = await browser.get_current_page()
            return ActionResult(extracted_content=await page.content(), include_in_memory=True)

        if output_model is not None:

            @self.registry.action("Complete task with structured output", param_model=output_model)
            async def done(params: BaseModel):  # expect: tool
                return ActionResult(is_done=True, extracted_content=params.model_dump_json())
