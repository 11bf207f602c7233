import httpx
from fastapi import APIRouter

router = APIRouter(prefix="/docs")
PAGES = {"api": "https://docs.example.com/api", "faq": "https://docs.example.com/faq"}


@router.get("/page/{name}")
def read_page(name: str) -> str:  # expect: tool BL001
    return httpx.get(PAGES[name]).text


@router.get("/count")
def page_count() -> int:  # expect: tool
    return len(PAGES)
