"""Models Atomic Agents 2.x tools as installed from atomic-forge (tools/webpage_scraper, searxng_search, calculator, youtube_transcript_scraper): `class X(BaseTool[InputSchema, OutputSchema])` whose run()/run_async() returns an output BaseIOSchema; the caller hands that schema to the agent (add_tool_result / history), so its fields are what the model reads."""

from datetime import datetime, timezone
from typing import List, Optional

import httpx
import requests
from markdownify import markdownify
from pydantic import Field
from sympy import sympify

from atomic_agents import BaseIOSchema, BaseTool, BaseToolConfig


class ScraperInput(BaseIOSchema):
    """Scrape a web page and return its main content as markdown."""

    url: str = Field(..., description="URL of the page")


class ScraperOutput(BaseIOSchema):
    """Markdown content of the page."""

    content: str = Field(..., description="Page content as markdown")
    error: Optional[str] = None


class WebpageScraperTool(BaseTool[ScraperInput, ScraperOutput]):
    def run(self, params: ScraperInput) -> ScraperOutput:  # expect: tool BL001
        try:
            html = requests.get(params.url, timeout=30).text
            return ScraperOutput(content=markdownify(html))
        except requests.RequestException as exc:
            return ScraperOutput(content="", error=str(exc))

    def _clean(self, text: str) -> str:
        return "\n".join(line.strip() for line in text.splitlines() if line.strip())


class SearchInput(BaseIOSchema):
    """Search the web with SearXNG."""

    queries: List[str] = Field(..., description="Search queries")


class SearchResultItem(BaseIOSchema):
    """One search hit."""

    url: str
    title: str
    content: Optional[str] = None


class SearchOutput(BaseIOSchema):
    """Search hits."""

    results: List[SearchResultItem]


class SearXNGConfig(BaseToolConfig):
    base_url: str = "http://localhost:8080"
    max_results: int = 10


class SearXNGSearchTool(BaseTool[SearchInput, SearchOutput]):
    def __init__(self, config: SearXNGConfig = SearXNGConfig()):
        super().__init__(config)
        self.base_url = config.base_url
        self.max_results = config.max_results

    async def run_async(self, params: SearchInput) -> SearchOutput:  # expect: tool BL001
        async with httpx.AsyncClient() as client:
            hits = []
            for q in params.queries:
                data = (await client.get(f"{self.base_url}/search", params={"q": q, "format": "json"})).json()
                hits.extend(data["results"][: self.max_results])
        return SearchOutput(results=[SearchResultItem(url=h["url"], title=h["title"], content=h.get("content")) for h in hits])

    def run(self, params: SearchInput) -> SearchOutput:  # expect: tool BL001
        import asyncio

        return asyncio.run(self.run_async(params))


class CalculatorInput(BaseIOSchema):
    """Evaluate a mathematical expression."""

    expression: str


class CalculatorOutput(BaseIOSchema):
    """Numeric value of the expression."""

    value: float


class CalculatorTool(BaseTool[CalculatorInput, CalculatorOutput]):
    def run(self, params: CalculatorInput) -> CalculatorOutput:  # expect: tool
        return CalculatorOutput(value=float(sympify(params.expression).evalf()))


class NowInput(BaseIOSchema):
    """Current date and time."""


class NowOutput(BaseIOSchema):
    """ISO timestamp and weekday."""

    iso: str
    weekday: int


class DateTimeTool(BaseTool[NowInput, NowOutput]):
    def run(self, params: NowInput) -> NowOutput:  # expect: tool
        now = datetime.now(timezone.utc)
        return NowOutput(iso=now.isoformat(timespec="seconds"), weekday=now.isoweekday())


class TranscriptInput(BaseIOSchema):
    """Fetch the transcript of a YouTube video."""

    video_url: str


class TranscriptOutput(BaseIOSchema):
    """Full transcript text."""

    transcript: str
    duration: float


class YouTubeTranscriptTool(BaseTool[TranscriptInput, TranscriptOutput]):
    def run(self, params: TranscriptInput) -> TranscriptOutput:  # expect: tool BL001
        from youtube_transcript_api import YouTubeTranscriptApi

        video_id = params.video_url.rsplit("v=", 1)[-1]
        parts = YouTubeTranscriptApi.get_transcript(video_id)
        return TranscriptOutput(transcript=" ".join(p["text"] for p in parts), duration=sum(p["duration"] for p in parts))
