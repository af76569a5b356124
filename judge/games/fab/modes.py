"""Modes of a triggered effect (16.2.1: "If the triggered effect includes choosing between modes,
the mode(s) must be chosen when the layer is added to the chain").

A triggered effect whose effects are one "choose 1; - ... - ..." (a :class:`Choice` of one option)
asks its controller for the mode as it becomes a layer: the scenario line
``Bob chooses "Each hero gains 1{h}."`` answers it (the mode's words as the card prints them).
Unstated, it is ``not modelled`` (no mode is guessed). When the layer resolves, the chosen mode's
effects resolve, the others do nothing. Other choices (more than one mode, "choose any number",
a choice inside a condition) stay ``not modelled``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.chain import Layer
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import PendingTrigger
from judge.engine.state import AddPending, State, TakePending

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

CHOSEN = "trigger mode"        # PendingTrigger / Layer data: (option index, its words)
MODAL = "modes asked"          # PendingTrigger data: its resolution honours CHOSEN (fab_watch)


def _modal(trig: PendingTrigger) -> M.Choice | None:
    """The "choose 1" of a waiting trigger whose mode is asked now, else None."""
    if not trig.data.get(MODAL) or CHOSEN in trig.data:
        return None
    return _choice(trig.data.get("effects"))


def _choice(effects) -> M.Choice | None:
    """The one "choose 1" of a triggered effect's effects, else None."""
    if len(effects or ()) != 1 or not isinstance(effects[0], M.Choice):
        return None
    c = effects[0]
    n = c.pick.constant if c.pick is not None else 1
    return c if n == 1 and not c.optional and len(c.options) > 1 else None


def _words(state: State, source: int | None, choice: M.Choice) -> tuple[str, ...] | None:
    """Each mode as the source card prints it, or None when the card text does not hold them."""
    o = state.objects.get(source) if source is not None else None
    text = o.text if o is not None and isinstance(o.text, str) else ""
    out = []
    for option in choice.options:
        spans = [e.span for e in option if getattr(e, "span", None) is not None]
        if not spans:
            return None
        words = " ".join(text[min(s.start for s in spans):max(s.end for s in spans)].split())
        words = words.lstrip("-• ").strip()
        if not words:
            return None
        out.append(words if words.endswith(".") or not text[max(s.end for s in spans):]
                   .startswith(".") else words + ".")
    return tuple(out) if len(set(w.lower() for w in out)) == len(out) else None


def choose_trigger_modes(game: "FabGame", ctx: Context) -> None:
    """16.2.1: each waiting triggered effect with modes gets its mode now, as it is about to be
    added to the chain; the pending trigger keeps it (``CHOSEN``)."""
    st = ctx.state
    if not any(_modal(t) is not None for t in st.pending):
        return
    kept: list[PendingTrigger] = []
    for trig in st.pending:
        choice = _modal(trig)
        if choice is None:
            kept.append(trig)
            continue
        words = _words(st, trig.source, choice)
        if words is None:
            raise NotModelled(f"the modes of {trig.name}: the card text does not show them")
        p = trig.controller
        answer = ctx.answer_to(Decision(
            key=f"trigger mode:{trig.source}:{trig.name}:{len(st.log)}", player=p, kind="mode",
            prompt=f"which mode of {trig.name} {p} chooses as it is added to the chain",
            options=words, citation=ctx.cite_opt("trigger.modes") or "",
            example=f'{p} chooses "{words[0]}"'))
        chosen = answer.value if isinstance(answer.value, str) else answer.value[0]
        index = words.index(chosen)
        mark = len(st.log)
        kept.append(replace(trig, data={**trig.data, CHOSEN: (index, chosen)}))
        ctx.step(T.CHOICE, f"{p} chooses the mode \"{chosen}\" of {trig.name} as it is added "
                 "to the chain", ["trigger.modes"], mark=mark, actor=p)
    st.apply(TakePending())
    st.apply(AddPending(tuple(kept)))


def handles(layer: Layer, eff: M.Effect) -> bool:
    return isinstance(eff, M.Choice) and CHOSEN in layer.data


def run(game: "FabGame", ctx: Context, layer: Layer, eff: M.Choice) -> None:
    index, chosen = layer.data[CHOSEN]
    if index >= len(eff.options):
        raise NotModelled(f"the mode {chosen!r} of {layer.name}")
    ctx.step(T.RULE, f"{layer.name}: the mode chosen as it was added to the chain, \"{chosen}\", "
             "resolves; the other modes do nothing", ["trigger.modes", "resolve.in-order"])
    game.run_effects(ctx, layer, tuple(eff.options[index]))
