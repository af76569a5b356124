"""Which rule governs each FaB procedure, per rules document.

v1.4 (``fab-1.4``) covers the whole game. The section-4 export (``fab-section4``) covers only
Game Structure: turns, phases, action points at the start of the action phase, the end-of-turn
procedure and ending a game. A procedure with no entry for a document is ``not modelled`` for
scenarios that name that document (the engine never borrows another document's number).
"""

from __future__ import annotations

from judge.engine.trace import CitationTable

V14 = "fab-1.4"
S4 = "fab-section4"

TABLE: dict[str, dict[str, str]] = {
    # priority (14, 19)
    "priority.only-holder": {V14: "14.1"},
    "priority.pass": {V14: "14.4"},
    "priority.resolve-top": {V14: "19.1"},
    "priority.action-phase-ends": {V14: "14.6", S4: "4.3.4"},
    # playing cards (15)
    "play.zone": {V14: "15.1"},
    "activate.controller": {V14: "15.2"},
    "play.action-layer-1": {V14: "15.3"},
    "play.instant": {V14: "15.4"},
    "play.attack-reaction": {V14: "15.4.3"},
    "play.defense-reaction": {V14: "15.4.4"},
    "play.announce": {V14: "15.5.1a"},
    "play.cost": {V14: "15.5.2a"},
    "play.pay": {V14: "15.5.3"},
    "play.pool-first": {V14: "15.5.3a"},
    "play.pitch": {V14: "15.5.3b"},
    "play.other-costs": {V14: "15.5.3c"},
    "play.action-point": {V14: "15.5.3d"},
    "play.layer": {V14: "15.5.4a"},
    "play.attack-opens": {V14: "15.5.4b"},
    "activate.attack": {V14: "15.5.4c"},
    "pitching": {V14: "Pitching"},
    "resource-points": {V14: "Resource Points"},
    "action-points": {V14: "Action Points"},
    # triggers, continuous, replacement (16-18)
    "trigger.layer": {V14: "16.2"},
    "trigger.order": {V14: "16.3"},
    "trigger.delayed": {V14: "16.4.1"},
    "trigger.delayed-created": {V14: "16.4"},
    "trigger.recheck": {V14: "16.5"},
    "continuous.created": {V14: "17.1"},
    "continuous.duration": {V14: "17.2"},
    "replacement.once": {V14: "18.2"},
    "replacement.multiple": {V14: "18.3"},
    "replacement.order": {V14: "18.5"},
    "replacement.never-happened": {V14: "18.6"},
    # resolving layers (19)
    "resolve.target-gone": {V14: "19.1.1"},
    "resolve.in-order": {V14: "19.2"},
    "resolve.part-ignored": {V14: "19.7"},
    "own-name": {V14: "19.3"},
    "token.ceases": {V14: "10.3"},
    "resolve.graveyard": {V14: "19.8"},
    "resolve.reaction-stays": {V14: "19.9"},
    # combat chain (20)
    "combat.opens": {V14: "20.1"},
    "combat.link-1": {V14: "20.4.1"},
    "combat.link-n": {V14: "20.4.1a"},
    "combat.attack-modifiers": {V14: "20.4.2"},
    "combat.attacking": {V14: "20.4.4"},
    "combat.attack-triggers": {V14: "20.4.4d"},
    "combat.attack-step-ends": {V14: "20.4.6"},
    "combat.defend": {V14: "20.5.1"},
    "combat.defend-needs-defense": {V14: "20.5.1a"},
    "combat.defend-declare": {V14: "20.5.2"},
    "combat.defend-step-ends": {V14: "20.5.5"},
    "combat.defending-triggers": {V14: "20.5.2f"},
    "combat.previous-link-triggers": {V14: "16.1.1"},
    "combat.defense-reaction-defends": {V14: "20.6.4a"},
    "combat.defense-reaction-resolves": {V14: "20.6.4b"},
    "combat.cannot-defend": {V14: "20.6.4e"},
    "combat.reaction-step-ends": {V14: "20.6.6"},
    "combat.no-priority": {V14: "20.7.1"},
    "combat.compare": {V14: "20.7.2"},
    "combat.damage": {V14: "20.7.2a"},
    "combat.hit": {V14: "20.7.2b"},
    "combat.resolution-triggers": {V14: "20.8.1"},
    "combat.link-resolves": {V14: "20.8.3"},
    "combat.go-again": {V14: "20.8.3a"},
    "combat.attack-resolved": {V14: "20.8.3b"},
    "combat.continue-or-close": {V14: "20.8.3c"},
    "combat.non-attack-closes": {V14: "20.8.3d"},
    "combat.passes-close": {V14: "20.9"},
    # closing the combat chain (21)
    "close.permanents": {V14: "21.1"},
    "close.graveyard": {V14: "21.2"},
    "close.triggers": {V14: "21.3"},
    "close.priority": {V14: "21.4"},
    # last known information, targets (22, 23)
    "lki": {V14: "22"},
    "target.legal": {V14: "23.1.1"},
    "target.attack": {V14: "23.3"},
    # damage (26)
    "damage.source": {V14: "26.3"},
    "damage.physical": {V14: "26.4.1"},
    "damage.arcane": {V14: "26.4.2"},
    "damage.typed-prevention": {V14: "26.4.3a"},
    "damage.untyped-prevention": {V14: "26.4.3c"},
    "damage.untyped-trigger": {V14: "26.4.3d"},
    "damage.prevented": {V14: "26.5"},
    "damage.total": {V14: "3.2.1"},
    "life.total": {V14: "6.4.6a"},
    "life.floor": {V14: "6.4.6c"},
    "life.loss-not-damage": {V14: "26.6"},
    # winning, draws (3 / section 4.5)
    "game.win-life": {V14: "3.1", S4: "4.5.3a"},
    "game.opponents-lost": {S4: "4.5.2a"},
    "game.ends": {V14: "3.1.1", S4: "4.5.1"},
    "game.draw": {V14: "3.2", S4: "4.5.4a"},
    # turn structure (13 / section 4.2-4.4)
    "turn.start-effects-end": {V14: "13.1.2", S4: "4.2.2"},
    "turn.action-point": {V14: "13.2.1", S4: "4.3.2"},
    "turn.action-phase-triggers": {V14: "13.2.2"},
    "turn.priority": {V14: "13.2.3", S4: "4.3.3"},
    "turn.end-no-priority": {V14: "13.3.1"},
    "turn.end-triggers": {V14: "13.3.2"},
    "turn.end-lose-points": {V14: "13.3.3a", S4: "4.4.3e"},
    "turn.end-pitch-to-deck": {V14: "13.3.3c", S4: "4.4.3c"},
    "turn.end-draw": {V14: "13.3.3d", S4: "4.4.3f"},
    "turn.end-draw-first-turn": {V14: "13.3.3e", S4: "4.4.3f"},
    "turn.end-effects-end": {V14: "13.3.3f", S4: "4.4.4"},
    "turn.next": {V14: "13.3.3g", S4: "4.4.4"},
    # keywords (27 glossary)
    "kw.go-again": {V14: "Go again"},
    "kw.dominate": {V14: "Dominate"},
    "kw.arcane-barrier": {V14: "Arcane Barrier N"},
    "kw.spellvoid": {V14: "Spellvoid N"},
    "kw.battleworn": {V14: "Battleworn"},
    "kw.blade-break": {V14: "Blade Break"},
    "kw.temper": {V14: "Temper"},
    "kw.phantasm": {V14: "Phantasm"},
    "kw.crush": {V14: "Crush"},
    "kw.spectra": {V14: "Spectra"},
    "kw.blood-debt": {V14: "Blood Debt"},
    "counters": {V14: "Counters"},
    "destroy": {V14: "Destroy"},
    "power.base": {V14: "25.3"},
    "power.counters": {V14: "25.4"},
    # tokens, granted triggered abilities, replacements of dealt damage, discards
    "token.created": {V14: "10.1"},
    "token.permanent": {V14: "10.4.3b"},
    "trigger.independent": {V14: "26.3.1"},
    "replacement.effect": {V14: "18.1"},
    "replacement.triggers": {V14: "18.4"},
    "replacement.damage": {V14: "18.7"},
    "discard": {V14: "Discard"},
}

CITATIONS = CitationTable(TABLE)
