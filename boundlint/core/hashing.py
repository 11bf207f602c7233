"""Content hashes: how the survey and the cache tell whether a file's content changed."""

from __future__ import annotations

try:  # blake2 itself: `hashlib` would also load OpenSSL, a tenth of a warm run's start-up
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python implementation
    from hashlib import blake2b


def content_hash(data: bytes) -> str:
    return blake2b(data, digest_size=16).hexdigest()


__all__ = ["blake2b", "content_hash"]
