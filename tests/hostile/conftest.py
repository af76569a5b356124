"""The fuzz suite's figures at the end of every run: inputs per entry point, the slowest."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    import sys
    kit = sys.modules.get("tests.hostile.fuzzkit")
    if kit is None or not kit.COUNTS:
        return
    total = sum(kit.COUNTS.values())
    terminalreporter.write_line(
        f"fuzz (issue 19): {total} generated inputs; " + ", ".join(
            f"{entry} {n} (slowest {kit.SLOWEST.get(entry, 0):.2f} s)"
            for entry, n in sorted(kit.COUNTS.items())))
