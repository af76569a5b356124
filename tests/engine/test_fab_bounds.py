"""FaB's bounds on values (7.2.5b, 8.2.5b, 9.2.5c, 9.2.6c, 9.2.8b, 9.2.9b): a value an effect
would take below zero is zero wherever it is read, and the trace cites the rule when it bites."""

from __future__ import annotations

from tests.engine.helpers import expectation, ruling


def test_fab_9_2_8b_an_attack_given_minus_3_power_has_zero_not_minus_1():
    r = ruling('card "Weaken": Generic Instant, cost 0, pitch 1: "Target attack action card '
               'gets -3{p}."\n'
               'Alice is the turn player; hero life 20, hand "Red"\nBob: hero life 20, hand "Weaken"\n'
               'Alice plays "Red"\nAlice passes\nBob plays "Weaken" targeting Alice\'s "Red"\n'
               'Bob passes\nAlice passes\nexpect "Red" power 0\nsettle\nexpect Bob life 20\n'
               'expect cites "9.2.8b"\n')
    assert expectation(r, "power 0").passed, [e.actual for e in r.all_expectations]
    assert expectation(r, "life 20").passed
    assert expectation(r, "9.2.8b").passed
    noted = [s for s in r.steps if "power would be -2" in s.description]
    assert noted and noted[0].citations == ("fab-1.4 9.2.8b",)
