"""No silent drops, precisely: each ability the FaB module does not carry out is named when a
moment it names happens (fab_binding), and only then; the abilities it carries out act
(fab_watch)."""

from __future__ import annotations

from judge.games.fab import binding as B
from tests.engine.helpers import expectation, ruling


def _named(r, card: str) -> list[str]:
    return [n for n in r.not_modelled if card in n]


def test_fab_16_1_a_trigger_not_carried_out_is_named_at_its_own_moment_only():
    aura = ('card "Scribe Aura": Generic Action - Aura, cost 0, pitch 1, defense 2: '
            '"Whenever you draw a card, gain 1{h}."\n'
            'card "Study": Generic Instant, cost 0, pitch 1: "Draw a card."\n')
    quiet = ruling(aura + 'Alice is the turn player; hero life 20, hand "Brute Force", "Red", '
                   'controls "Scribe Aura"\nBob: hero life 20\nAlice plays "Brute Force" '
                   'pitching "Red"\nsettle\nexpect Bob life 14\n')
    assert not _named(quiet, "Scribe Aura"), quiet.not_modelled
    assert expectation(quiet, "life 14").passed
    drawn = ruling(aura + 'Alice is the turn player; hero life 20, hand "Study", deck top "Red", '
                   'controls "Scribe Aura"\nBob: hero life 20\nAlice plays "Study"\nsettle\n')
    named = _named(drawn, "Scribe Aura")
    assert named and "draw happens" in named[0], drawn.not_modelled


def test_fab_20_7_2b_an_attack_text_the_grammar_cannot_read_is_named_not_dropped():
    r = ruling('card "Odd Jab": Generic Action - Attack, cost 0, pitch 1, power 3, defense 2: '
               '"When this hits a hero, they lose all their marbles."\n'
               'Alice is the turn player; hero life 20, hand "Odd Jab"\nBob: hero life 20\n'
               'Alice plays "Odd Jab"\nsettle\nexpect Bob life 17\n')
    assert _named(r, "Odd Jab"), r.not_modelled
    assert not expectation(r, "life 17").passed      # undecided, not a confident 17


def test_fab_20_5_2f_a_defending_cards_own_trigger_is_carried_out():
    r = ruling('card "Guarded Jab": Generic Action - Attack, cost 0, pitch 1, power 3, '
               'defense 2: "When this defends, gain 1{h}."\n'
               'Alice is the turn player; hero life 20, hand "Red"\nBob: hero life 20, hand '
               '"Guarded Jab"\nAlice plays "Red"\nBob defends with "Guarded Jab"\nsettle\n'
               'expect Bob life 21\n')
    assert expectation(r, "life 21").passed, [e.actual for e in r.all_expectations]
    assert not r.not_modelled


def _event(trigger: str):
    from judge.cards import parse
    ab = parse("fab", f"{trigger}, gain 1{{h}}.", name="Dread Triptych").abilities[0]
    return ab.trigger.event


def test_moments_of_trigger_events():
    assert B.moments_of(_event("Whenever you gain an action point")) == {"gain action points"}
    assert B.moments_of(_event("When this hits a hero")) == {"hit"}
    assert B.moments_of(_event("When an attack action card you control hits")) == {"hit"}
    assert B.moments_of(_event("At the beginning of your end phase")) == {"start of end phase"}
    assert B.moments_of(_event("When this attacks or defends")) == {"attack", "defend"}
    assert B.moments_of(_event("When you play an attack action card or activate a weapon "
                               "attack")) == {"play attack"}
    assert B.subject_of(_event("When you attack with Dread Triptych")) == "this"
    assert B.subject_of(_event("Whenever an opponent plays a card")) == "opponent"
