"""Answers to ``expect`` lines for FaB: player values, zone contents, card values, hits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.games.fab import combat as K

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

ZONE_ALIASES = {"combat chain": (None, "combat chain"), "chain": (None, "chain")}


def query(game: "FabGame", ctx: Context, subject: str, args: tuple[str, ...]) -> Any:
    st = ctx.state
    if subject == "player":
        player, stat = args
        if stat == "life":
            return game.life(st, player)
        if stat == "intellect":
            return game.intellect(st, player)
        if stat in ("action points", "resource points"):
            return st.players[player].pools.get(stat, 0)
        raise NotModelled(f"the player value {stat!r}")
    if subject == "zone":
        player, zone = args
        key = ZONE_ALIASES.get(zone, (player, zone))
        if key not in st.zones:
            raise NotModelled(f"the zone {zone!r}")
        return [o.name for o in st.in_zone(key)
                if key[0] is not None or not player or o.owner == player]
    if subject == "card":
        name, stat, owner = args
        o = _one(ctx, name, owner)
        if stat in ("power", "defense", "cost", "pitch", "life", "intellect"):
            if o.zone[1] not in ("combat chain", "chain", "equipment", "weapons", "permanents",
                                 "hero", "hand", "arsenal"):
                snap = st.lki.get(o.id)
                return snap.value(stat) if snap else st.value(o.id, stat)
            return st.value(o.id, stat)
        if stat == "base " + stat.split(" ")[-1]:
            return st.base_value(o.id, stat.split(" ")[-1])
        raise NotModelled(f"the card value {stat!r}")
    if subject == "counters":
        name, kind, owner = args
        o = _one(ctx, name, owner)
        return st.counter_count(o.id, _counter_name(kind))
    if subject == "hit":
        (name,) = args
        history = K.combat(st).history
        links = [l for l in history if not name or st.objects[l.attack].name == name]
        if not links:
            raise NotModelled(f"no attack {name or ''} has been made".replace("  ", " "))
        return links[-1].hit
    raise NotModelled(f"the question {subject!r}")


def _one(ctx: Context, name: str, owner: str | None):
    found = ctx.state.find(name, owner=owner or None)
    if not found:
        raise NotModelled(f"no card named {name!r} in the game")
    return found[0]


def _counter_name(kind: str) -> str:
    k = kind.replace(" ", "").lower()
    table = {"+1{p}": "+1{p}", "-1{p}": "-1{p}", "+1{d}": "+1{d}", "-1{d}": "-1{d}",
             "+1power": "+1{p}", "-1defense": "-1{d}", "+1defense": "+1{d}", "-1power": "-1{p}"}
    return table.get(k, kind)
