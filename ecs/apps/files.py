"""Reading a file given from outside (a decklist, a scenario, a --cards file): refused past
a size before more of it is read, so a huge or endless file (/dev/zero) costs nothing."""
from __future__ import annotations


class UnreadableFile(ValueError):
    """A file that can't be read, or is too large: the reason in one line, without the
    file's name (the caller's error names it)."""


def read_bounded(path: str, limit: int) -> bytes:
    """The bytes of the file at `path`, at most `limit` of them (UnreadableFile if it has
    more, or can't be opened or read: a folder, a missing file, no permission)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as ex:
        raise UnreadableFile(f"can't read it: {ex.strerror or ex}") from None
    if len(raw) > limit:
        raise UnreadableFile(f"the file is larger than {limit} bytes")
    return raw
