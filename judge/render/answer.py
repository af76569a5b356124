"""What a reader needs first, derived from a ruling's trace (no engine call, no rules lookup):

* :func:`decisive` - the steps that decided the dispute: those that changed a value the
  scenario's ``expect`` lines ask about (a player's life or pool, a card's zone or value, a hit),
  replaced or prevented an event affecting it, refused an action, ended the game, or could not be
  modelled. Without expectations the disputed values are the players' life totals. Steps that
  cite a rule an ``expect cites`` line names are decisive too.
* :func:`group_decisive` - identical decisive steps (the same words, rules and kind of change,
  e.g. three arcane-barrier payments) shown once, with every step number and the changes joined
  (``"Bob resource points: 3 -> 0"``).
* :func:`routine` / :func:`folds` - runs of routine steps (priority passes, a step or phase
  ending with nothing else happening) that the trace shows folded into one line.
* :func:`assumptions` - the defaults applied for unstated choices, once each (priority passes,
  which every trace has, left out).

It reads the renderer's plain step dicts (``judge.render.view``), so it works the same on a
ruling's main line and on each branch.
"""

from __future__ import annotations

import re

# step kinds (judge.engine.trace; repeated here so that rendering does not import the engine)
REFUSED, REPLACED, NOT_MODELLED, CHECK = "refused", "replaced", "not modelled", "check"

_BOOKKEEPING = frozenset({"priority", "passes"})     # state changes that are pure bookkeeping
_QUOTED = re.compile(r'"([^"]+)"')
_CHANGE = re.compile(r"^(?P<before>-?\d+) -> (?P<after>-?\d+)$")
_ZONE_MOVE = re.compile(r"^to (?P<zone>.+?)(?: \((?:top|bottom)\))?$")


class Disputed:
    """The values the scenario's expectations ask about, read from their text."""

    def __init__(self, expectations: list[dict]) -> None:
        self.values: list[str] = []        # "Bob life", "Bob resource points", "Bob hand"
        self.cards: set[str] = set()       # card names an expectation quotes
        self.cites: list[str] = []         # rules named by 'expect cites'
        self.players: set[str] = set()
        self.hit = self.result = False
        self.refusal = False
        for e in expectations:
            body = e["text"].strip()
            body = body[len("expect "):] if body.startswith("expect ") else body
            low = body.lower()
            if low.startswith(("cites ", "does not cite ")):
                self.cites += _QUOTED.findall(body)
                continue
            if low.endswith((" is allowed", " is not allowed")):
                self.refusal = True
                continue
            quoted = _QUOTED.findall(body)
            self.cards.update(quoted)
            words = body.split()
            if words and words[-1].lower() in ("hit", "hits") or "does not hit" in low:
                self.hit = True
            if re.search(r"\b(wins|draw|no winner)$", low):
                self.result = True
            if not quoted or body.index('"') > 0:
                head = body.split('"', 1)[0].strip()
                # "Bob life 18" -> "Bob life"; "Bob hand" -> "Bob hand"; "Bob deck count 3"
                head = re.sub(r"\s+(count\s+)?-?\d+$", "", head)
                head = re.sub(r"\s+(empty|count)$", "", head)
                if head and head[0].isupper() and " " in head:
                    self.values.append(head)
                    self.players.add(head.split()[0])
        if not expectations or not (self.values or self.cards or self.cites or self.hit
                                    or self.result or self.refusal):
            self.fallback = True
        else:
            self.fallback = False

    def change(self, what: str, how: str) -> bool:
        if self.fallback:
            return what.endswith(" life")
        if what in self.values or what in self.cards:
            return True
        move = _ZONE_MOVE.match(how)
        if move:
            zone = move["zone"].replace("'s ", " ")
            if zone in self.values:
                return True
        return self.hit and what.endswith(" hits")

    def cited(self, step: dict) -> bool:
        keys = {c["key"].lower() for c in step["citations"]}
        for want in self.cites:
            w = want.lower()
            if w in keys or any(k.startswith(w + " ") for k in keys):
                return True
        return False

    def mentions_player(self, text: str) -> bool:
        players = self.players or set()
        return any(re.search(rf"\b{re.escape(p)}\b", text) for p in players)


def decisive(steps: list[dict], expectations: list[dict]) -> list[int]:
    """Indexes of the steps that decided the values in dispute (see the module doc)."""
    d = Disputed(expectations)
    out = []
    for s in steps:
        kind = s["action"]
        if kind in (REFUSED, NOT_MODELLED) or s["not_modelled"]:
            out.append(s["index"])
        elif any(d.change(c["what"], c["change"]) for c in s["state_change"]):
            out.append(s["index"])
        elif kind == REPLACED and (d.fallback or d.mentions_player(s["description"])
                                   or any(name in s["description"] for name in d.cards)):
            out.append(s["index"])
        elif (d.result or d.fallback) and kind == CHECK and re.search(
                r"\b(wins|draw)\b", s["description"]):
            out.append(s["index"])
        elif d.cites and d.cited(s):
            out.append(s["index"])
    return out


