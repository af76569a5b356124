"""Synthetic rules documents for scaling benchmarks (``judge diff``): two versions of a document
of ``n`` rules, written in the FaB comprehensive rules' text format, deterministic for a seed.

A document has numbered sections (``7 Title``), headed subsections (``7.3 Title``), rules
(``7.3.4 text``) and lettered sub-rules (``7.3.4b text``). Rule texts mix the words of a Zipf
vocabulary (a few very common words, a long tail of rare ones), the words of their section's
topic and a few stop words, as rules do. The second version is the first one edited as a new
release is: a section inserted near the front (every later section renumbered), about 10% of
the rules reworded, 3% removed, 3% added, 1% moved to another section.
"""

from __future__ import annotations

import random

_SYLLABLES = ("ka ri to me na su lo pe vi da ne ro mi tu sa le go fa hi ba zo ce ju wa "
              "ny qu ex tra pro con ver").split()
_STOP = "the a of to and or if when that is are may must can each any their this".split()


def _vocabulary(rnd: random.Random, size: int) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rnd.choice(_SYLLABLES) for _ in range(rnd.randint(2, 4))))
    return sorted(words)


class _Words:
    def __init__(self, rnd: random.Random, size: int = 6000) -> None:
        self.rnd = rnd
        self.vocab = _vocabulary(rnd, size)
        weights = [1.0 / (rank + 1) for rank in range(size)]      # Zipf
        total = sum(weights)
        self.cum, acc = [], 0.0
        for w in weights:
            acc += w / total
            self.cum.append(acc)

    def zipf(self) -> str:
        import bisect
        return self.vocab[min(bisect.bisect(self.cum, self.rnd.random()), len(self.vocab) - 1)]

    def sentence(self, topic: list[str], length: int) -> str:
        out = []
        for _ in range(length):
            r = self.rnd.random()
            out.append(self.rnd.choice(_STOP) if r < 0.3 else self.rnd.choice(topic) if r < 0.45
                       else self.zipf())
        return " ".join(out).capitalize() + "."


def _document(rnd: random.Random, words: _Words, n: int) -> list[dict]:
    """Sections of subsections of rules: [{title, topic, subs: [{title, rules: [text | [text,
    [sub texts]]]}]}] with about ``n`` numbered nodes in all."""
    sections, count = [], 0
    while count < n:
        topic = [words.zipf() for _ in range(12)]
        section = {"title": " ".join(rnd.sample(topic, 2)).title(), "topic": topic, "subs": []}
        count += 1
        for _ in range(rnd.randint(4, 9)):
            sub = {"title": " ".join(rnd.sample(topic, 2)).title(), "rules": []}
            count += 1
            for _ in range(rnd.randint(3, 14)):
                text = words.sentence(topic, rnd.randint(8, 36))
                letters = [words.sentence(topic, rnd.randint(6, 20))
                           for _ in range(rnd.choice((0, 0, 0, 2, 3)))]
                sub["rules"].append([text, letters])
                count += 1 + len(letters)
            section["subs"].append(sub)
        sections.append(section)
    return sections


def _render(sections: list[dict]) -> str:
    lines = []
    for s_no, section in enumerate(sections, 1):
        lines.append(f"{s_no} {section['title']}")
        for u_no, sub in enumerate(section["subs"], 1):
            lines.append(f"{s_no}.{u_no} {sub['title']}")
            for r_no, (text, letters) in enumerate(sub["rules"], 1):
                lines.append(f"{s_no}.{u_no}.{r_no} {text}")
                for letter, sub_text in zip("abcdefghijklmnopqrstuvwxyz", letters):
                    lines.append(f"{s_no}.{u_no}.{r_no}{letter} {sub_text}")
        lines.append("")
    return "\n".join(lines) + "\n"


def _revise(rnd: random.Random, words: _Words, sections: list[dict]) -> list[dict]:
    import copy
    new = copy.deepcopy(sections)
    for section in new:
        for sub in section["subs"]:
            kept = []
            for text, letters in sub["rules"]:
                r = rnd.random()
                if r < 0.03:
                    continue                                          # removed
                if r < 0.13:                                          # reworded
                    ws = text.rstrip(".").split()
                    for _ in range(max(1, len(ws) // 5)):
                        ws[rnd.randrange(len(ws))] = rnd.choice(section["topic"] + [words.zipf()])
                    text = " ".join(ws) + "."
                kept.append([text, letters])
                if rnd.random() < 0.03:                               # added
                    kept.append([words.sentence(section["topic"], rnd.randint(8, 30)), []])
            sub["rules"] = kept
    movers = []
    for section in new:                                               # moved to another section
        for sub in section["subs"]:
            for rule in list(sub["rules"]):
                if rnd.random() < 0.01 and len(sub["rules"]) > 1:
                    sub["rules"].remove(rule)
                    movers.append(rule)
    for rule in movers:
        rnd.choice(rnd.choice(new)["subs"])["rules"].append(rule)
    topic = [words.zipf() for _ in range(12)]
    inserted = {"title": "Inserted " + topic[0].title(), "topic": topic, "subs": [
        {"title": "Overview", "rules": [[words.sentence(topic, 20), []] for _ in range(6)]}]}
    new.insert(min(1, len(new)), inserted)                            # renumbers the rest
    return new


def versions(n: int, seed: int = 21) -> tuple[str, str]:
    """Texts of two versions of a synthetic document of about ``n`` rules."""
    rnd = random.Random(seed)
    words = _Words(rnd)
    old = _document(rnd, words, n)
    return _render(old), _render(_revise(rnd, words, old))


if __name__ == "__main__":   # pragma: no cover - a look at what it makes
    a, b = versions(200)
    print(a[:1500])
