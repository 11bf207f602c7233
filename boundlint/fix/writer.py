"""Writing a fixed module back: atomically, in its own encoding, inside the checked tree only.

* The file must still hold the text that was analysed (else someone edited it
  meanwhile, and we write nothing).
* It is re-encoded with its own encoding (coding cookie or UTF-8) and BOM; line
  endings and the final newline are the text's own (libcst keeps them).
* The new content goes to a temporary file in the same folder, is flushed to
  disk, gets the original's permission bits (and owner, when we may set it),
  and replaces the original with `os.replace`: readers see the old file or the
  new one, never half of one.
* Symbolic links are never written through, and nothing outside the paths the
  run was given (resolved) is ever written.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from boundlint.core.atomic_write import write_atomically
from boundlint.parse.source import SourceError, decode_source


class WriteRefused(Exception):
    """The file was not written; the message says why."""


def inside(path: Path, roots: list[Path]) -> bool:
    """`path`, resolved, is one of `roots` (resolved) or below one of them."""
    real = Path(os.path.realpath(path))
    for root in roots:
        real_root = Path(os.path.realpath(root))
        if real == real_root or real_root in real.parents:
            return True
    return False


def write_fixed(path: Path, analysed: str, new: str, roots: list[Path]) -> None:
    try:
        info = os.lstat(path)
    except OSError as error:
        raise WriteRefused(f"cannot stat the file: {error.strerror or error}") from None
    if stat.S_ISLNK(info.st_mode):
        raise WriteRefused("it is a symbolic link; fix the file it points to instead")
    if not stat.S_ISREG(info.st_mode):
        raise WriteRefused("it is not a regular file")
    if not inside(path, roots):
        raise WriteRefused("it is outside the checked tree")
    try:
        data = path.read_bytes()
        source = decode_source(data)
    except (OSError, SourceError) as error:
        raise WriteRefused(f"cannot read it back: {error}") from None
    if source.text != analysed:
        raise WriteRefused("it changed on disk while boundlint was fixing it")
    try:
        encoded = new.encode(source.encoding)
    except UnicodeEncodeError:
        raise WriteRefused(f"the fixed code cannot be encoded as {source.encoding}") from None
    if source.bom:
        encoded = b"\xef\xbb\xbf" + encoded
    write_atomically(path, encoded)
