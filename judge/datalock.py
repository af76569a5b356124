"""Exclusive locks on the user data folder: changes to what is installed there (``judge rulebook
add|remove``, ``judge cards add|remove``) run one at a time.

A lock is ``flock`` on a file beside the installed data (``<data folder>/<name>``); the kernel
releases it when its holder is killed. On entry, ``cleanup`` puts right what a killed change
left (half-written files, files moved aside), before anything else is done.
"""

from __future__ import annotations

from typing import Callable

from judge import paths
from judge.errors import UsageError

WAIT = 120.0   # seconds a change waits for another one to finish


class DataLock:
    """``with DataLock(".rulebook.lock", "`judge rulebook add` or `remove`", cleanup):``"""

    def __init__(self, filename: str, what: str, cleanup: Callable[[], object]) -> None:
        self.filename = filename
        self.what = what
        self.cleanup = cleanup

    def __enter__(self):
        import time
        folder = paths.home()       # beside the installed data, not in it
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.fh = open(folder / self.filename, "a+b")
        except OSError as err:
            from judge.errors import from_os_error
            raise from_os_error(err, doing="cannot use the user data folder",
                                path=str(folder)) from None
        try:
            import fcntl
        except ImportError:      # no flock on this platform: no lock
            self.cleanup()
            return self
        deadline = time.monotonic() + WAIT
        while True:
            try:
                fcntl.flock(self.fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    self.fh.close()
                    raise UsageError(f"another {self.what} has been running for over "
                                     f"{WAIT:.0f} s", path=str(folder / self.filename),
                                     hint="try again when it has finished") from None
                time.sleep(0.05)
        try:
            self.cleanup()
        except BaseException:
            self.fh.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.fh.close()      # closing releases the lock
