"""Models Griptape HTTP tools: RestApiTool (TextArtifact(response.text)), WebScraperTool (ListArtifact of chunks), a search tool and a weather client (third-party OpenWeatherClient style)."""

from __future__ import annotations

import requests
from attrs import define, field
from schema import Literal, Schema

from griptape.artifacts import BooleanArtifact, ErrorArtifact, InfoArtifact, ListArtifact, TextArtifact
from griptape.tools import BaseTool
from griptape.utils.decorators import activity


@define
class RestClientTool(BaseTool):
    base_url: str = field(kw_only=True)
    headers: dict = field(factory=dict, kw_only=True)

    @activity(config={"description": "GET a resource from {{ _self.base_url }}", "schema": Schema({Literal("path"): str})})
    def get(self, params: dict) -> TextArtifact | ErrorArtifact:  # expect: tool BL001
        try:
            response = requests.get(self.base_url + params["values"]["path"], headers=self.headers, timeout=30)
            return TextArtifact(response.text)
        except requests.RequestException as err:
            return ErrorArtifact(str(err))

    @activity(config={"description": "POST a JSON body", "schema": Schema({Literal("path"): str, Literal("body"): dict})})
    def post(self, path: str, body: dict) -> TextArtifact:  # expect: tool BL001
        response = requests.post(self.base_url + path, json=body, headers=self.headers, timeout=30)
        return TextArtifact(response.text)

    @activity(config={"description": "DELETE a resource", "schema": Schema({Literal("path"): str})})
    def delete(self, path: str) -> InfoArtifact:  # expect: tool
        response = requests.delete(self.base_url + path, headers=self.headers, timeout=30)
        return InfoArtifact(f"DELETE {path} returned {response.status_code}")

    @activity(config={"description": "Check that the API answers"})
    def ping(self) -> BooleanArtifact:  # expect: tool
        return BooleanArtifact(requests.head(self.base_url, timeout=5).ok)


@define
class PageReaderTool(BaseTool):
    chunk_size: int = field(default=2000, kw_only=True)

    @activity(config={"description": "Load the text of a web page", "schema": Schema({Literal("url"): str})})
    def get_content(self, params: dict) -> ListArtifact | ErrorArtifact:  # expect: tool BL001
        try:
            text = requests.get(params["values"]["url"], timeout=30).text
        except requests.RequestException as e:
            return ErrorArtifact("Error getting page content: " + str(e))
        chunks = [text[i : i + self.chunk_size] for i in range(0, len(text), self.chunk_size)]
        return ListArtifact([TextArtifact(c) for c in chunks])

    @activity(config={"description": "Search the web", "schema": Schema({Literal("query"): str})})
    def search(self, query: str) -> TextArtifact:  # expect: tool BL001
        results = requests.get("https://search.example/api", params={"q": query}, timeout=30).json()["results"]
        return TextArtifact("\n".join(f"{r['title']}: {r['snippet']}" for r in results))


@define
class WeatherClient(BaseTool):
    api_key: str = field(kw_only=True)

    @activity(config={"description": "Coordinates of a place", "schema": Schema({Literal("location"): str})})
    def get_coordinates(self, location: str) -> InfoArtifact | ErrorArtifact:  # expect: tool
        data = self._geocode(location)
        if not data:
            return ErrorArtifact(f"Error fetching coordinates for location: {location}")
        return InfoArtifact(f"Coordinates for {location}: lat {data[0]['lat']}, lon {data[0]['lon']}")

    @activity(config={"description": "Hourly forecast for 48 hours", "schema": Schema({Literal("location"): str})})
    def get_hourly_forecast(self, location: str) -> TextArtifact:  # expect: tool BL001
        data = self._geocode(location)
        response = requests.get(
            "https://api.openweathermap.org/data/3.0/onecall",
            params={"lat": data[0]["lat"], "lon": data[0]["lon"], "appid": self.api_key},
            timeout=30,
        )
        return TextArtifact(str(response.json()))

    def _geocode(self, location: str) -> list:
        return requests.get(
            "https://api.openweathermap.org/geo/1.0/direct",
            params={"q": location, "limit": 1, "appid": self.api_key},
            timeout=30,
        ).json()
