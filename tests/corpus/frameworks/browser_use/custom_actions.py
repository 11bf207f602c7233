"""Models browser-use custom actions on a module-level Tools(): @tools.action and @tools.registry.action (README, examples/custom-functions: save_to_file, advanced_search, onepassword_2fa, file_upload)."""

import json
import os

import httpx
import pyotp
from pydantic import BaseModel

from browser_use import ActionResult, Agent, BrowserSession, ChatOpenAI, Tools

tools = Tools()
JOBS_FILE = "jobs.jsonl"


class Job(BaseModel):
    title: str
    company: str
    link: str


class Jobs(BaseModel):
    jobs: list[Job]


@tools.action("Save jobs to a file", param_model=Jobs)
def save_jobs(params: Jobs) -> str:  # expect: tool
    with open(JOBS_FILE, "a") as f:
        for job in params.jobs:
            f.write(job.model_dump_json() + "\n")
    return f"Saved {len(params.jobs)} jobs to {JOBS_FILE}"


@tools.action("Read all jobs saved so far")
def read_jobs() -> ActionResult:  # expect: tool BL001
    with open(JOBS_FILE) as f:
        content = f.read()
    return ActionResult(extracted_content=content, include_in_memory=True)


@tools.registry.action("Search the web for a query. Returns titles, descriptions and links.")
async def search_web(query: str) -> ActionResult:  # expect: tool BL001
    async with httpx.AsyncClient() as client:
        resp = await client.post(
            "https://serp.example/search", json={"q": query}, headers={"X-API-KEY": os.environ["SERP_KEY"]}
        )
    organic = [{"title": r["title"], "url": r["link"], "snippet": r.get("snippet")} for r in resp.json()["organic"]]
    return ActionResult(extracted_content=json.dumps(organic), include_extracted_content_only_once=True)


@tools.registry.action("Get the 2FA code for the Google account", domains=["*.google.com", "google.com"])
async def get_2fa_code() -> ActionResult:  # expect: tool
    code = pyotp.TOTP(os.environ["GOOGLE_TOTP_SECRET"]).now()
    return ActionResult(extracted_content=code)


@tools.action("Upload a file to an interactive element")
async def upload_file(index: int, path: str, browser_session: BrowserSession, available_file_paths: list[str]):  # expect: tool
    if path not in available_file_paths:
        return ActionResult(error=f"File path {path} is not available")
    if not os.path.exists(path):
        return ActionResult(error=f"File {path} does not exist")
    node = await browser_session.get_element_by_index(index)
    if node is None:
        return ActionResult(error=f"Element with index {index} does not exist")
    msg = f"Uploaded {path} to element {index}"
    return ActionResult(extracted_content=msg, include_in_memory=True, long_term_memory=msg)


def job_summary(jobs: list[Job]) -> str:
    return "\n".join(f"{j.title} at {j.company}" for j in jobs)


agent = Agent(task="Find 5 ML jobs and save them", llm=ChatOpenAI(model="gpt-4.1-mini"), tools=tools)
