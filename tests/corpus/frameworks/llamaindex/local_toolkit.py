"""Negative: a project's own BaseToolSpec look-alike (no LlamaIndex import), like in-house toolkits and OpenAI-Agents projects that copied the spec_functions idiom."""

import requests


class BaseToolSpec:
    """In-house base class: lists methods for our own dispatcher."""

    spec_functions: list = []

    def dispatch(self, name: str, **kwargs):
        return getattr(self, name)(**kwargs)


class InventorySpec(BaseToolSpec):
    spec_functions = ["stock_report"]

    def stock_report(self, sku: str) -> str:
        return requests.get(f"https://inventory.example/api/{sku}", timeout=10).text


class GoogleSearchToolSpec:
    """Same idiom without any base class; the project exposes tools another way."""

    spec_functions = [("google_search", "agoogle_search")]

    def google_search(self, query: str) -> str:
        return requests.get("https://www.googleapis.com/customsearch/v1", params={"q": query}, timeout=10).text

    async def agoogle_search(self, query: str) -> str:
        return self.google_search(query)
