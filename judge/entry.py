"""Console entry point. ``judge rule`` is answered without importing click (start-up speed is a
requirement of the lookup path); every other command goes through :mod:`judge.cli`."""

from __future__ import annotations

import sys


def main() -> None:
    argv = sys.argv[1:]
    if argv[:1] == ["rule"] and "-h" not in argv and "--help" not in argv:
        from judge.rules.fastcli import rule_main
        code = rule_main(argv[1:])
        if code is not None:
            sys.exit(code)
    from judge.cli import main as cli_main
    cli_main()


if __name__ == "__main__":  # pragma: no cover
    main()