def group_decisive(steps: list[dict], indexes: list[int]) -> list[dict]:
    """Decisive steps with the same kind, words, rules and changed values shown once."""
    wanted = set(indexes)
    groups: dict[tuple, dict] = {}
    for s in steps:
        if s["index"] not in wanted:
            continue
        key = (s["action"], s["description"], tuple(c["citation"] for c in s["citations"]),
               tuple(c["what"] for c in s["state_change"]), s["default_applied"])
        g = groups.get(key)
        if g is None:
            groups[key] = {"steps": [s["index"]], "lines": [s["line"]] if s["line"] else [],
                           "action": s["action"], "description": s["description"],
                           "citations": s["citations"], "default_applied": s["default_applied"],
                           "not_modelled": s["not_modelled"],
                           "_changes": [[c] for c in s["state_change"]]}
            continue
        g["steps"].append(s["index"])
        if s["line"] and s["line"] not in g["lines"]:
            g["lines"].append(s["line"])
        for slot, c in zip(g["_changes"], s["state_change"]):
            slot.append(c)
    out = []
    for g in groups.values():
        g["state_change"] = [_joined(cs) for cs in g.pop("_changes")]
        g["label"] = step_range(g["steps"])
        out.append(g)
    return out


def _joined(changes: list[dict]) -> dict:
    """One change standing for the same value changed by several steps: first before -> last
    after when each reads 'a -> b', else the distinct changes in order."""
    what = changes[0]["what"]
    parsed = [_CHANGE.match(c["change"]) for c in changes]
    if len(changes) > 1 and all(parsed):
        return {"what": what, "change": f"{parsed[0]['before']} -> {parsed[-1]['after']}"}
    hows = list(dict.fromkeys(c["change"] for c in changes))
    return {"what": what, "change": "; ".join(hows)}


def step_range(indexes: list[int]) -> str:
    """"44-46", "55, 62, 69", "7"."""
    if len(indexes) > 1 and indexes == list(range(indexes[0], indexes[-1] + 1)):
        return f"{indexes[0]}-{indexes[-1]}"
    return ", ".join(str(i) for i in indexes)


def routine(step: dict) -> bool:
    """A priority pass, or a step / phase ending with only bookkeeping changed."""
    if step["action"] not in ("action", "rule") or step["not_modelled"]:
        return False
    changes = step["state_change"]
    desc = step["description"]
    if step["action"] == "action":
        return desc.endswith("passes priority") and all(
            c["what"] in _BOOKKEEPING for c in changes)
    if not re.search(r"\bends\b|\bmoves to\b", desc):
        return False
    return all(c["what"] in _BOOKKEEPING or not c["change"] for c in changes)


def folds(steps: list[dict], keep: set[int] = frozenset()) -> list[dict]:
    """Runs of two or more routine steps (none of them in ``keep``):
    ``{"first", "last", "steps", "summary"}``."""
    out, run = [], []

    def close() -> None:
        if len(run) >= 2:
            out.append({"first": run[0]["index"], "last": run[-1]["index"],
                        "steps": [s["index"] for s in run], "summary": _summary(run)})
        run.clear()

    for s in steps:
        if routine(s) and s["index"] not in keep:
            run.append(s)
        else:
            close()
    close()
    return out


def _summary(run: list[dict]) -> str:
    """"Alice and Bob pass priority; the defend step ends; ..." for a folded run."""
    parts: list[str] = []
    passers: list[str] = []

    def flush() -> None:
        if passers:
            parts.append(_passes(passers))
            passers.clear()

    for s in run:
        if s["action"] == "action":
            passers.append(s["description"].split(" passes priority")[0])
            continue
        flush()
        parts.append(s["description"].split(";")[0])
    flush()
    return "; ".join(parts)


def _passes(players: list[str]) -> str:
    if len(players) == 1:
        return f"{players[0]} passes priority"
    if len(players) == 2 and players[0] != players[1]:
        return f"{players[0]} and {players[1]} pass priority"
    return f"{len(players)} priority passes"


def assumptions(steps: list[dict]) -> list[str]:
    """Every default applied for an unstated choice, once (priority passes left out)."""
    seen: dict[str, None] = {}
    for s in steps:
        d = s["default_applied"]
        if d and not d.startswith("priority:"):
            seen.setdefault(d, None)
    return list(seen)


def expectation_sentence(expectations: list[dict]) -> str:
    """"All 4 expectations hold." / "1 of 3 expectations fails: ...". Empty without any."""
    if not expectations:
        return ""
    failed = [e for e in expectations if not e["passed"]]
    n = len(expectations)
    if not failed:
        return "The expectation holds." if n == 1 else f"All {n} expectations hold."
    fails = "; ".join(f"{_body(e['text'])} (found: {e['actual']})" for e in failed)
    verb = "fails" if len(failed) == 1 else "fail"
    return f"{len(failed)} of {n} expectation{'s' if n > 1 else ''} {verb}: {fails}."


def _body(text: str) -> str:
    return text[len("expect "):] if text.startswith("expect ") else text
