"""Reading a scenario's text (light: no lark). The read is bounded (``scenario_bytes``, see
:mod:`judge.limits`: ``judge resolve /dev/zero`` stops at the limit instead of filling memory);
every OS error (missing, a folder, a symlink loop, no permission, an I/O error) and text that
is not UTF-8 is a :class:`ScenarioError` naming the file and the cause. A UTF-8 byte order
mark, which some editors write, is dropped."""

from __future__ import annotations

from pathlib import Path

from judge import limits
from judge.scenario.errors import ScenarioError

BOM = "\ufeff"


def read_source(path: str | Path) -> str:
    limit = limits.get("scenario_bytes")
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise ScenarioError("no such scenario file", path=str(path)) from None
    except IsADirectoryError:
        raise ScenarioError("is a directory, not a scenario file", path=str(path)) from None
    except OSError as err:
        raise ScenarioError(f"cannot read the scenario file: {err.strerror or err}",
                            path=str(path)) from None
    if len(data) > limit:
        raise limits.exceeded("scenario_bytes", "the scenario file", path=str(path))
    try:
        return without_bom(data.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise ScenarioError(f"not UTF-8 text ({err.reason} at byte {err.start})",
                            path=str(path)) from None


def without_bom(text: str) -> str:
    return text[1:] if text.startswith(BOM) else text
