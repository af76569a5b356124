"""Reading a fast command's command line (:data:`judge.entry.FAST`) as click reads the same
command's, and answering it; shared by every fast command (the lookups of
:mod:`judge.rules.fastcli`, and any other command that must start fast, such as a card looked up
by name). Anything this does not read is handed back (None) for click to read.
"""

# On the lookup path: imports no .py module of the standard library, not even __future__
# (see judge/rules/lookup.py and tests/rules/test_fast_paths.py).

import sys


def parse(argv: list[str], flags: dict[str, str],
          options: dict[str, str]) -> tuple[list[str], dict[str, object]] | None:
    """Positional arguments and options as click would read them for a command with these
    ``flags`` (``--json``) and value ``options`` (``--game G``, ``--game=G``, ``-g G``,
    ``-gG``); None for anything else (help, an unknown option, ``--``)."""
    positional: list[str] = []
    values: dict[str, object] = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        i += 1
        if a in flags:
            values[flags[a]] = True
        elif a in options:
            if i == len(argv):
                return None
            values[options[a]] = argv[i]
            i += 1
        elif a.startswith("--") and a.partition("=")[0] in options and "=" in a:
            name, _, value = a.partition("=")
            values[options[name]] = value
        elif len(a) > 2 and a[0] == "-" and a[1] != "-" and a[:2] in options:
            values[options[a[:2]]] = a[2:]
        elif a.startswith("-") and a != "-":
            return None
        else:
            positional.append(a)
    return positional, values


def answer(body, *args, **kwargs) -> int:
    """``body(*args, **kwargs)``'s exit code; a JudgeError is shown on stderr as the click
    commands show it (exit code 2). judge.errors is not imported here (its classes cost about
    an eighth of a lookup's own imports): an error it defines can only have been raised once
    it is loaded."""
    try:
        return body(*args, **kwargs)
    except Exception as err:
        errors = sys.modules.get("judge.errors")
        if errors is None or not isinstance(err, errors.JudgeError):
            raise
        sys.stderr.write(err.render() + "\n")
        return err.exit_code
