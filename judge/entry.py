"""Console entry point (the ``judge`` script, ``python -m judge``).

The lookup commands are answered without click: a lookup must start about as fast as the
interpreter, and importing click alone costs more than that. :data:`FAST` names, for each such
command, the function that reads its command line; it returns an exit code, or None when the
command line needs click (help, an unknown option ...). Everything else goes to
:mod:`judge.cli`. A fast command's module must not import click, networkx, lark or jinja2, nor a
standard-library module that is not built in or frozen (tests/rules/test_fast_paths.py checks
every entry of FAST).
"""

import sys

# command -> (module, function); explicit, no registration by import.
FAST: dict[str, tuple[str, str]] = {
    "rule": ("judge.rules.fastcli", "rule_main"),
    "define": ("judge.rules.fastcli", "define_main"),
    "search": ("judge.rules.fastcli", "search_main"),
    "history": ("judge.rules.fastcli", "history_main"),
}


def main() -> None:
    argv = sys.argv[1:]
    target = FAST.get(argv[0]) if argv else None
    if target is not None and "-h" not in argv and "--help" not in argv:
        module_name, function = target
        module = __import__(module_name, fromlist=[function])
        code = getattr(module, function)(argv[1:])
        if code is not None:
            sys.exit(code)
    from judge.cli import main as cli_main
    cli_main()


if __name__ == "__main__":  # pragma: no cover
    main()
