"""``judge rule DOC NUMBER [--json]`` without click: the lookup path must start fast
(python -c pass x3). Anything it does not understand is handed to the click CLI."""

from __future__ import annotations

import sys

from judge.errors import JudgeError


def rule_main(argv: list[str]) -> int | None:
    """Returns an exit code, or None when the arguments need the full CLI."""
    as_json = False
    positional: list[str] = []
    for a in argv:
        if a == "--json":
            as_json = True
        elif a.startswith("-") and not a[1:2].isdigit():
            return None
        else:
            positional.append(a)
    if len(positional) < 2:
        return None
    doc, number = positional[0], " ".join(positional[1:])
    from judge.rules import lookup, present
    try:
        records = lookup.lookup(doc, number)
        from judge.rules.versions_light import annotate_newer
        annotate_newer(records)
    except JudgeError as err:
        sys.stderr.write(err.render() + "\n")
        return err.exit_code
    if as_json:
        sys.stdout.write(present.to_json(records[0] if len(records) == 1 else records) + "\n")
    else:
        titles = {d["id"]: f"{d['title']} {d['version']}" for d in lookup.documents()}
        sys.stdout.write(present.format_rules(records, titles) + "\n")
    return 0
