"""Creating tokens ("create a Runechant token"): the token is made from the scenario's card
definition of that name (10.1, 10.4); a token with sub-type aura, item or ally becomes a
permanent in the arena of the player who creates it (10.4.3b, 11.2.2).

A token the scenario does not define, or one whose definition is not a token, is ``not
modelled``: the engine does not invent a token's text or values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.chain import Layer
from judge.engine.state import Custom, State
from judge.games.base import DEFINITIONS
from judge.games.fab import cards as C

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

PERMANENT_TOKENS = ("aura", "item", "ally")


def create_token(game: "FabGame", ctx: Context, layer: Layer, eff: M.CreateToken) -> None:
    st = ctx.state
    n = C.amount(eff.count)
    if n is None:
        raise NotModelled(f"creating {eff.count.text if eff.count else '?'!r} {eff.token} tokens")
    if eff.controller is not None and not C.is_you(eff.controller):
        raise NotModelled(f"a {eff.token} token created under the control of "
                          f"{C.target_text(eff.controller)!r}")
    if eff.values or eff.zone is not None and eff.zone.name not in ("play", "arena"):
        raise NotModelled(f"a {eff.token} token with printed values or made elsewhere than "
                          "the arena")
    defs = st.cache.get(DEFINITIONS, {})
    card = next((c for name, c in defs.items() if name.lower() == eff.token.lower()), None)
    if card is None:
        raise NotModelled(f"the {eff.token} token: the scenario defines no card of that name")
    kinds = {t.lower() for t in card.types + card.subtypes}
    if "token" not in kinds:
        raise NotModelled(f"creating a {eff.token} token: its definition is not a token")
    if not kinds & set(PERMANENT_TOKENS):
        raise NotModelled(f"where a {eff.token} token without sub-type aura, item or ally goes")
    player = layer.controller
    for _ in range(n):
        mark = len(st.log)
        made: list[int] = []

        def make(s: State, card=card, made=made) -> None:
            made.append(game.new_object(s, card, player, (player, "permanents")).id)
        st.apply(Custom(f"{card.name} token created in {player}'s permanents", make))
        ctx.step(T.EVENT, f"{layer.name} creates a {card.name} token: {player} controls it, and "
                 "as an aura, item or ally token it is a permanent in the arena",
                 ["token.created", "token.permanent"], mark=mark)
        game.static_abilities(ctx, made[0])
