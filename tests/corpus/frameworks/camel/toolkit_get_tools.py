"""Models a CAMEL BaseToolkit subclass whose get_tools() returns [FunctionTool(self.method), ...], as in camel/toolkits/reddit_toolkit.py and networkx_toolkit.py and third-party toolkits (saltapp's SaltHumanToolkit)."""

import json
from typing import List, Optional

import requests
from camel.toolkits import BaseToolkit, FunctionTool


class WikiToolkit(BaseToolkit):
    def __init__(self, base_url: str, timeout: Optional[float] = None):
        super().__init__(timeout=timeout)
        self.base_url = base_url.rstrip("/")

    def _api(self, **params) -> dict:
        params["format"] = "json"
        return requests.get(f"{self.base_url}/w/api.php", params=params, timeout=20).json()

    def search_pages(self, query: str, limit: int = 10) -> List[dict]:  # expect: tool BL001
        r"""Search the wiki for pages matching a query.

        Args:
            query (str): The search terms.
            limit (int): Maximum number of hits.
        """
        return self._api(action="query", list="search", srsearch=query, srlimit=limit)["query"]["search"]

    def get_page_text(self, title: str) -> str:  # expect: tool BL001
        r"""Get the full wikitext of a page.

        Args:
            title (str): The page title.
        """
        pages = self._api(action="query", prop="revisions", rvprop="content", titles=title)["query"]["pages"]
        return json.dumps(pages)

    def get_page_summary(self, title: str) -> str:  # expect: tool
        r"""Get the first 1500 characters of a page's extract.

        Args:
            title (str): The page title.
        """
        extract = requests.get(f"{self.base_url}/api/rest_v1/page/summary/{title}", timeout=20).json()["extract"]
        return extract[:1500]

    def page_exists(self, title: str) -> bool:  # expect: tool
        r"""Whether a page with this title exists.

        Args:
            title (str): The page title.
        """
        pages = self._api(action="query", titles=title)["query"]["pages"]
        return "-1" not in pages

    async def watch_page(self, title: str) -> str:  # expect: tool
        r"""Add a page to the watchlist.

        Args:
            title (str): The page title.
        """
        try:
            self._api(action="watch", titles=title)
        except requests.RequestException as exc:
            return f"Could not watch {title}: {exc}"
        return f"Now watching {title}."

    def purge_cache(self, title: str) -> str:
        r"""Public helper that get_tools() does not expose."""
        return requests.post(f"{self.base_url}/w/api.php", data={"action": "purge", "titles": title}).text

    def get_tools(self) -> List[FunctionTool]:
        r"""Returns a list of FunctionTool objects representing the
        functions in the toolkit.
        """
        return [
            FunctionTool(self.search_pages),
            FunctionTool(self.get_page_text),
            FunctionTool(self.get_page_summary),
            FunctionTool(self.page_exists),
            FunctionTool(self.watch_page),
        ]
