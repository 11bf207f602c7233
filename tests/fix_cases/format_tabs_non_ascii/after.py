import requests
from boundlint_runtime import truncate_text
from langchain_core.tools import tool

MARQUE = "… [tronqué]"


@tool
def résumé(url: str) -> str:
	"""Résumé d’une page — tabulations et caractères non ASCII."""
	if url.endswith("/"):
		return requests.get(url).text[: 8000 - len(MARQUE)] + MARQUE
	return truncate_text(requests.get(url).text, max_chars=16_000)  # « corps »
