"""Which rule of the UFS Living Game Rules 0.9 (``ufs-0.9``) governs each procedure of the UFS
rules module. A procedure with no entry is ``not modelled`` (the engine never borrows a
number). A number printed twice in the document is addressed as ``C.3.3.2.1~2`` (its second
occurrence), as the importer numbers it."""

from __future__ import annotations

from judge.engine.trace import CitationTable

DOC = "ufs-0.9"

RULES: dict[str, str] = {
    # A: objective, ownership, game events
    "win.vitality": "A.1.1", "win.cycle": "A.1.2", "ownership": "A.3.2", "game-event": "A.4.1",
    # B: card properties
    "hand-size": "B.1.2.1", "max-vitality": "B.1.2.2", "attack.zone": "B.2.2.1",
    "attack.speed": "B.2.2.2", "attack.damage": "B.2.2.3", "difficulty": "B.6.2",
    "block.zone-property": "B.6.3", "block.modifier": "B.6.4", "resource-symbols": "B.6.6",
    "infinity": "B.6.6.2.2", "control": "B.6.7",
    # C: card states and values
    "ready": "C.1.3", "commit": "C.1.4", "committed-cannot-commit": "C.1.4",
    "valued": "C.3.1", "valueless": "C.3.2", "valueless.base": "C.3.2.1", "layers": "C.3.3",
    "layer0": "C.3.3.1", "layer1": "C.3.3.2", "layer1.order": "C.3.3.2.1", "layer2": "C.3.3.3",
    "layer2.order": "C.3.3.2.1~2", "base-values": "C.3.3.2.2", "base-zone-mid": "C.3.3.2.2.1",
    "layer3": "C.3.3.4", "current.new": "C.3.3.4.1", "current.refresh": "C.3.3.4.2",
    "refresh.turn": "C.3.3.4.2.1", "refresh.zone": "C.3.3.4.2.2",
    "refresh.attack": "C.3.3.4.2.3", "refresh.block": "C.3.3.4.2.4",
    "current.frozen": "C.3.3.4.3", "current.initial": "C.3.3.4.4",
    "refresh.no-event": "C.3.3.4.4.1", "current.before-fired": "C.3.3.4.4.3",
    "current.base-change": "C.3.3.4.5", "attack.values-locked": "C.3.4",
    # D: zones
    "zones.ready": "D.1.2", "zones.owner": "D.1.4", "card-pool": "D.2.1",
    "card-pool.order": "D.2.1.1", "staging": "D.2.2", "staging.face-down": "D.2.2.2",
    "character.stays": "D.2.2.4", "discard-pile": "D.2.3", "discard.top": "D.2.3.3",
    "removed": "D.2.4", "transit": "D.2.5", "transit.pass": "D.2.5.1", "hand": "D.3.1",
    "deck": "D.4.1", "deck.order": "D.4.1.1", "momentum": "D.4.2", "momentum.add": "D.4.2.2",
    "momentum.remove": "D.4.2.3",
    # E.1 starting the game
    "start.first-commits": "E.1.4", "start.vitality": "E.1.5", "start.skip-ready": "E.1.9",
    # E.2 pause conditions
    "pause": "E.2", "pause.vitality": "E.2.1", "pause.cycle": "E.2.2",
    "pause.cycle-fail": "E.2.2.1", "pause.character": "E.2.3", "pause.only": "E.2.4",
    "pause.terrain": "E.2.5", "pause.terrain-tie": "E.2.5.1", "pause.unique": "E.2.6",
    "pause.staging-attack": "E.2.7",
    # E.3 control checks
    "check": "E.3", "check.start": "E.3.1", "check.starting-value": "E.3.1.1",
    "check.modifiers": "E.3.1.2", "check.set": "E.3.1.3", "check.final": "E.3.2",
    "check.recheck": "E.3.3", "check.no-difficulty": "E.3.4", "check.against": "E.3.5",
    "check.pass": "E.3.5.1", "check.short": "E.3.5.2", "check.cannot-commit": "E.3.5.2.1",
    "check.fail": "E.3.5.2.2", "check.commit-steps": "E.3.5.2.3", "check.commit-count": "E.3.5.2.3.1",
    "check.commit": "E.3.5.2.3.2", "check.done": "E.3.6",
    # E.4 playing a card or ability
    "play": "E.4", "play.announce": "E.4.1", "play.costs-payable": "E.4.1.1",
    "play.resources": "E.4.1.2", "play.disallowed": "E.4.1.3", "play.transit": "E.4.2",
    "play.resources-again": "E.4.2.1", "play.suspend": "E.4.3", "play.pay": "E.4.4",
    "play.pay-printed": "E.4.4.1", "play.pay-added": "E.4.4.2", "play.events": "E.4.5",
    "play.unpaid": "E.4.5.1", "play.card-cost": "E.4.6", "play.card-cost-fails": "E.4.6.1",
    "play.difficulty": "E.4.7", "play.difficulty-start": "E.4.7.1",
    "play.progressive": "E.4.7.2", "play.progressive-named": "E.4.7.2.1",
    "play.ignore-progressive": "E.4.7.2.2", "play.not-counted": "E.4.7.2.3",
    "play.check": "E.4.8", "play.check-fails": "E.4.8.2", "play.check-costs": "E.4.9",
    "play.check-costs-printed": "E.4.9.1", "play.check-cost-fails": "E.4.9.3",
    "play.to-pool": "E.4.10", "play.done": "E.4.11", "play.failed": "E.4.11.1",
    # F turn sequence
    "turn": "F", "ready-phase": "F.1", "ready-step": "F.1.1", "review": "F.1.2",
    "draw-step": "F.1.3", "draw.one-event": "F.1.3.1", "combat-phase": "F.2",
    "forms.when": "F.2.1", "forms.nothing-playing": "F.2.1.1", "forms.no-window": "F.2.1.2",
    "forms.no-sequence": "F.2.1.3", "forms.no-pending": "F.2.1.4", "forms": "F.2.2",
    "form.card": "F.2.2.1", "form.fail": "F.2.2.1.1", "form.ability": "F.2.2.2",
    "form.pass": "F.2.2.3", "form.must-play": "F.2.2.3~2", "attack-stack": "F.2.3",
    "attack-stack.shared": "F.2.3.1", "attack-stack.pool": "F.2.3.2", "pending": "F.2.3.3",
    "attack-stack.enter": "F.2.3.4", "attack-stack.leave": "F.2.3.5",
    "attack-stack.order": "F.2.3.6", "end-phase": "F.3", "clear": "F.3.1",
    "clear.order": "F.3.1.1", "clear-card": "F.3.2", "clear.right-to-left": "F.3.1.2", "clear.staging": "F.3.2.1",
    "clear.momentum": "F.3.2.2", "clear.discard": "F.3.2.3", "turn.ends": "F.3.3",
    "turn.no-end-while": "F.4.1",
    # G attack sequence
    "attack-sequence": "G", "enhance-step": "G.1", "enhance.priority": "G.1.1",
    "enhance.pass": "G.1.2", "enhance.ends": "G.1.3", "block-step": "G.2",
    "block.decide": "G.2.1", "block.no-card": "G.2.1.1", "block.barred": "G.2.1.1.1",
    "block.unblockable": "G.2.1.1.2", "block.none": "G.2.1.2", "block.attempt": "G.2.1.3",
    "block.choose": "G.2.1.3.1", "block.low": "G.2.1.3.1.1", "block.high": "G.2.1.3.1.2",
    "block.mid": "G.2.1.3.1.3", "block.playable": "G.2.1.3.1.4", "block.begin": "G.2.1.3.2",
    "block.difficulty": "G.2.1.3.2.1", "block.play": "G.2.1.3.2.2", "block.status": "G.2.2",
    "block.not": "G.2.2.1", "block.complete": "G.2.2.2", "block.partial": "G.2.2.3",
    "damage-step": "G.3", "damage.none": "G.3.1", "damage.half": "G.3.2",
    "damage.full": "G.3.3", "resolution": "G.4", "sequence.in-phase": "G.5.1",
    "dropped": "G.5.2", "dropped.abort": "G.5.2.1", "dropped.enhance": "G.5.2.1.1",
    "dropped.step": "G.5.2.1.2",
    # H abilities
    "abilities": "H", "played-ability": "H.1", "enhance": "H.2.1", "enhance.when": "H.2.1.2",
    "enhance.where": "H.2.1.3", "enhance.once": "H.2.1.4", "form-ability": "H.2.2",
    "form.where": "H.2.2.3", "response": "H.2.3", "window": "H.2.3.2", "window.open": "H.2.3.2.1",
    "window.halts": "H.2.3.2.2", "window.nested": "H.2.3.2.3",
    "window.priority": "H.2.3.2.4.1", "window.choice": "H.2.3.2.4.2",
    "window.valid": "H.2.3.2.4.2.1", "window.closes": "H.2.3.2.4.3",
    "response.where": "H.2.3.3", "response.once": "H.2.3.4",
    "restriction.first": "H.3.1.1", "first.form": "H.3.1.1.1", "first.enhance": "H.3.1.1.2",
    "restriction.combo": "H.3.1.2", "restriction.deadlock": "H.3.1.3",
    "restriction.desperation": "H.3.1.4", "restriction.name": "H.3.1.5",
    "restriction.resource": "H.3.1.6", "restriction.zone": "H.3.2.1",
    "once-per-turn": "H.3.2.2.1", "twice-per-turn": "H.3.2.2.2", "your-turn": "H.3.2.2.3",
    "your-attack": "H.3.2.2.4", "opponents-turn": "H.3.2.2.5",
    "opponents-attack": "H.3.2.2.6", "enhance-step-only": "H.3.2.2.7",
    "once-per-enhance": "H.3.2.2.8", "only-playable": "H.3.3.1",
    "playable-committed": "H.3.3.2", "cost.commit": "H.4.1.1", "cost.destroy": "H.4.1.2",
    "cost.remove": "H.4.1.3", "cost.flip": "H.4.1.4", "cost.check": "H.4.2",
    "cost.character-for-foundation": "H.4.3", "cost.x": "H.4.4",
    "committed-cannot-play": "H.5.1", "zone-change-resets": "H.5.3", "continuous": "H.6",
    # I keywords
    "keywords": "I", "trait": "I.1", "keyword-ability": "I.2.2", "rating": "I.2.4",
    "breaker": "I.3.1.1", "only": "I.3.2.1", "combo": "I.3.3.2", "desperation": "I.3.4.1",
    "ex": "I.3.5.1", "flash": "I.3.6.1", "gauge": "I.3.7.1", "multiple": "I.3.8.1",
    "powerful": "I.3.9.1", "reversal": "I.3.10.1", "reversal.as": "I.3.10.2",
    "reversal.once": "I.3.10.2.2", "reversal.safe": "I.3.10.2.3", "safe": "I.3.11.1",
    "stun": "I.3.12.1", "terrain": "I.3.13.1", "throw": "I.3.14.1", "unique": "I.3.15.1",
    # J effects
    "effect.as-much": "J.1.1", "effect.not-more": "J.1.2", "effect.order": "J.1.2~2",
    "effect.interrupted": "J.1.3", "effect.decisions": "J.1.4", "effect.controller": "J.1.5",
    "static": "J.2.1", "static.character": "J.2.1.2", "detached": "J.2.2",
    "detached.ends": "J.2.2.1", "assigned": "J.2.3", "assigned.ends": "J.2.3.1",
    "effect.ends-first": "J.2.5", "immediate": "J.3.1", "immediate.after": "J.3.1.1",
    "fired": "J.3.2", "fired.after": "J.3.2.1", "fired.before-window": "J.3.2.1.1",
    "fired.order": "J.3.2.1.2", "fired.check": "J.3.2.1.3", "modifier": "J.3.3",
    "modifier.apply": "J.3.3.1", "definition": "J.3.4", "copying": "J.3.4.1",
    "rule-effect": "J.3.5", "replacement": "J.3.5.1", "value.missing": "J.4.2.1",
    "value.current": "J.4.2.2", "value.last": "J.4.2.3", "x": "J.4.3",
    "x.nonnegative": "J.4.3.4", "vitality.max": "J.5.1", "vitality.max-gain": "J.5.1.1",
    "resource.once": "J.5.2",
    # K instruction glossary
    "conflict.effect-wins": "K.1.1", "conflict.prohibit": "K.1.2", "both-players": "K.1.3",
    "discard.hand": "K.2.1", "controls": "K.2.2", "choose": "K.2.3", "opponent-cards": "K.2.4",
    "option": "K.2.5", "foundations": "K.2.6", "your-character": "K.2.7",
    "this-card": "K.3.1", "this-attack": "K.3.4", "your-attack": "K.3.4.1", "if": "K.3.5",
    "bonus": "K.3.6", "min-max": "K.3.7", "next-attack": "K.3.9", "next-card": "K.3.9.2",
    "during-attack": "K.3.11", "desperation-state": "K.3.18", "deadlock-state": "K.3.19",
    "destroy": "K.4.1", "flip": "K.4.2", "unflip": "K.4.2.1", "seal": "K.4.3",
    "remove": "K.4.4", "freeze": "K.4.5", "reveal": "K.5.1", "search": "K.5.2",
    "draw-up-to": "K.5.4",
    # the engine's immediate block (judge.engine.immediate)
    "immediate.resolve": "J.3.2.1", "immediate.order": "J.3.2.1.2",
    "immediate.cancel": "H.3.3.4", "window.respond": "H.2.3.2.4.1",
}

CITATIONS = CitationTable({proc: {DOC: key} for proc, key in RULES.items()})
