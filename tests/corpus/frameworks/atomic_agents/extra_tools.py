"""Models more atomic-forge style 2.x tools (pdf_reader, hackernews_search, a GitHub counter), importing from atomic_agents.base.base_tool and atomic_agents.base.base_io_schema directly."""

from typing import List

import requests
from pypdf import PdfReader

from atomic_agents.base.base_io_schema import BaseIOSchema
from atomic_agents.base.base_tool import BaseTool, BaseToolConfig


class PdfInput(BaseIOSchema):
    """Read a PDF file."""

    path: str


class PdfOutput(BaseIOSchema):
    """Text of every page."""

    text: str
    pages: int


class PdfReaderTool(BaseTool[PdfInput, PdfOutput]):
    def run(self, params: PdfInput) -> PdfOutput:  # expect: tool BL001
        reader = PdfReader(params.path)
        return PdfOutput(text="\n".join(page.extract_text() or "" for page in reader.pages), pages=len(reader.pages))


class HNInput(BaseIOSchema):
    """Search Hacker News stories."""

    query: str


class HNStory(BaseIOSchema):
    """One story."""

    title: str
    url: str
    points: int


class HNOutput(BaseIOSchema):
    """Matching stories."""

    stories: List[HNStory]


class HackerNewsSearchTool(BaseTool[HNInput, HNOutput]):
    def run(self, params: HNInput) -> HNOutput:  # expect: tool BL001
        hits = requests.get("https://hn.algolia.com/api/v1/search", params={"query": params.query}, timeout=10).json()["hits"]
        return HNOutput(stories=[HNStory(title=h["title"], url=h.get("url") or "", points=h["points"]) for h in hits])


class RepoInput(BaseIOSchema):
    """Open issue count of a GitHub repository."""

    repo: str


class RepoOutput(BaseIOSchema):
    """Counts."""

    open_issues: int
    stars: int


class RepoStatsConfig(BaseToolConfig):
    token: str = ""


class RepoStatsTool(BaseTool[RepoInput, RepoOutput]):
    def __init__(self, config: RepoStatsConfig = RepoStatsConfig()):
        super().__init__(config)
        self.headers = {"Authorization": f"Bearer {config.token}"} if config.token else {}

    def run(self, params: RepoInput) -> RepoOutput:  # expect: tool
        data = requests.get(f"https://api.github.com/repos/{params.repo}", headers=self.headers, timeout=10).json()
        return RepoOutput(open_issues=int(data["open_issues_count"]), stars=int(data["stargazers_count"]))
