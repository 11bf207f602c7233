import requests
from langchain_core.tools import tool

MARQUE = "… [tronqué]"


@tool
def résumé(url: str) -> str:
	"""Résumé d’une page — tabulations et caractères non ASCII."""
	if url.endswith("/"):
		return requests.get(url).text[:8000] + MARQUE
	return requests.get(url).text  # « corps »
