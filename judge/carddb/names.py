"""How card names are compared, and the small encodings the database files use.

Light on purpose (no module of the standard library written in Python): the scenario parser and
``judge card`` read names through it.

A name is compared by its *key* (:func:`key`): white space collapsed, case folded, typographic
quotes and dashes as their plain forms, so ``"snatch"``, ``"Snatch"`` and ``"SNATCH "`` are the
same card, and ``"Crown of Dichotomy"`` matches ``"Crown  of Dichotomy"``. Each printing also has
*aliases* (:func:`aliases`): its name with the variant that tells printings of one name apart,
in parentheses: ``Snatch (red)``, ``Snatch (1)`` (FaB colour and pitch), ``Frostbolt
(Icecrown)``, ``Frostbolt (Icecrown 12)`` (WoW expansion and number).
"""

# On the light path: imports no .py module of the standard library.

_PLAIN = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-",
          "\u2014": "-", "\u00a0": " "}

# FaB colour -> pitch (the TSV gives both; the pitch form is an alias)
FAB_COLOURS = {"red": "1", "yellow": "2", "blue": "3"}

# stats and extras are stored as "key\x1fvalue\x1ekey\x1fvalue" (no json on the light path)
_US, _RS = "\x1f", "\x1e"


def key(name: str) -> str:
    """The form names are compared in."""
    out = []
    for ch in name:
        out.append(_PLAIN.get(ch, ch))
    return " ".join("".join(out).casefold().split())


def with_variant(name: str, variant: str) -> str:
    """``Snatch`` + ``red`` -> ``Snatch (red)``: how a scenario names one printing."""
    return f"{name} ({variant})" if variant else name


def aliases(game: str, name: str, variant: str, set_name: str, number: str,
            stats: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """The other names a scenario may use for this printing (besides its name)."""
    out: list[str] = []
    if variant:
        out.append(with_variant(name, variant))
    if game == "fab":
        pitch = dict(stats).get("pitch", "")
        if pitch:
            out.append(with_variant(name, pitch))
    if set_name and number:
        out.append(with_variant(name, f"{set_name} {number}"))
        out.append(with_variant(name, f"{set_name} #{number}"))
    if set_name and set_name != variant:
        out.append(with_variant(name, set_name))
    seen: list[str] = []
    for a in out:
        if a not in seen:
            seen.append(a)
    return tuple(seen)


def encode_pairs(pairs) -> str:
    return _RS.join(f"{k}{_US}{v}" for k, v in pairs)


def decode_pairs(data: str) -> tuple[tuple[str, str], ...]:
    if not data:
        return ()
    return tuple(tuple(item.split(_US, 1)) for item in data.split(_RS))


def value(text: str) -> int | str:
    """A printed value as a scenario holds it: a whole number, else the text (``X``, ``*``)."""
    body = text[1:] if text[:1] in "+-" else text
    if body and body.isdigit() and body.isascii():
        return int(text)
    return text


def split_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...],
                                       tuple[tuple[str, ...], ...]]:
    """``Warrior Weapon - Sword (2H)`` -> ((Warrior, Weapon), (Sword, (2H)), ()): the parts of a
    scenario's card definition (types, subtypes, later dash groups)."""
    plain = "".join(_PLAIN.get(ch, ch) for ch in line)
    groups = [tuple(_words(part)) for part in plain.split(" - ")]
    groups = [g for g in groups if g]
    if not groups:
        return (), (), ()
    main = groups[0]
    subtypes = groups[1] if len(groups) > 1 else ()
    return main, subtypes, tuple(groups[2:])


def _words(part: str) -> list[str]:
    """Words of a type-line part, a parenthesised group kept as one word (``(2H)``)."""
    out: list[str] = []
    depth = 0
    for word in part.split():
        if depth and out:
            out[-1] += " " + word
        else:
            out.append(word)
        depth += word.count("(") - word.count(")")
        depth = max(depth, 0)
    return out
