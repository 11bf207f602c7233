import codecs


def preview(raw: bytes, n: int) -> str:
    return raw[:n].decode(errors="ignore")


def preview_utf8(raw: bytes, n: int) -> str:
    return raw[:n].decode('utf-8', errors='ignore')


def preview_keyword(raw: bytes, n: int) -> str:
    return raw[:n].decode(encoding="utf-8", errors="ignore")


def preview_strict(raw: bytes, n: int) -> str:
    return raw[:n].decode("utf-8", "ignore")


def preview_strict_keyword(raw: bytes, n: int) -> str:
    return raw[:n].decode("utf-8", errors='ignore')


def clip(text: str, max_bytes: int) -> str:
    return text.encode("utf-8")[:max_bytes].decode(
        "utf-8",
        errors="ignore",
    )


def first(raw: bytes) -> str:
    return str(raw[:100], "utf-8", errors="ignore") + codecs.decode(raw[-100:], errors="ignore")
