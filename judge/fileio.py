"""Writing what a command produces (``-o FILE``) without losing anything: the text goes to a
temporary file beside the target and is renamed into place, so an existing file is either
kept or wholly replaced. An OS error (a missing folder, no permission, a full disk) is a
JudgeError naming the file and the cause, and leaves no temporary file behind."""

from __future__ import annotations

import os
from pathlib import Path

from judge.errors import InputError, from_os_error


def check_output(path: str | os.PathLike) -> None:
    """Refuse an output path that cannot be written, before any work is done."""
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        raise InputError("cannot write the output: its folder does not exist"
                         if not folder.exists() else
                         "cannot write the output: what should be its folder is not one",
                         path=str(target), hint=f"create {folder} first, or choose another -o")
    if target.is_dir():
        raise InputError("cannot write the output: it is a folder", path=str(target),
                         hint="give a file name")


def write_output(path: str | os.PathLike, text: str) -> None:
    target = Path(path)
    check_output(target)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except OSError as err:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise from_os_error(err, path=str(target), doing="cannot write the output") from None
