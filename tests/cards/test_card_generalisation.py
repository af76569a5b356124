"""Generalisation check for the UFS and Ashes card grammars: sentences written for this test in
each game's style, with nouns, verbs, orders and clause combinations the corpora's tuning parts
do not print together (none is copied from a card; a few UFS ones are the ability texts the
rulebook's keyword section quotes, I.3). Each must read fully into values of the shape given
(ability kind / trigger: effect classes, nested choices and conditions); some are checked value
by value below. When the grammar learns a form by one card's wording only, these are what fails
first.

When written, 12 of the 138 Ashes and 8 of the 148 UFS sentences were not fully read; after the
round that added this file 8 and 7 still are not, and are left out here rather than asserted as
failures: text costs without a keyword ("Remove 2 momentum: ..."), "deals its damage before
...", "cannot be the target of ...", "you may choose not to ...", "X = A or B, whichever is
less" (no value holds the least of two amounts), "occupies 2 slots", UFS "Invincible: Fire,
Water", "search your deck and discard pile" (a search of two zones), "..., to a maximum of 3"
(no value caps a "for each"), "cannot be played as a reversal" (kept unread on purpose).
Since the third round "whichever is less" (a Quantity "lesser"), "to a maximum of" (Amount.
maximum), an Ashes cost in words and "cannot be the target of" are read (tested in
test_card_core.py and below)."""

from __future__ import annotations

import pytest

from judge.cards import ashes, fab, ufs, wow
from judge.cards import model as M


def _effect(e) -> str:
    if isinstance(e, M.Conditional):
        return f"Conditional[{e.condition.test}](" + ", ".join(map(_effect, e.then)) + ")"
    if isinstance(e, M.Choice):
        return "Choice(" + " | ".join(", ".join(map(_effect, o)) for o in e.options) + ")"
    if isinstance(e, M.Replacement):
        return "Replacement"
    return type(e).__name__


def _shape(card: M.CardText) -> str:
    return "; ".join(f"{a.kind}{'/' + a.trigger.kind if a.trigger else ''}: "
                     + ", ".join(map(_effect, a.effects)) for a in card.abilities)


ASHES = [
    ('Deal 3 damage to a target unit you do not control.',
     'spell: Damage'),
    ('Remove 2 wound tokens from a target Phoenixborn.',
     'spell: Counters'),
    ('Place 1 status token on each unit you control.',
     'spell: Counters'),
    ('Draw 2 cards, then discard 1 card from your hand.',
     'spell: Move, Move'),
    ('Destroy a target exhausted ally.',
     'spell: Move'),
    ("Return a target unit to its owner's hand.",
     'spell: Move'),
    ('Select 1 die in your exhausted pool and place it into your active pool.',
     'spell: Dice, Move'),
    ('Re-roll up to 3 dice in your active pool.',
     'spell: Dice'),
    ('Change 1 die in your active pool to a side of your choice.',
     'spell: Dice'),
    ('Each player draws 1 card.',
     'spell: Move'),
    ('When this unit is destroyed, deal 2 damage to a target Phoenixborn.',
     'triggered/when: Damage'),
    ('After this unit blocks, remove 1 exhaustion token from this unit.',
     'triggered/after: Counters'),
    ('At the end of the round, place 1 wound token on this unit.',
     'triggered/at: Counters'),
    ('While this unit has 1 or more status tokens on it, it gets +2 attack.',
     'static: Conditional[has](ModifyValue)'),
    ('This unit cannot be blocked by units with a life value of 2 or less.',
     'static: Restriction'),
    ('Units you control get +1 life.',
     'static: ModifyValue'),
    ('You may spend 1 [[basic]] to draw 1 card.',
     'spell: Choice(Dice, Move)'),
    ('Search your draw pile for 1 ally and place it into your hand. Shuffle your draw pile.',
     'spell: Search, Move, Shuffle'),
    ('If this unit is exhausted, discard a card from your hand.',
     'spell: Conditional[is](Move)'),
    ('Deal X damage to a target unit, where X is the number of status tokens on this spell.',
     'spell: Damage'),
    ('Opponents cannot play reaction spells this turn.',
     'spell: Restriction'),
    ('Place 2 exhaustion tokens on a target unit an opponent controls.',
     'spell: Counters'),
    ("When an opponent's unit is destroyed, draw 1 card.",
     'triggered/when: Move'),
    ('Look at the top 3 cards of your draw pile and place them back in any order.',
     'spell: Look, Move'),
    ('Discard this spell.',
     'spell: Move'),
    ('Remove all wound tokens from a target ally.',
     'spell: Counters'),
    ('Each unit you control gets +1 attack until the end of the turn.',
     'spell: ModifyValue'),
    ('Deal 1 damage to each unit your opponent controls.',
     'spell: Damage'),
    ('Move 1 die from your exhausted pool to your active pool.',
     'spell: Move'),
    ('When this unit attacks, you may place 1 status token on this unit.',
     'triggered/when: Choice(Counters)'),
    ('This unit gets +1 recover for each status token on it.',
     'static: ModifyValue'),
    ('Choose a target unit and deal 2 damage to it.',
     'spell: Choose, Damage'),
    ('Draw 1 card for each exhausted unit you control.',
     'spell: Move'),
    ('Put a target ally from your discard pile into your hand.',
     'spell: Move'),
    ('Exhaust a target conjuration.',
     'spell: Exhaust'),
    ('If you control 3 or more units, draw 2 cards.',
     'spell: Conditional[control](Move)'),
    ('Place a [[Frog]] conjuration onto your battlefield.',
     'spell: Move'),
    ('Destroy up to 2 target conjurations.',
     'spell: Move'),
    ('Target player discards 2 cards from their hand.',
     'spell: Move'),
    ('When a unit you control is destroyed, you may spend 1 [[basic]] to place 1 status token on this spell.',
     'triggered/when: Choice(Dice, Counters)'),
    ('Deal 2 damage to a target unit. If that unit is destroyed, draw 1 card.',
     'spell: Damage, Conditional[is](Move)'),
    ('Choose up to 2 target units you control. Those units get +1 attack until the end of the round.',
     'spell: Choose, ModifyValue'),
    ('If an opponent has 2 or fewer cards in their hand, they discard 1 card.',
     'spell: Conditional[has](Move)'),
    ('Each opponent must discard 1 card from their hand or place 1 wound token on their Phoenixborn.',
     'spell: Choice(Move | Counters)'),
    ('Deal damage to a target unit equal to the number of cards in your hand.',
     'spell: Damage'),
    ('Remove up to X wound tokens from a target unit, where X is the number of units you control.',
     'spell: Counters'),
    ('Place 1 exhaustion token on each unit in battle that you do not control.',
     'spell: Counters'),
    ('Units that are attacking this turn get +1 attack.',
     'static: ModifyValue'),
    ('When this unit would be destroyed, you may discard 1 card from your hand instead.',
     'replacement: Replacement'),
    ("Deal 1 damage to each opponent's Phoenixborn and to each unit they control.",
     'spell: Damage, Damage'),
    ('You may select 1 die in your active pool and change it to a side of your choice.',
     'spell: Choice(Dice), Dice'),
    ('Whenever an opponent plays a reaction spell, draw 1 card.',
     'triggered/whenever: Move'),
    ('Each unit with 1 or more exhaustion tokens on it gets -1 attack.',
     'static: ModifyValue'),
    ('The next time this unit would receive damage this round, prevent 1 of that damage.',
     'replacement: Replacement'),
    ('Return up to 2 target allies from your discard pile to your hand.',
     'spell: Move'),
    ('If you have no cards in your hand, draw 2 cards and place 1 status token on this spell.',
     'spell: Conditional[has](Move, Counters)'),
    ('Destroy a target unit with a life value of 3 or less.',
     'spell: Move'),
    ('Spend 2 [[basic]]: Remove 1 wound token from a target unit.',
     'activated: Counters'),
    ('Players cannot draw cards this round.',
     'spell: Restriction'),
    ('At the start of each round, if this spell has no status tokens on it, discard this spell.',
     'triggered/at: Conditional[has](Move)'),
    ('When a unit you control blocks, it gets +2 life until the end of the turn.',
     'triggered/when: ModifyValue'),
    ('Deal 2 damage to a target unit or Phoenixborn. Then, you may draw 1 card.',
     'spell: Damage, Choice(Move)'),
    ('Units with the Unit Guard ability cannot guard this turn.',
     'spell: Restriction'),
    ('Choose a card in your discard pile and shuffle it into your draw pile.',
     'spell: Choose, Move'),
    ('Each player may draw up to 2 cards.',
     'spell: Choice(Move)'),
    ('If that unit has an attack value of 3 or more, destroy it.',
     'spell: Conditional[has](Move)'),
    ("Discard the top 2 cards of a target player's draw pile.",
     'spell: Move'),
    ('Place X status tokens on this spell, where X is the number of dice in your exhausted pool.',
     'spell: Counters'),
    ('Reduce the attack value of a target unit by 2 until the end of the turn.',
     'spell: ModifyValue'),
    ('Remove all exhaustion tokens from each ally you control.',
     'spell: Counters'),
    ('When this spell is discarded, draw 1 card.',
     'triggered/when: Move'),
    ('An opponent chooses a unit they control. Destroy that unit.',
     'spell: Choose, Move'),
    ('If this unit was not dealt damage this round, remove 1 wound token from it.',
     'spell: Conditional[event](Counters)'),
    ('Whenever a unit you control is dealt damage, place 1 status token on this spell.',
     'triggered/whenever: Counters'),
    ('Exhaust up to 2 target units.',
     'spell: Exhaust'),
    ('Deal 2 damage to a target unit. If you do, you may remove 1 wound token from this unit.',
     'spell: Damage, Conditional[event](Choice(Counters))'),
    ('This damage cannot be prevented.',
     'static: Restriction'),
    ('Damage dealt by this unit cannot be prevented.',
     'static: Restriction'),
    ('This unit gets +1 attack for the remainder of the turn.',
     'spell: ModifyValue'),
    ("Place the chosen unit into its owner's hand.",
     'spell: Move'),
    ('Choose a target unit. The chosen unit gets -2 attack until the end of the turn.',
     'spell: Choose, ModifyValue'),
    ('When this unit is dealt damage, place 1 status token on each other unit you control.',
     'triggered/when: Counters'),
    ('Remove 1 exhaustion token from a target unit and from each other unit with the same name.',
     'spell: Counters'),
    ('An opponent must discard 1 card for each card they cannot or do not draw.',
     'spell: Move'),
    ('Each player selects 1 die in their exhausted pool and places it into their active pool.',
     'spell: Dice, Move'),
    ('You may discard 1 card from your hand. If you do, draw 2 cards.',
     'spell: Choice(Move), Conditional[event](Move)'),
    ('If you cannot, discard this spell instead.',
     'spell: Conditional[](Move)'),
    ("Whenever an opponent's unit is destroyed as a result of an attack, draw 1 card.",
     'triggered/whenever: Move'),
    ('Do not remove exhaustion tokens from this unit at the end of the round.',
     'static: Restriction'),
    # ("You may place this unit onto your battlefield as if it were a conjuration." read as a
    # plain Move: "as if ..." was dropped; it is named now - test_card_unread_posts.py)
    ('The owner of the destroyed unit draws 1 card.',
     'spell: Move'),
    ('Their Phoenixborn receives 2 damage.',
     'spell: Damage'),
    ('If an opponent controls more units than you, place a [[Frog]] conjuration onto your battlefield.',
     'spell: Conditional[compare](Move)'),
    ("Select up to 3 dice in an opponent's active pool and re-roll them.",
     'spell: Dice, Dice'),
    ('Deal 1 damage to a target unit for each [[illusion:power]] die in your active pool.',
     'spell: Damage'),
    ('Place 1 status token on this spell. Then, if there are 3 or more status tokens on this spell, discard it and draw 3 cards.',
     'spell: Counters, Conditional[exists](Move, Move)'),
    ('When this unit attacks, an opponent may spend 1 [[basic]]. If they do not, this unit gets +2 attack.',
     'triggered/when: Choice(Dice), Conditional[event](ModifyValue)'),
    ('This unit cannot block or guard.',
     'static: Restriction, Restriction'),
    ('Units you control with the Inheritance ability get +1 life.',
     'static: ModifyValue'),
    ('At the end of the round, if this unit has no wound tokens on it, draw 1 card.',
     'triggered/at: Conditional[has](Move)'),
    ('A target player discards the top 3 cards of their draw pile.',
     'spell: Move'),
    ('Deal 3 damage to a target unit that is exhausted.',
     'spell: Damage'),
    ("Return a target conjuration to its owner's conjuration pile.",
     'spell: Move'),
    ('Look at the top 5 cards of your draw pile, add 1 of them to your hand, and discard the rest.',
     'spell: Look, Move, Move'),
    ('Each unit that has 1 or more status tokens on it gets +1 attack and +1 life.',
     'static: ModifyValue, ModifyValue'),
    # (it was 'spell: Move': the cost read as an ability's name, dropped)
    ('Exhaust this spell: Draw 1 card.',
     'activated: Move'),
    ("This spell cannot be exhausted by an opponent's dice powers.",
     'static: Restriction'),
    ('If this unit would be destroyed, remove 2 wound tokens from it instead.',
     'replacement: Replacement'),
    ('Play this spell only during your turn.',
     'static: Restriction'),
    ('Deal 1 damage to up to 3 target units.',
     'spell: Damage'),
    ('Remove up to 2 exhaustion tokens from each unit you control.',
     'spell: Counters'),
    ("Place X wound tokens on a target unit, where X is this unit's attack value.",
     'spell: Counters'),
    ('Draw X cards, where X is the number of units your opponent controls.',
     'spell: Move'),
    ('Destroy a target ally, conjuration, or alteration spell.',
     'spell: Move'),
    ('Discard a target ready spell or alteration spell.',
     'spell: Move'),
    ('Each unit that is exhausted gets -1 attack and -1 life.',
     'static: ModifyValue, ModifyValue'),
    ('When a unit that you control blocks or guards, draw 1 card.',
     'triggered/when: Move'),
    ("After an opponent's unit attacks, you may exhaust it.",
     'triggered/after: Choice(Exhaust)'),
    ('Units with 2 or more wound tokens on them cannot attack.',
     'static: Restriction'),
    ('When this unit attacks or counters, place 1 status token on it.',
     'triggered/when: Counters'),
    ('Place 1 status token on a target ally or conjuration you control.',
     'spell: Counters'),
    ('Deal 2 damage to a target exhausted unit an opponent controls.',
     'spell: Damage'),
    ('Your opponent may not play ready spells this round.',
     'spell: Restriction'),
    ('Remove all status tokens from each spell on your spellboard.',
     'spell: Counters'),
    ('This unit gets +X attack, where X is the number of status tokens on this spell.',
     'static: ModifyValue'),
    ('Return 1 card from your discard pile to your hand for each unit you control.',
     'spell: Move'),
    ('Spend 1 [[basic]] or 1 [[natural:class]]: Deal 1 damage to a target unit.',
     'activated: Damage'),
]

UFS = [
    ('Your next attack this turn gets +2 damage.',
     'static: ModifyValue'),
    ('Your rival discards 1 card from their hand.',
     'static: Move'),
    ('Draw 2 cards.',
     'static: Move'),
    ('Add 1 card from your discard pile to your hand.',
     'static: Move'),
    ('Your attack gets +1 speed and +1 damage.',
     'static: ModifyValue, ModifyValue'),
    ('This attack gets -2 damage for each foundation your rival controls.',
     'static: ModifyValue'),
    ('If your rival has 3 or more foundations, your attack gets +3 speed.',
     'static: Conditional[has](ModifyValue)'),
    ('Commit 1 foundation your rival controls.',
     'static: Exhaust'),
    ('Ready 2 of your foundations.',
     'static: Ready'),
    ('Your rival cannot play attacks this turn.',
     'static: Restriction'),
    ('Destroy 1 foundation your rival controls.',
     'static: Move'),
    ('Gain 2 health.',
     'static: Gain'),
    ('Your rival loses 3 health.',
     'static: Lose'),
    ('Look at the top 2 cards of your deck.',
     'static: Look'),
    ('Your rival sacrifices 1 asset.',
     'static: Move'),
    ('After this attack deals damage, draw 1 card.',
     'triggered/after: Move'),
    ('After your rival blocks this attack, your rival discards 1 card.',
     'triggered/after: Move'),
    ('If this attack is blocked, your attack gets +2 damage.',
     'static: Conditional[is](ModifyValue)'),
    ('Put the top card of your deck into your momentum.',
     'static: Move'),
    ('Add the top card of your deck to your momentum.',
     'static: Move'),
    ('Remove 1 momentum from your rival.',
     'static: Move'),
    ('Your attacks get +1 speed for the rest of the turn.',
     'static: ModifyValue'),
    ("Your rival's next attack this turn gets -2 damage.",
     'static: ModifyValue'),
    ('Search your deck for 1 foundation and add it to your hand.',
     'static: Search, Move'),
    ('Shuffle your deck.',
     'static: Shuffle'),
    ('This attack cannot be blocked.',
     'static: Restriction'),
    ('If you have 5 or less health, this attack gets +2 damage.',
     'static: Conditional[compare](ModifyValue)'),
    ('Your rival must discard 2 cards.',
     'static: Move'),
    ('Draw 1 card for each foundation you control.',
     'static: Move'),
    ('Ready all of your foundations.',
     'static: Ready'),
    ('Your next kick attack this turn gets +1 speed.',
     'static: ModifyValue'),
    ("Change this attack's zone to low.",
     'static: Becomes'),
    ("Your rival's attacks get -1 damage until the end of the turn.",
     'static: ModifyValue'),
    ('Gain 1 health for each card in your hand.',
     'static: Gain'),
    ('Your attack gets +X damage, where X is the number of foundations you control.',
     'static: ModifyValue'),
    ('If your rival has no cards in their hand, draw 1 card.',
     'static: Conditional[has](Move)'),
    ('Each player discards 1 card.',
     'static: Move'),
    ('Your rival reveals their hand.',
     'static: Reveal'),
    ('Destroy this foundation.',
     'static: Move'),
    ('Commit this card.',
     'static: Exhaust'),
    ('Your next attack this turn gets +2 speed and +1 damage.',
     'static: ModifyValue, ModifyValue'),
    ('If your rival has more cards in hand than you, draw 1 card.',
     'static: Conditional[compare](Move)'),
    ('After your rival plays a foundation, your next attack gets +1 damage.',
     'triggered/after: ModifyValue'),
    ('Your rival commits 1 of their foundations.',
     'static: Exhaust'),
    ('If your rival blocks this attack, they lose 2 health.',
     'static: Conditional[event](Lose)'),
    ('This attack gets +1 damage for each card in your momentum.',
     'static: ModifyValue'),
    ('Your rival cannot block this attack with a foundation.',
     'static: Restriction'),
    ('Add up to 2 cards from your discard pile to your hand.',
     'static: Move'),
    ('Your rival may discard 1 card. If they do not, this attack gets +3 damage.',
     'static: Choice(Move), Conditional[event](ModifyValue)'),
    ('Your attacks with a printed speed of 3 or less get +2 damage.',
     'static: ModifyValue'),
    ('After this attack is blocked, your rival discards 1 card from their hand.',
     'triggered/after: Move'),
    ('If you have more foundations than your rival, this attack gets +1 speed.',
     'static: Conditional[compare](ModifyValue)'),
    ("Look at the top card of your rival's deck. You may discard it.",
     'static: Look, Choice(Move)'),
    ('Your rival reveals 1 card from their hand.',
     'static: Reveal'),
    ('Ready up to 2 foundations you control.',
     'static: Ready'),
    ('Your next Punch attack gets +X damage, where X is the number of cards in your discard pile.',
     'static: ModifyValue'),
    ('Your rival must commit 2 foundations or discard 1 card.',
     'static: Choice(Exhaust | Move)'),
    ('Destroy 1 asset your rival controls with difficulty 3 or less.',
     'static: Move'),
    ('For the rest of the turn, your attacks get +1 speed.',
     'static: ModifyValue'),
    ('This attack gets +2 speed if your rival has 3 or more foundations.',
     'static: Conditional[has](ModifyValue)'),
    ('If this card is in your discard pile, you may add it to your hand.',
     'static: Conditional[is](Choice(Move))'),
    ('Your rival gains 1 health and you draw 1 card.',
     'static: Gain, Move'),
    ('Your high attacks get +1 damage until the end of the turn.',
     'static: ModifyValue'),
    ('When your rival plays an action, draw 1 card.',
     'triggered/when: Move'),
    ('Draw 2 cards, then discard 1 card.',
     'static: Move, Move'),
    ('Each player draws 2 cards.',
     'static: Move'),
    ('Discard the top 3 cards of your deck.',
     'static: Move'),
    ('If your attack is blocked, ready 1 foundation.',
     'static: Conditional[is](Ready)'),
    ('Your rival may not play actions during this turn.',
     'static: Restriction'),
    ('Your character gets +1 hand size.',
     'static: ModifyValue'),
    ('Your rival shuffles their discard pile into their deck.',
     'static: Move'),
    ('This attack gets +1 speed for each foundation in your staging area.',
     'static: ModifyValue'),
    ('Add 1 card from your momentum to your hand.',
     'static: Move'),
    ('Gain health equal to the damage this attack dealt.',
     'static: Gain'),
    ('You cannot play cards with difficulty 5 or more this turn.',
     'static: Restriction'),
    ("Your rival's next attack gets +2 difficulty.",
     'static: ModifyValue'),
    ('If your card pool has 2 or fewer cards, draw 1 card.',
     'static: Conditional[has](Move)'),
    ('Remove this card from the game.',
     'static: Move'),
    ('Breaker: 2 - Stun: 1',
     'keyword: '),
    ('Throw - Combo',
     'keyword: '),
    ('Flash',
     'keyword: '),
    ('Multiple: 2 - Deflect: 1',
     'keyword: '),
    ('Enhance [Once per turn] Commit, discard 1 momentum: Draw 1 card.',
     'activated: Move'),
    ("Response [Rival's turn] Destroy: After your rival plays an attack, it gets -2 damage.",
     'triggered/after: ModifyValue'),
    ('Form [Your attack] Flip: Your next attack gets +1 speed.',
     'activated: ModifyValue'),
    ('Blitz: Your rival discards 1 card.',
     'activated: Move'),
    ('Enhance Remove 1 card in your card pool: Your attack gets +2 damage.',
     'activated: ModifyValue'),
    ('Response Commit: After you block an attack, draw 1 card.',
     'triggered/after: Move'),
    ('Enhance Discard 1 momentum: This attack gets +1 speed.',
     'activated: ModifyValue'),
    ('Form Commit: Add the top card of your deck to your momentum.',
     'activated: Move'),
    ('Response [Once per turn] Flip: After your attack is blocked, your next attack gets +1 damage.',
     'triggered/after: ModifyValue'),
    ('Enhance [Your turn] Commit, remove 2 momentum: Your attack gets +3 damage.',
     'activated: ModifyValue'),
    ('Deadlock Enhance [Once per turn]: Add 1 momentum.',
     'activated: Move'),
    ('Crush: 2',
     'keyword: '),
    ('Safe',
     'keyword: '),
    ('Powerful: 1 - Kick - Weapon',
     'keyword: '),
    ('Blitz: If your rival has 3 or more foundations, they commit 1 foundation.',
     'activated: Conditional[has](Exhaust)'),
    ('Form Destroy: Gain 3 health.',
     'activated: Gain'),
    ("Response Discard 2 momentum: After your rival's attack deals damage, gain 2 health.",
     'triggered/after: Gain'),
    ('Enhance Commit 2 foundations: Your attack gets +2 speed and +2 damage.',
     'activated: ModifyValue, ModifyValue'),
    ('Unique',
     'keyword: '),
    ('Enhance: If your attack is a kick, it gets +1 damage.',
     'activated: Conditional[is](ModifyValue)'),
    ('Response: After you play a foundation, draw 1 card.',
     'triggered/after: Move'),
    ('Form [Once per turn] Commit: Your next attack this turn gets +1 speed.',
     'activated: ModifyValue'),
    ('Enhance [Attack] Commit: This attack gets +2 damage.',
     'activated: ModifyValue'),
    ('Response Sacrifice: After your attack is blocked, your rival loses 2 health.',
     'triggered/after: Lose'),
    ('Response: After you block with this card, the next card your opponent attempts to play this turn gets +2 difficulty.',
     'triggered/after: ModifyValue'),
    ('This card cannot be played unless your character name is Ryu.',
     'static: Conditional[is](Restriction)'),
    ("While you are at less than half of your starting character's maximum vitality, this card's difficulty is 2.",
     'static: Conditional[is](SetValue)'),
    ('Enhance Discard 1 or more momentum: This attack gets +1 speed for each card used to pay the cost of this ability.',
     'activated: ModifyValue'),
    ("Skip this attack's Enhance Step.",
     'static: Skip'),
    ('Enhance: Your opponent commits 2 foundations.',
     'activated: Exhaust'),
    ("Response: After your rival's attack resolves, draw 1 card.",
     'triggered/after: Move'),
    ('Your rival cannot play enhance abilities during this attack.',
     'static: Restriction'),
    ('Enhance: Your rival commits 1 foundation for each attack in their card pool.',
     'activated: Exhaust'),
    ('Response: After your rival plays an enhance ability, their attack gets -1 speed.',
     'triggered/after: ModifyValue'),
    ('Response: After this attack is blocked, add it to your momentum.',
     'triggered/after: Move'),
    ("Blitz: Look at the top 3 cards of your rival's deck, then put them back in any order.",
     'activated: Look, Move'),
    ('Enhance: If your character has 10 or less vitality, your attack gets +2 damage.',
     'activated: Conditional[has](ModifyValue)'),
    ("Response: After your rival's attack deals damage to you, draw 2 cards.",
     'triggered/after: Move'),
    ("Form: Your character's hand size is increased by 1.",
     'activated: ModifyValue'),
    ("Enhance: Your rival's next block this turn gets -1 block modifier.",
     'activated: ModifyValue'),
    ('Your attack gets +1 damage for each Weapon card in your card pool.',
     'static: ModifyValue'),
    ('Your next 2 attacks this turn get +1 speed.',
     'static: ModifyValue'),
    ('Your rival discards up to 2 cards.',
     'static: Move'),
    ('Your attack gets +X speed, where X is the number of foundations your rival controls.',
     'static: ModifyValue'),
    ('Your kick or punch attacks get +1 damage.',
     'static: ModifyValue'),
    ('Destroy a foundation or asset your rival controls.',
     'static: Move'),
    ('Commit up to 2 foundations your rival controls.',
     'static: Exhaust'),
    ('If your rival has 2 or more committed foundations, draw 1 card.',
     'static: Conditional[has](Move)'),
    ('After your rival commits a foundation, your attack gets +1 damage.',
     'triggered/after: ModifyValue'),
    ("Your rival's attacks that are blocked get -1 damage.",
     'static: ModifyValue'),
    ('Foundations your rival controls cannot be readied this turn.',
     'static: Restriction'),
    ('Your rival may discard 1 card or commit 1 foundation.',
     'static: Choice(Choice(Move) | Exhaust)'),
    ('Ready a foundation you control with difficulty 2 or less.',
     'static: Ready'),
    ('Draw X cards, where X is the number of attacks you played this turn.',
     'static: Move'),
    ('Your next attack gets +2 damage for each foundation you control.',
     'static: ModifyValue'),
    ('Add 1 foundation or asset from your discard pile to your hand.',
     'static: Move'),
    ('This attack gets +1 speed and your rival loses 1 health.',
     'static: ModifyValue, Lose'),
    ('Your rival cannot block with foundations that have a difficulty of 3 or more.',
     'static: Restriction'),
    ('After this attack is played, your rival reveals 2 cards from their hand.',
     'triggered/after: Reveal'),
]


# ---- round 3: more sentences written in each game's style (new nouns, verbs, orders; none
# copied from a card), checked before the grammar changes of the round: 77 of 80 Ashes and 76 of
# 80 UFS read fully then; of the rest, three Ashes ("Remove 1 status token from this spell:
# ..." - a cost in words before the colon; "3 damage to A or 1 damage to B" - the second
# damage lost its recipient; "cannot be the target of spells") and one UFS ("reduce that damage
# by 2") are read now and are below; two UFS ones were not UFS ("Commit 2 foundations: ..."
# has no timing word) and one ("its damage is halved") is still not read: left out. Two that
# read fully before the round are now named, not read: the Ashes "You may play this spell as a
# side action." and the UFS "... gets -2 to their block modifier for this attack." (an "as" /
# "for" phrase no value holds was dropped in silence: see judge/cards/frames.py _MUST_READ).
ASHES_ROUND3 = [
    ('Inflict 2 damage to a target unit that has a status token on it.',
     'spell: Damage'),
    ('Remove up to 2 wound tokens from each unit you control.',
     'spell: Counters'),
    ('Place 1 exhaustion token on each unit your opponent controls with a life value of 2 or less.',
     'spell: Counters'),
    ('When this unit is destroyed, draw 2 cards.',
     'triggered/when: Move'),
    ("When an opponent's unit comes into play, you may inflict 1 damage to it.",
     'triggered/when: Choice(Damage)'),
    ('Whenever a unit you control blocks, it gets +1 attack until the end of the turn.',
     'triggered/whenever: ModifyValue'),
    ("Return a target conjuration to its owner's conjuration pile.",
     'spell: Move'),
    ('Search your draw pile for an ally and place it into your hand. Then shuffle your draw pile.',
     'spell: Search, Move, Shuffle'),
    ('Each player discards 1 card from their hand.',
     'spell: Move'),
    ('Target player draws 2 cards and places 1 wound token on their Phoenixborn.',
     'spell: Move, Counters'),
    ('This unit cannot be blocked by units with an attack value of 1 or less.',
     'static: Restriction'),
    ('This unit gets +2 life while it is guarding.',
     'spell: Conditional[event](ModifyValue)'),
    ('If you have 2 or more units in play, this spell costs 1 [[basic]] less to play.',
     'static: Conditional[has](ModifyValue)'),
    ('At the end of the round, remove all status tokens from this unit.',
     'triggered/at: Counters'),
    ('Deal 1 damage to each unit in battle.',
     'spell: Damage'),
    ("Discard the top 3 cards of a target player's draw pile.",
     'spell: Move'),
    ('You may change 2 dice in your exhausted pool to a side of your choice and place them into your active pool.',
     'spell: Choice(Dice), Move'),
    ("Re-roll a target die in an opponent's active pool.",
     'spell: Dice'),
    ('Destroy a target unit with 3 or more wound tokens on it.',
     'spell: Move'),
    ('Until the end of the turn, units you control get +1 attack and +1 life.',
     'spell: ModifyValue, ModifyValue'),
    ('Choose a unit in play. It gets +2 recover for the remainder of the round.',
     'spell: Choose, ModifyValue'),
    ('When this spell comes into play, place 3 status tokens on it.',
     'triggered/when: Counters'),
    ('Remove 1 status token from this spell: Inflict 1 damage to a target Phoenixborn.',
     'activated: Damage'),
    ('Your opponent must discard 1 card from their hand if able.',
     'spell: Conditional[able](Move)'),
    ('If a unit you control would be destroyed, you may discard 1 card from your hand instead.',
     'replacement: Replacement'),
    ('Exhaust a target unit. It cannot guard or counter this turn.',
     'spell: Exhaust, Restriction, Restriction'),
    ('Draw 1 card for each exhausted die in your pool.',
     'spell: Move'),
    ('Look at the top 3 cards of your draw pile. Place them back in any order.',
     'spell: Look, Move'),
    ('Each opponent places 1 wound token on their Phoenixborn for each ally they control.',
     'spell: Counters'),
    ('When this unit attacks, a target unit your opponent controls gets -1 attack until the end of the turn.',
     'triggered/when: ModifyValue'),
    ('If this unit is in battle, it gets +2 attack.',
     'static: Conditional[is](ModifyValue)'),
    ('After a unit you control is destroyed, place 1 status token on this spell.',
     'triggered/after: Counters'),
    ('A target player shuffles their discard pile into their draw pile.',
     'spell: Move'),
    ('Heal 2 damage from a target unit.',
     'spell: Heal'),
    ('Remove 2 wound tokens from your Phoenixborn.',
     'spell: Counters'),
    ('Move 1 wound token from a target unit to another target unit.',
     'spell: Counters'),
    ('Put a target ally from your discard pile into your hand.',
     'spell: Move'),
    ('Units with a recover value of 0 cannot attack this round.',
     'spell: Restriction'),
    ('When an opponent plays a reaction spell, inflict 1 damage to their Phoenixborn.',
     'triggered/when: Damage'),
    ('This unit gets +1 attack for each status token on it.',
     'static: ModifyValue'),
    ('Destroy this unit at the end of the round.',
     'spell: DelayedTrigger'),
    ('Once per round, you may spend 1 [[basic]] to give this unit +1 attack until the end of the turn.',
     'spell: Choice(Dice, ModifyValue)'),
    ('Select up to 2 units you control. Remove 1 exhaustion token from each of them.',
     'spell: Choose, Counters'),
    ('Inflict 3 damage to a target unit or 1 damage to a target Phoenixborn.',
     'spell: Choice(Damage | Damage)'),
    ('If your opponent has no units in play, inflict 2 damage to their Phoenixborn.',
     'spell: Conditional[has](Damage)'),
    ('Each unit you control with a status token on it gets +1 life.',
     'static: ModifyValue'),
    ('When this unit comes into play, your opponent discards 1 card at random from their hand.',
     'triggered/when: Move'),
    ("Place a target unit with a life value of 3 or less on the bottom of its owner's draw pile.",
     'spell: Move'),
    ('Until the end of the round, this unit cannot be the target of spells.',
     'spell: Restriction'),
    ('Inflict X damage to a target unit, where X is the number of exhausted dice in your pool.',
     'spell: Damage'),
    ('Unless your opponent spends 1 [[basic]], inflict 2 damage to their Phoenixborn.',
     'spell: Conditional[event](Damage)'),
    ('Choose up to 3 units. Each of them gets +1 attack until the end of the round.',
     'spell: Choose, ModifyValue'),
    ('Place X status tokens on this spell, where X is the number of units you control.',
     'spell: Counters'),
    ('When a unit your opponent controls is destroyed by this unit, draw 1 card.',
     'triggered/when: Move'),
    ('You may discard 2 cards from your hand to remove 3 wound tokens from your Phoenixborn.',
     'spell: Choice(Move, Counters)'),
    ('Each player chooses 1 unit they control and destroys it.',
     'spell: Choose, Move'),
    ('This unit and each unit adjacent to it get +1 life.',
     'static: ModifyValue'),
    ('The first time this unit is dealt damage each round, prevent 1 of that damage.',
     'triggered/first time: Prevent'),
    ('If a target unit has no wound tokens on it, exhaust it. Otherwise, inflict 2 damage to it.',
     'spell: Conditional[has](Exhaust)'),
    ('Your opponent may not play ready spells this round.',
     'spell: Restriction'),
    ('Remove all exhaustion tokens from units you control and draw 1 card.',
     'spell: Counters, Move'),
    ('After this unit blocks or guards, inflict 1 damage to the attacking unit.',
     'triggered/after: Damage'),
    ('When this unit counters, it gets +2 attack for the remainder of the turn.',
     'triggered/when: ModifyValue'),
    ('Search your draw pile for up to 2 conjurations with a magic play cost of 2 or less and place them into your conjuration pile.',
     'spell: Search, Move'),
    ('Units you control that are exhausted get +1 recover.',
     'static: ModifyValue'),
    ("Discard a random card from a target player's hand.",
     'spell: Move'),
    ('Draw cards until you have 5 cards in your hand.',
     'spell: Move'),
    ('Each unit that has an exhaustion token on it cannot block or guard.',
     'static: Restriction, Restriction'),
    ('If you control 3 or more allies, your Phoenixborn gets +2 life.',
     'static: Conditional[control](ModifyValue)'),
    ("Place a target unit in play into its owner's hand, then that player draws 1 card.",
     'spell: Move, Move'),
    ("Inflict 1 damage to a target unit and 1 damage to its controller's Phoenixborn.",
     'spell: Damage, Damage'),
    ('Your Phoenixborn cannot receive damage this turn.',
     'spell: Restriction'),
    ("Change up to 2 dice in a target player's active pool to their [[basic]] side.",
     'spell: Dice'),
    ('Inflict 2 damage to each Phoenixborn.',
     'spell: Damage'),
    ('Whenever you draw a card, place 1 status token on this unit.',
     'triggered/whenever: Counters'),
    ('Spend 2 [[basic]]: This unit gets +3 attack until the end of the turn.',
     'activated: ModifyValue'),
    ('When this unit leaves play, return it to your hand.',
     'triggered/when: Move'),
    ('A target unit with a recover value of 1 or more gets -1 recover until the end of the round.',
     'spell: ModifyValue'),
    ('Destroy all units with 0 life.',
     'spell: Move'),
]

UFS_ROUND3 = [
    ('Enhance: Your attack gets +1 damage.',
     'activated: ModifyValue'),
    ('Response: After your attack is blocked, draw 1 card.',
     'triggered/after: Move'),
    ('Enhance Commit: This attack gets +2 speed and +1 damage.',
     'activated: ModifyValue, ModifyValue'),
    ('Response Flip: After your rival plays a foundation, discard the top card of your deck.',
     'triggered/after: Move'),
    ('Form Commit: Your next kick attack this turn gets +2 damage.',
     'activated: ModifyValue'),
    ('Blitz: If you have 3 or more foundations in your staging area, this attack gets +3 speed.',
     'activated: Conditional[has](ModifyValue)'),
    ('Enhance Remove: Your rival discards 1 card from their hand.',
     'activated: Move'),
    ('Response: After you block an attack with a block modifier of 2 or more, gain 1 health.',
     'triggered/after: Gain'),
    ('Your rival cannot play enhances during this attack.',
     'static: Restriction'),
    ('Only playable if your rival has 5 or more cards in their hand.',
     'static: Restriction'),
    ('Enhance [Once per turn]: Add the top card of your discard pile to your card pool.',
     'activated: Move'),
    ('Response Commit: After your attack deals damage, your rival commits 1 foundation.',
     'triggered/after: Exhaust'),
    ('This attack gets +1 speed for each foundation you control.',
     'static: ModifyValue'),
    ("Enhance Flip: Your rival's next attack this turn gets -2 damage.",
     'activated: ModifyValue'),
    ('Form: Draw 2 cards, then discard 1 card.',
     'activated: Move, Move'),
    ('Enhance: Ready 1 of your committed foundations.',
     'activated: Ready'),
    ('Response: After a card is added to your card pool, this attack gets +1 damage.',
     'triggered/after: ModifyValue'),
    ('If this attack deals damage, your rival discards 1 card at random from their hand.',
     'static: Conditional[event](Move)'),
    ('Enhance Commit: Change the zone of this attack to low.',
     'activated: Becomes'),
    ('Response Discard 1 card: After your rival completes a block, your next attack gets +2 speed.',
     'triggered/after: ModifyValue'),
    ('Form Flip: Search your deck for a foundation and add it to your hand. Shuffle your deck.',
     'activated: Search, Move, Shuffle'),
    ('Your character gets +1 hand size while you control 2 or more assets.',
     'static: Conditional[control](ModifyValue)'),
    ('Enhance: Your rival gets -1 to their next control check this turn.',
     'activated: ModifyValue'),
    ('Response: After you pass a control check, draw 1 card.',
     'triggered/after: Move'),
    ('Blitz Commit: This attack cannot be blocked by attacks with a speed of 3 or less.',
     'activated: Restriction'),
    ("Response Flip: Before a foundation you control would be committed by your rival's effect, ready it instead.",
     'activated: Replacement'),
    ('Enhance: Put the top card of your deck into your card pool face down.',
     'activated: Move'),
    ('This attack gets +2 damage if your rival has no cards in their card pool.',
     'static: Conditional[has](ModifyValue)'),
    ('Once per turn, after you play an action, gain 1 health.',
     'triggered/after: Gain'),
    ("Response Commit: After your rival's attack is blocked, it gets -2 speed.",
     'triggered/after: ModifyValue'),
    ('Your attacks with the punch keyword get +1 speed.',
     'static: ModifyValue'),
    ('Enhance Remove: Return target foundation from your discard pile to your hand.',
     'activated: Move'),
    ('Response: After your character receives damage from an attack, add 1 card from your deck to your card pool.',
     'triggered/after: Move'),
    ('Form Commit: Until the end of this turn, your kick attacks get +1 damage.',
     'activated: ModifyValue'),
    ('Each player draws 2 cards.',
     'static: Move'),
    ('Enhance Flip: Your rival must commit 1 foundation, if able.',
     'activated: Conditional[able](Exhaust)'),
    ('Response: After your rival plays an attack with a speed of 5 or more, this card gets +1 block modifier.',
     'triggered/after: ModifyValue'),
    ('Destroy target asset with a difficulty of 3 or less.',
     'static: Move'),
    ('Enhance: Look at the top 2 cards of your deck and put them back in any order.',
     'activated: Look, Move'),
    ('Response Commit: After you block a high attack, your next attack this turn gets +1 speed.',
     'triggered/after: ModifyValue'),
    ('Enhance: If you have 10 or less health, your attack gets +2 damage.',
     'activated: Conditional[compare](ModifyValue)'),
    ('Response: After this attack is played, your rival may discard 1 card. If they do not, this attack gets +2 damage.',
     'triggered/after: Choice(Move), Conditional[event](ModifyValue)'),
    ("Enhance Commit: Your rival's next enhance this turn costs 1 more to play.",
     'activated: ModifyValue'),
    ('Your throw attacks cannot be blocked by low blocks.',
     'static: Restriction'),
    ('Blitz: Gain 2 health for each attack in your discard pile.',
     'activated: Gain'),
    ('Response Flip: After your rival flips a foundation, flip 1 of your foundations.',
     'triggered/after: Flip'),
    ('Enhance: This attack gets +X damage, where X is the number of foundations in your staging area.',
     'activated: ModifyValue'),
    ('Enhance: Your next attack this turn gets +X speed, where X is the number of cards in your hand.',
     'activated: ModifyValue'),
    ("Response: After your rival's attack is played, if it has a speed of 4 or less, it gets -1 damage.",
     'triggered/after: Conditional[has](ModifyValue)'),
    ("Enhance Commit: Your rival's next enhance this turn cannot be played.",
     'activated: Restriction'),
    ('Form Discard 1 card: Draw 1 card. If it is an attack, this card gets +1 block modifier.',
     'activated: Move, Conditional[is](ModifyValue)'),
    ('Enhance Flip: Choose a foundation your rival controls. Commit it.',
     'activated: Choose, Exhaust'),
    ('Response: Before you would receive damage from an attack, reduce that damage by 2.',
     'triggered/before: Prevent'),
    ('Enhance Commit: Each player discards 1 card from their card pool.',
     'activated: Move'),
    ('Blitz Remove: Your attack gets +2 damage for each action in your card pool.',
     'activated: ModifyValue'),
    ("Response Flip: After your rival's attack deals damage to you, your next attack this turn gets +2 speed.",
     'triggered/after: ModifyValue'),
    ('Enhance: Unless your rival discards 1 card, your attack gets +2 damage.',
     'activated: Conditional[event](ModifyValue)'),
    ('Form Commit: Add up to 2 foundations from your discard pile to your hand.',
     'activated: Move'),
    ('Response: After your rival blocks this attack, they discard 1 card at random.',
     'triggered/after: Move'),
    ('Enhance: This attack gets +1 speed and +1 damage if you control 3 or more foundations.',
     'activated: Conditional[control](ModifyValue, ModifyValue)'),
    ("Your foundations cannot be committed by your rival's effects.",
     'static: Restriction'),
    ('Enhance [Once per turn] Commit: Your rival commits 1 of their foundations.',
     'activated: Exhaust'),
    ('Response Flip: After your attack is blocked, add the top card of your deck to your card pool face up.',
     'triggered/after: Move'),
    ('Form: Until the end of the turn, your attacks get +1 speed.',
     'activated: ModifyValue'),
    ('Enhance Commit: If this attack is a kick, it gets +2 damage.',
     'activated: Conditional[is](ModifyValue)'),
    ('Response Remove: After your rival plays an action, cancel its effects.',
     'triggered/after: Cancel'),
    ('Form Flip: Your character gets +2 hand size until the end of the turn.',
     'activated: ModifyValue'),
    ('Response: After you complete a block, ready 1 of your foundations.',
     'triggered/after: Ready'),
    ("Enhance Commit: Your attack gets +1 damage for each foundation in your rival's staging area.",
     'activated: ModifyValue'),
    ('Response Flip: After your rival adds a card to their card pool, they discard 1 card from their hand.',
     'triggered/after: Move'),
    ('Blitz: Each player draws 1 card, then discards 1 card.',
     'activated: Move, Move'),
    ('Enhance: Your rival may commit 1 foundation. If they do not, your attack gets +3 damage.',
     'activated: Choice(Exhaust), Conditional[event](ModifyValue)'),
    ('Form Commit: Flip 1 of your committed foundations face up.',
     'activated: Flip'),
    ('Response Commit: After your rival plays a foundation, they cannot play another foundation this turn.',
     'triggered/after: Restriction'),
    ('Enhance Flip: Return this card to your hand.',
     'activated: Move'),
    ('Response: After this card is destroyed, draw 2 cards.',
     'triggered/after: Move'),
]


# ---- round 4 (the Ashes round of issue 17's fourth pass): 44 sentences written in the Ashes
# style (dice verbs, pools, durations, optional and allowed actions; none copied from a card).
# Before the round's changes 39 read fully; of the five that did not, four read now ("set" / "turn"
# a die to a side: the dice frame; "for this battle": a duration; "you may choose not to
# discard this card": a Replacement the player may choose) and one stays an Other ("its damage
# is halved": no value halves an amount yet, left out). One that read fully was wrong and is
# named now, left out: "This unit may attack the turn it comes into play" (a choice of an
# attack on "the turn"; now a unit's "may <action>" is a Permission, and a time as its object
# is unread). Their values are checked below where the shape alone could hide a wrong one.
ASHES_ROUND4 = [
    ('Spend 1 [[natural:class]] to re-roll up to 2 dice in your active pool.',
     'spell: Dice, Dice'),
    ('Change a die in your exhausted pool to its power side.',
     'spell: Dice'),
    ("Set 1 die in a target player's active pool to its basic side.",
     'spell: Dice'),
    ('You may exhaust 1 [[charm:class]] to remove 1 wound token from a target ally.',
     'spell: Choice(Dice, Counters)'),
    ("When an opponent's unit attacks this unit, place 1 exhaustion token on the attacking unit.",
     'triggered/when: Counters'),
    ('If a target unit has 2 or more wound tokens on it, destroy that unit.',
     'spell: Conditional[has](Move)'),
    ('Each unit you control with 1 or more status tokens on it gets +1 attack.',
     'static: ModifyValue'),
    ('Return up to 2 target allies from your discard pile to your hand.',
     'spell: Move'),
    ('This unit cannot be dealt damage by spells.',
     'static: Restriction'),
    ('After a unit you control is destroyed, you may draw 1 card.',
     'triggered/after: Choice(Move)'),
    ('Move 1 wound token from a target unit to another target unit.',
     'spell: Counters'),
    ("Look at the top 4 cards of a target player's draw pile. Place 1 of them on the bottom of that draw pile.",
     'spell: Look, Move'),
    ('Deal 2 damage to each unit with an attack value of 1 or less.',
     'spell: Damage'),
    ('Place 3 [[Sprite]] conjurations onto your battlefield.',
     'spell: Move'),
    ('At the start of each round, remove 1 status token from this spell.',
     'triggered/at: Counters'),
    ('Until the end of the turn, units you control cannot be exhausted.',
     'spell: Restriction'),
    ('Discard the top 3 cards of your draw pile.',
     'spell: Move'),
    ('Choose a target unit. It gets -2 life until the end of the round.',
     'spell: Choose, ModifyValue'),
    ('Destroy a target unit with no wound tokens on it.',
     'spell: Move'),
    ('Exhaust a target ally and deal 1 damage to it.',
     'spell: Exhaust, Damage'),
    ('Remove up to X exhaustion tokens from units you control, where X is the number of spells on your spellboard.',
     'spell: Counters'),
    ('Each player places 1 die from their active pool into their exhausted pool.',
     'spell: Move'),
    ("Re-roll 1 die in each player's active pool.",
     'spell: Dice'),
    ('Set a die in your active pool to a side of your choice.',
     'spell: Dice'),
    ('Select 2 dice in your exhausted pool, re-roll them, and place them in your active pool.',
     'spell: Dice, Dice, Move'),
    ('When this unit blocks, it gets +2 life for this battle.',
     'triggered/when: ModifyValue'),
    ('You may choose not to discard this card.',
     'spell: Choice(Replacement)'),
    ('Draw 1 card for each ally you control that has a wound token on it.',
     'spell: Move'),
    ('If you have no cards in your hand, draw 2 cards.',
     'spell: Conditional[has](Move)'),
    ('Deal 1 damage to a target unit for each die in your exhausted pool.',
     'spell: Damage'),
    ("Place a [[Blood Puppet]] conjuration onto a target opponent's battlefield.",
     'spell: Move'),
    ('You may spend 1 [[illusion:power]] to exhaust a target unit that is attacking.',
     'spell: Choice(Dice, Exhaust)'),
    ('When a unit you control receives damage, you may place 1 status token on this spell.',
     'triggered/when: Choice(Counters)'),
    ('A target player discards 1 card from their hand at random.',
     'spell: Move'),
    ('Units your opponent controls get -1 recover until the end of the round.',
     'spell: ModifyValue'),
    ("Remove all status tokens from a target spell on an opponent's spellboard.",
     'spell: Counters'),
    ('When this unit comes into play, you may move up to 2 dice from your exhausted pool to your active pool.',
     'triggered/when: Choice(Move)'),
    ('Destroy a target conjuration with a life value of 2 or less.',
     'spell: Move'),
    ('Each opponent must discard 1 card from their hand or place 1 wound token on their Phoenixborn.',
     'spell: Choice(Move | Counters)'),
    ('Re-roll any number of dice in your active pool. You cannot use this ability again this round.',
     'spell: Dice, Restriction'),
    ("Exhaust 2 dice in a target player's active pool.",
     'spell: Dice'),
]


@pytest.mark.parametrize(("text", "shape"), ASHES + ASHES_ROUND3 + ASHES_ROUND4)
def test_ashes_written_sentence_reads_fully(text, shape):
    card = ashes.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    assert _shape(card) == shape


@pytest.mark.parametrize(("text", "shape"), UFS + UFS_ROUND3)
def test_ufs_written_sentence_reads_fully(text, shape):
    card = ufs.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    assert _shape(card) == shape


def test_written_sets_are_large_enough():
    assert len(ASHES) >= 100 and len(UFS) >= 100


def test_a_player_subject_verb_in_s_is_the_verb():
    # "your rival blocks": "blocks" is the clause's verb after a player noun, not a plural noun
    card = ufs.parse("If your rival blocks this attack, they lose 2 health.")
    cond = card.abilities[0].effects[0]
    assert isinstance(cond, M.Conditional) and cond.condition.event.verb == "block"
    assert cond.condition.event.subject.controller == "opponent"
    lose = cond.then[0]
    assert isinstance(lose, M.Lose) and lose.resource == "health" and lose.amount.value == 2


def test_ashes_verb_after_you_control_relative():
    card = ashes.parse("When a unit you control blocks, it gets +2 life until the end of the turn.")
    ev = card.abilities[0].trigger.event
    assert ev.verb == "block" and ev.subject.kinds == ("unit",) and ev.subject.controller == "you"
    mod = card.abilities[0].effects[0]
    assert isinstance(mod, M.ModifyValue) and mod.stat == "life" and mod.amount.value == 2


def test_ashes_change_a_selected_die_to_a_side():
    card = ashes.parse("You may select 1 die in your active pool and change it to a side of your "
                       "choice.")
    setting = card.abilities[0].effects[-1]
    assert isinstance(setting, M.Dice) and setting.action == "set"
    assert setting.target.ref == "it" and setting.face == "a side of your choice"
    # a pronoun whose "to" is not a side stays unread, never a die
    assert ashes.parse("Change it to your hand.").others()


@pytest.mark.parametrize(("text", "face"), [
    ("Build it face down.", "down"),
    ("Add it face up to your staging area.", "up"),
    ("Your rival adds the top card of their deck to their card pool face down.", "down"),
])
def test_ufs_the_face_a_card_lands_on(text, face):
    card = ufs.parse(text)
    move = card.abilities[0].effects[0]
    assert isinstance(move, M.Move) and move.face == face


def test_ufs_staging_area_is_a_zone():
    move = ufs.parse("Add it face up to your staging area.").abilities[0].effects[0]
    assert move.to_zone is not None and move.to_zone.name == "staging area"
    assert move.to_zone.owner == "you"


def test_a_state_other_than_the_face_stays_unread():
    # "exhausted" / "ready" / "committed" are Move.arrives; any other state has no field of a
    # Move: unread (an Other), never a Move without it
    [move] = ufs.parse("Put it into play exhausted.").abilities[0].effects
    assert isinstance(move, M.Move) and move.arrives.states == ("exhausted",)
    [move] = ufs.parse("Build it committed.").abilities[0].effects
    assert isinstance(move, M.Move) and move.arrives.states == ("committed",)
    assert ufs.parse("Build it damaged.").others()


def test_ashes_a_verb_after_a_relative_list_of_verbs():
    card = ashes.parse("When a unit that you control blocks or guards, draw 1 card.")
    ev = card.abilities[0].trigger.event
    assert ev.verb == "block" and [a.verb for a in ev.alternatives] == ["guard"]


@pytest.mark.parametrize(("text", "value"), [
    ("Their Phoenixborn receives 2 damage.", 2),
    ("Each unit in battle receives X damage, where X is the number of cards in your hand.", None),
])
def test_ashes_receiving_damage_as_an_effect(text, value):
    dmg = ashes.parse(text).abilities[0].effects[0]
    assert isinstance(dmg, M.Damage) and dmg.verb == "receive"
    assert dmg.amount.value == value and dmg.target.text == text.split(" receives")[0]
    if value is None:
        assert dmg.amount.variable == "X" and dmg.amount.defined_as.measure == "count"
    # the trigger and the replacement keep their own reading
    assert ashes.parse("When this unit receives damage, draw 1 card.").abilities[0].trigger


def test_every_duration_phrase_of_the_grammar_has_its_kind():
    # the composed durations ("for the remainder of this attack") read as their period's kind,
    # never as the raw phrase
    import re
    from pathlib import Path

    from judge.cards import transformer
    text = (Path(transformer.__file__).parents[2] / "grammar" / "card_common.lark").read_text()
    phrases = re.search(r"^DURATION: /(.*)/i$", text, re.M).group(1).split("|")
    assert set(phrases) == set(transformer._DURATIONS)
    for lead in transformer.DURATION_LEADS:
        assert f"{lead} this attack" in phrases and f"{lead} the round" in phrases


@pytest.mark.parametrize(("text", "kind"), [
    ("Your attack gets +2 damage for the remainder of this combat phase.", "this combat"),
    ("This attack gets +2 speed until the end of the step.", "this step"),
    ("Your rival's attacks get -1 speed for the rest of this attack.", "this attack"),
])
def test_ufs_a_composed_duration(text, kind):
    mod = ufs.parse(text).abilities[0].effects[0]
    assert isinstance(mod, M.ModifyValue) and mod.duration is not None
    assert mod.duration.kind == kind


@pytest.mark.parametrize("text", ["If you pass, draw 1 card.",
                                  "After you pass a check to block, ready 1 foundation."])
def test_ufs_passing_a_check(text):
    ability = ufs.parse(text).abilities[0]
    event = ability.trigger.event if ability.trigger else ability.effects[0].condition.event
    assert event.verb == "pass" and event.subject.ref == "you"


def test_ashes_pass_action_is_a_noun():
    # "a pass action" (ashes-raven-1.1): the noun; "If you pass, ..." the verb
    card = ashes.parse("If you pass, draw 1 card.")
    assert card.abilities[0].effects[0].condition.event.verb == "pass"
    assert not ashes.parse("You may take a pass action.").unparsed


def test_ashes_two_placements_joined_by_and():
    card = ashes.parse("Place 1 wound token on a target unit and 2 wound tokens on a target "
                       "Phoenixborn.")
    first, second = card.abilities[0].effects
    assert (first.count.value, first.on.kinds, first.on.text) == (1, ("unit",), "a target unit")
    assert (second.count.value, second.on.kinds) == (2, ("phoenixborn",))
    assert first.kind == second.kind == "wound" and not first.on.alternatives
    # "and on <another>": which the second "on" is no value says - unread, none dropped
    assert ashes.parse("Place 1 wound token on a target unit and on each unit adjacent to "
                       "it.").others()


@pytest.mark.parametrize("text", [
    "For each card they cannot or do not draw, deal 1 damage to their Phoenixborn.",
    "Deal 1 damage to their Phoenixborn for each card they cannot or do not draw.",
])
def test_ashes_cannot_or_do_not_is_one_negation(text):
    # it was a choice between the damage and a restriction on drawing
    card = ashes.parse(text)
    assert not card.unparsed and not card.others()
    eff = card.abilities[0].effects[0]
    per = eff.times.per if isinstance(eff, M.Repeat) else eff.amount.per
    assert per.kinds == ("card",) and per.filters[0].event.verb == "draw"
    assert per.filters[0].event.negated


@pytest.mark.parametrize("module", [ashes, ufs])
def test_if_it_would_be_destroyed_is_a_replacement(module):
    # "would be destroyed" is the event it would be, not the state "destroyed" (it read as a
    # condition that the unit is already destroyed, the "instead" dropped)
    card = module.parse("If this unit would be destroyed, draw a card instead.")
    rep = card.abilities[0].effects[0]
    assert isinstance(rep, M.Replacement) and rep.event.verb == "be destroyed"
    assert rep.event.would and isinstance(rep.instead[0], M.Move)
    # the state keeps its reading
    cond = module.parse("If this unit is destroyed, draw a card.").abilities[0].effects[0]
    assert isinstance(cond, M.Conditional) and cond.condition.test == "is"


@pytest.mark.parametrize(("module", "text", "zone", "owner"), [
    (ufs, "Your rival shuffles all attacks from their discard pile into their decks.", "deck",
     "they"),
    (ashes, "Return all exhausted allies to their owners' hands.", "hand", "owner"),
])
def test_a_zone_named_in_the_plural(module, text, zone, owner):
    # one zone of each player's: it was no zone, and the Move lost where the cards go
    move = module.parse(text).abilities[0].effects[0]
    assert isinstance(move, M.Move) and move.to_zone is not None
    assert (move.to_zone.name, move.to_zone.owner) == (zone, owner)



def test_ashes_a_cost_in_words_before_the_colon():
    card = ashes.parse("Remove 1 status token from this spell: Inflict 1 damage to a target "
                       "Phoenixborn.")
    [ab] = card.abilities
    assert ab.kind == "activated" and isinstance(ab.effects[0], M.Damage)
    [cost] = ab.costs
    assert cost.kind == "effect" and isinstance(cost.effect, M.Counters)
    assert (cost.effect.action, cost.effect.kind, cost.effect.on.ref) == ("remove", "status",
                                                                           "this")
    # "Choose one:" is no cost
    assert not any(a.costs for a in ashes.parse("Choose one: draw 1 card; or discard 1 card."
                                                ).abilities)


@pytest.mark.parametrize(("game", "text", "second"), [
    ("ashes", "Deal 3 damage to a target unit or 1 damage to a target Phoenixborn.",
     "phoenixborn"),
    ("wow", "Deal 3 damage to target ally or 1 damage to target hero.", "hero"),
])
def test_two_damages_joined_by_or_are_a_choice_with_both_recipients(game, text, second):
    # the second lost its recipient (an Other): the "or ..., if" reading moved it away first
    from judge.cards import parse
    choice = parse(game, text).abilities[0].effects[0]
    assert isinstance(choice, M.Choice)
    (a,), (b,) = choice.options
    assert a.amount.value == 3 and len(a.target.kinds) == 1
    assert (b.amount.value, b.target.kinds) == (1, (second,))


def test_ashes_cannot_be_the_target_of():
    [r] = ashes.parse("This unit cannot be the target of spells.").abilities[0].effects
    assert isinstance(r, M.Restriction) and r.actions == ("be targeted",)
    assert r.what.ref == "this" and r.by.kinds == ("spell",)


def test_ufs_reduce_that_damage_is_a_prevention_of_the_event_damage():
    ab = ufs.parse("Response: Before you would receive damage from an attack, reduce that "
                   "damage by 2.").abilities[0]
    [p] = ab.effects
    assert isinstance(p, M.Prevent) and p.verb == "reduce" and p.amount.value == 2


def test_a_duration_of_that_turn():
    [e] = ashes.parse("When you draw 1 or more cards, add 2 to this unit's attack value for "
                      "the remainder of that turn.").abilities[0].effects
    assert isinstance(e, M.ModifyValue) and e.duration.kind == "until end of turn"


@pytest.mark.parametrize(("module", "text", "word"), [
    (ufs, "Enhance: Add this card to your momentum during the End Phase.", "during"),
    (ashes, "You may play this spell as a side action.", "as"),
    # a restriction's phrase no value holds (it read fully, the phrase dropped: "cannot be
    # chosen" at all, a restriction for ever)
    (ashes, "This unit cannot be chosen as the target of an opponent's spell.", "as"),
    # ("during their next turn" is a duration now: tests/cards/test_card_durations.py)
    (fab, "Target hero can't gain life during their end phase.", "during"),
    # (it was in ASHES above, read as a plain return to the hand)
    (ashes, "When a unit you control is destroyed, you may return it to your hand instead of "
            "your discard pile.", "instead of"),
])
def test_a_phrase_no_value_holds_is_named_not_dropped(module, text, word):
    card = module.parse(text)
    assert word in [o.verb for o in card.others()]


def test_a_state_during_a_turn_is_a_condition_on_the_turn():
    [c] = ashes.parse("This unit gets +2 attack during your turn.").abilities[0].effects
    assert isinstance(c, M.Conditional) and c.condition.test == "phase"
    assert isinstance(c.then[0], M.ModifyValue)


# Written for the fourth round (UFS style; none copied from a card): forms that were read with
# a part dropped or wrong, each value checked.
def _only(text):
    card = ufs.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    [ability] = card.abilities
    return ability


@pytest.mark.parametrize(("text", "stat", "owner", "duration"), [
    # "gets +N to <value>": the value the change is made to (it was a change of "rival" /
    # "attack", the "to" phrase dropped)
    ("Enhance: Your rival gets -2 to their block modifier for this attack.", "block modifier",
     "rival", "this attack"),
    ("Blitz: This attack gets +2 to its Stun rating.", "stun rating", "attack", None),
    ("Enhance Flip: Your next attack gets +1 to its Breaker rating this turn.",
     "breaker rating", "attack", "this turn"),
    ("Form: Your character gets +2 to its hand size for this turn.", "hand size", "character",
     "this turn"),
])
def test_ufs_a_change_made_to_a_named_value(text, stat, owner, duration):
    [mod] = _only(text).effects
    assert isinstance(mod, M.ModifyValue) and mod.stat == stat
    assert mod.target.kinds == (owner,)
    assert (mod.duration.kind if mod.duration else None) == duration


def test_ufs_a_change_to_a_value_that_is_no_number_is_not_read():
    assert ufs.parse("Enhance: Your attack gets +2 to the block zone.").others()


@pytest.mark.parametrize(("text", "kind"), [
    ("Enhance: Your rival cannot play response abilities during this Enhance Step.",
     "this step"),
    ("Response: After you block, your rival cannot play enhances for this combat phase.",
     "this combat"),
    ("Enhance Commit: Your rival cannot block with foundations for this attack.",
     "this attack"),
])
def test_ufs_for_or_during_this_period_is_a_duration(text, kind):
    # "during this Enhance Step" was dropped from the restriction (a restriction for ever)
    r = _only(text).effects[0]
    assert isinstance(r, M.Restriction) and r.duration is not None and r.duration.kind == kind


@pytest.mark.parametrize("text", [
    "Enhance: Put 1 card from your card pool on the bottom of your deck.",
    "Response: After you block, put this card on the bottom of your deck.",
    "Form Flip: Put 2 cards from your hand on the top of your deck in any order.",
])
def test_ufs_on_the_bottom_or_top_of_a_zone_is_where_a_card_goes(text):
    # the phrase was read into the object's words, the Move had no destination
    [move] = _only(text).effects
    assert isinstance(move, M.Move) and move.to_zone is not None
    assert move.to_zone.name == "deck" and move.to_zone.position in ("top", "bottom")
    assert move.to_zone.position in text


def test_ufs_change_a_zone_to_one_of_two_is_a_choice():
    [choice] = _only("Enhance Discard 1 momentum: Change this attack's zone to high or "
                     "low.").effects
    assert isinstance(choice, M.Choice)
    assert [o[0].qualities for o in choice.options] == [("high",), ("low",)]
    [b] = _only("Response: After an attack is played, change its zone to mid.").effects
    assert isinstance(b, M.Becomes) and b.qualities == ("mid",) and b.what.ref == "it"


@pytest.mark.parametrize(("text", "stat", "rounding"), [
    ("Response: After this attack is blocked, its damage is halved.", "damage", ""),
    ("Enhance Commit: Halve this attack's damage, rounded down.", "damage", "down"),
    ("Enhance: Halve the speed of your rival's attack, rounded up.", "speed", "up"),
])
def test_ufs_a_halved_value(text, stat, rounding):
    [mod] = _only(text).effects
    assert isinstance(mod, M.ModifyValue) and mod.op == "multiply" and mod.stat == stat
    assert mod.amount.half and mod.amount.rounding == rounding


def test_ufs_halving_what_is_no_value_is_not_read():
    assert ufs.parse("Enhance: Halve your hand.").others()


@pytest.mark.parametrize(("text", "amount"), [
    ("Response Commit: After you take damage from an attack, your rival takes 1 damage.", 1),
    ("Enhance: Each player takes X damage, where X is the number of cards in their hand.",
     None),
])
def test_ufs_a_player_takes_damage(text, amount):
    [dmg] = _only(text).effects
    assert isinstance(dmg, M.Damage) and dmg.target.who == "player"
    assert dmg.amount.value == amount
    assert ufs.parse("Enhance: Your rival takes 2 less damage.").others()


@pytest.mark.parametrize(("text", "then", "otherwise"), [
    ("Enhance: This attack gets +2 speed. If you control an asset, it gets +4 speed instead.",
     4, 2),
    ("Form: Draw 1 card. If your rival has 3 or more foundations, draw 2 cards instead.", 2, 1),
])
def test_ufs_an_effect_instead_of_the_one_before(text, then, otherwise):
    # both were carried out: "instead" was dropped
    [cond] = _only(text).effects
    assert isinstance(cond, M.Conditional) and len(cond.then) == len(cond.otherwise) == 1
    def n(e):
        return e.amount.value if isinstance(e, M.ModifyValue) else e.what.count.value
    assert (n(cond.then[0]), n(cond.otherwise[0])) == (then, otherwise)


def test_if_you_do_instead_is_not_the_sentence_before_replaced():
    card = ufs.parse("Enhance: You may commit 1 foundation. If you do, draw 2 cards instead.")
    assert not any(isinstance(e, M.Conditional) and e.otherwise
                   for a in card.abilities for e in a.effects)


@pytest.mark.parametrize("text", [
    "Enhance: Your rival's foundations cannot be readied during their next Ready Step.",
    "Form: Your rival cannot play attacks with a difficulty of 4 or more during their next "
    "turn.",
])
def test_ufs_a_restriction_names_a_period_it_does_not_hold(text):
    # the period was dropped: a restriction for ever
    assert "during" in [o.verb for o in ufs.parse(text).others()]


@pytest.mark.parametrize(("text", "now", "later"), [
    ("Enhance: This attack gets +3 speed. At the end of the turn, destroy 1 of your "
     "foundations.", M.ModifyValue, M.Move),
    ("First Form: Gain 2 health. At the start of your End Phase, lose 2 health.", M.Gain,
     M.Lose),
])
def test_ufs_a_trigger_after_a_played_ability_effect_is_delayed(text, now, later):
    # the whole ability was read as triggered at that later time (the first effect too)
    ability = _only(text)
    assert ability.kind == "activated" and ability.trigger is None
    first, delayed = ability.effects
    assert isinstance(first, now) and isinstance(delayed, M.DelayedTrigger)
    assert isinstance(delayed.effects[0], later) and delayed.trigger.kind == "at"


def test_ufs_a_response_keeps_its_own_trigger_and_delays_a_later_one():
    ability = _only("Response: After your attack is blocked, draw 1 card. At the end of the "
                    "turn, discard 1 card.")
    assert ability.kind == "triggered" and ability.trigger.kind == "after"
    assert isinstance(ability.effects[0], M.Move)
    assert isinstance(ability.effects[1], M.DelayedTrigger)


def test_ufs_draw_until_a_state_holds():
    [move] = _only("Blitz: Draw cards until you have 5 cards in your hand.").effects
    assert move.until is not None and move.until.test == "has"
    assert move.until.object.count.value == 5 and move.until.object.zone.name == "hand"


@pytest.mark.parametrize(("text", "kind"), [
    ("Enhance: Add 1 Energy counter to each of your assets.", "Energy"),
    ("Enhance Remove 2 Rage counters from this card: Draw 1 card.", "Rage"),
])
def test_ufs_a_named_counter_keeps_its_name(text, kind):
    ability = _only(text)
    counters = [v for v in M.walk(ability) if isinstance(v, M.Counters)]
    assert [c.kind for c in counters] == [kind]


@pytest.mark.parametrize(("text", "names"), [
    ("Invincible: All - Safe", ["Invincible (All)", "Safe"]),
    ("Ranged - Invincible: Fire, Water", ["Ranged", "Invincible (Fire, Water)"]),
])
def test_ufs_a_keyword_with_named_values(text, names):
    ability = _only(text)
    assert ability.kind == "keyword" and [k.name for k in ability.keywords] == names


def test_ufs_if_they_can_is_if_able():
    [c] = _only("Enhance: Your rival must discard 2 cards from their card pool if they "
                "can.").effects
    assert isinstance(c, M.Conditional) and c.condition.test == "able"


@pytest.mark.parametrize(("text", "op", "left", "right"), [
    ("Enhance: If your rival controls more foundations than you, ready 1 foundation.", ">",
     "opponent", "you"),
    ("Enhance: If you control fewer assets than your rival, draw 1 card.", "<", "you",
     "opponent"),
])
def test_ufs_controls_more_than_compares_the_numbers(text, op, left, right):
    # "than you" was dropped: "if your rival controls more foundations" held for any
    [c] = _only(text).effects
    cmp = c.condition.comparison
    assert c.condition.test == "compare" and cmp.op == op
    assert (cmp.left.of.controller, cmp.right.defined_as.of.controller) == (left, right)


@pytest.mark.parametrize(("text", "stat", "kind"), [
    ("Enhance: Reduce the damage of this attack by 2.", "damage", "attack"),
    ("Enhance Commit: Reduce your rival's next check by 2.", "check", "check"),
])
def test_ufs_reduce_a_value_by_n(text, stat, kind):
    # "the damage of this attack" was an Other; a check was reduced as a "count"
    [mod] = _only(text).effects
    assert isinstance(mod, M.ModifyValue) and mod.stat == stat and mod.sign == -1
    assert mod.amount.value == 2 and mod.target.kinds == (kind,)


def test_ufs_up_to_after_a_varying_change_is_its_maximum():
    # ", up to +3" was read as a second change of +3 "attack" for each card
    [mod] = _only("Enhance: This attack gets +1 speed for each card in your hand, up to "
                  "+3.").effects
    assert isinstance(mod, M.ModifyValue) and mod.stat == "speed"
    assert mod.amount.per is not None and mod.amount.maximum == 3
    assert ufs.parse("Enhance: This attack gets +2 speed, up to +3.").others()


@pytest.mark.parametrize(("text", "frm", "to"), [
    ("Enhance: Add 1 card with a difficulty of 3 or less from your discard pile to your "
     "hand.", "discard pile", "hand"),
    ('Form Flip: Add 1 attack with "Kaiju" in its name from your deck to your hand.', "deck",
     "hand"),
    ("Enhance: Put 1 foundation with a printed difficulty of 2 from your hand into your "
     "staging area.", "hand", "staging area"),
])
def test_ufs_the_zones_after_a_with_phrase_are_the_moves(text, frm, to):
    # both zones were read as the "with" phrase's (the Move had neither)
    [move] = _only(text).effects
    assert isinstance(move, M.Move) and move.what.filters
    assert (move.from_zone.name, move.to_zone.name) == (frm, to)


def test_ashes_dice_actions_are_one_value_whatever_the_verb():
    for text, action, zone in [
            ("Set 1 die in a target player's active pool to its basic side.", "set", "active pool"),
            ("Turn a die in your exhausted pool to its class side.", "set", "exhausted pool"),
            ("Change a die in your active pool to a side of your choice.", "set", "active pool"),
            ("Exhaust 2 dice in a target player's active pool.", "exhaust", "active pool"),
            ("Re-roll 1 die in each player's active pool.", "re-roll", "active pool")]:
        dice = ashes.parse(text).abilities[0].effects[0]
        assert isinstance(dice, M.Dice) and dice.action == action, text
        assert dice.count.value in (1, 2), text
        assert (dice.from_zone or dice.target.zone).name == zone, text
    # a unit is exhausted by a token, not as a die
    assert isinstance(ashes.parse("Exhaust a target unit.").abilities[0].effects[0], M.Exhaust)


def test_ashes_for_this_battle_is_a_duration():
    mv = ashes.parse("When this unit blocks, it gets +2 life for this battle."
                     ).abilities[0].effects[0]
    assert isinstance(mv, M.ModifyValue) and mv.duration.kind == "this battle"
    mv = ashes.parse("This unit gets +1 attack for this attack.").abilities[0].effects[0]
    assert mv.duration.kind == "this attack"


def test_ashes_you_may_choose_not_to_do_it():
    ch = ashes.parse("When this unit deals damage to a unit, you may choose not to place wound "
                     "tokens on that unit.").abilities[0].effects[0]
    assert isinstance(ch, M.Choice) and ch.optional and ch.chooser.ref == "you"
    rep = ch.options[0][0]
    assert isinstance(rep, M.Replacement) and rep.instead == ()
    assert rep.event.verb == "place" and rep.event.object.qualities == ("wound",)
    # a verb phrase the grammar does not read stays unread
    assert ashes.parse("You may choose not to frobnicate this card.").unparsed


def test_ashes_a_card_that_may_act_is_allowed_not_a_choice():
    p = ashes.parse("This unit may block this round.").abilities[0].effects[0]
    assert isinstance(p, M.Permission) and p.actions == ("block",) and p.who.ref == "this"
    assert p.duration.kind == "this round"
    card = ashes.parse("This unit may attack the turn it comes into play.")
    assert [o.verb for o in card.others()] == ["attack"]




def test_ashes_an_action_done_instead_of_another_is_a_replacement():
    # (it was named: "instead of <doing>" after the effect had no value)
    card = ashes.parse("When this unit is destroyed, return it to its owner's hand instead of "
                       "placing it in its owner's discard pile.")
    assert not card.unparsed and not card.others()
    rep = card.abilities[0].effects[0]
    assert isinstance(rep, M.Replacement) and rep.event.verb == "place"
    assert isinstance(rep.instead[0], M.Move) and rep.instead[0].to_zone.name == "hand"
    # "instead of <a noun phrase>" is still named
    card = ashes.parse("When a unit you control is destroyed, you may return it to your hand "
                       "instead of your discard pile.")
    assert "instead of" in [o.verb for o in card.others()]


def test_ashes_a_card_placed_under_another_card():
    card = ashes.parse("Place that ally under your Phoenixborn face down instead of placing it "
                       "in its owner's discard pile.")
    move = card.abilities[0].effects[0].instead[0]
    assert move.to_zone.name == "under a card" and move.face == "down"
    assert move.to_zone.owner_target.kinds == ("phoenixborn",)
    assert move.to_zone.owner_target.qualities == ()
    # "under your control" is whose control, not a place
    gain = ashes.parse("Gain control of a target unit under your opponent's control.")
    assert not gain.unparsed
    # a place under a card that no move reads is unread, never whose control it is
    card = ashes.parse("X = the number of cards under this unit.")
    assert card.others() and not card.unparsed


# ---- the fifth Ashes round: words the lists lack read as open classes

@pytest.mark.parametrize(("text", "verb", "kind"), [
    # misprints of listed words (one letter swapped, left out or added)
    ("If you cannot, dsicard this unit instead.", "discard", None),
    ("When this unit recieves damage, draw 1 card.", "draw", None),
    ("Destroy a target alteration spel.", "destroy", "spell"),
])
def test_ashes_a_misprint_of_a_listed_word_reads_as_that_word(text, verb, kind):
    card = ashes.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    effect = next(e for e in M.walk(card.abilities) if getattr(e, "verb", None) == verb)
    if kind:
        assert kind in effect.what.kinds
        assert effect.what.text.endswith("spel")          # the text as printed
    if "recieves" in text:
        assert card.abilities[0].trigger.event.verb == "receive damage"


def test_ashes_a_form_the_verb_list_lacks():
    # only "unexhaust" is listed: "unexhausts" is its form, the trigger's event
    trigger = ashes.parse("When this unit unexhausts, draw 1 card.").abilities[0].trigger
    assert trigger.event.verb == "unexhaust" and trigger.event.subject.ref == "this"


def test_ashes_open_words_guess_only_close_content_words():
    lex = ashes.READER.grammar.lexicon
    # inflected forms of listed content words keep their own text
    assert lex.guess("dsicard") == ("discard", "discard")
    assert lex.guess("recevies") == ("receives", "receives")
    assert lex.guess("conjurationss") is not None
    # two letters away, another first letter, a short word or a function word: not guessed
    assert lex.guess("dsicrad") is None
    assert lex.guess("xdiscard") is None
    assert lex.guess("thsi") is None          # "this" is a determiner, never guessed
    assert lex.guess("frobnicate") is None
    # an unknown verb stays unknown: the clause is named, never read as another verb
    card = ashes.parse("Frobnicate a target unit.")
    assert card.unparsed or card.others()
    # the other games do not guess
    assert not fab.READER.grammar.lexicon.open_words


# Written for the openness round (UFS style; none copied from a card).
@pytest.mark.parametrize(("text", "stat", "verb", "obj_kind"), [
    # a noun's infinitive says what it is for (E.3.1): a filter of kind "to" - it was dropped
    ("Enhance: Your next check to seal a foundation gets +2.", "check", "seal", "foundation"),
    ("Response: Your rival's check to ready a foundation gets -1.", "check", "ready",
     "foundation"),
    ("Enhance: Your rival's block modifier to block this attack gets +2.", "block modifier",
     "block", "attack"),
    ("Enhance: Your next check to play an attack gets +1 this turn.", "check", "play",
     "attack"),
])
def test_ufs_a_check_to_do_something_keeps_what_it_is_for(text, stat, verb, obj_kind):
    [mod] = _only(text).effects
    assert isinstance(mod, M.ModifyValue) and mod.stat == stat
    [purpose] = mod.target.filters
    assert purpose.kind == "to" and purpose.test == "event"
    assert purpose.event.verb == verb and purpose.event.object.kinds == (obj_kind,)


@pytest.mark.parametrize(("text", "at"), [
    # a post-modifier of a noun that no value holds makes the sentence unread there (UFS
    # dropped it: "your next attack" would get the change whatever the parenthesis said)
    ("Enhance: Your rival's next attack (if it has Throw) gets -1 speed.", "(if it has Throw)"),
    ("Form: Your next attack (a Kick attack) gets +2 speed.", "(a Kick attack)"),
    ("Enhance: Your next check to be made this turn gets +1.", "to be made this turn"),
])
def test_ufs_a_noun_post_no_value_holds_is_named(text, at):
    card = ufs.parse(text)
    [unread] = card.unparsed
    assert unread.at == text.index(at)


def test_ufs_including_this_card_is_a_reminder_of_what_the_count_holds():
    [cond] = [e for e in _only("Form: If you control 3 or more face down foundations (including "
                               "this card), draw 1 card.").effects]
    assert isinstance(cond, M.Conditional) and not cond.condition.object.excluding


def test_ufs_cards_put_back_after_a_look_go_where_they_were():
    look, put = _only("Enhance: Look at the top 3 cards of your deck and put them back in any "
                      "order.").effects
    assert isinstance(look, M.Look) and isinstance(put, M.Move)
    assert put.to_zone.name == "deck" and put.to_zone.position == "top"


def test_ufs_put_one_in_your_hand_is_where_it_goes():
    card = ufs.parse("Form: Look at the top 2 cards of your deck. Put one in your hand and the "
                     "other on the bottom of your deck.")
    assert card.fully_parsed, (card.unparsed, card.others())
    one, other = card.abilities[0].effects[1:]
    assert one.to_zone.name == "hand" and one.from_zone is None and one.what.count.value == 1
    assert other.to_zone.name == "deck" and other.to_zone.position == "bottom"


def test_ufs_a_card_put_nowhere_is_not_read():
    # "put it" with no place: it was a Move with no destination, counted as read
    assert ufs.parse("Enhance: Reveal the top card of your deck and put it.").unparsed


@pytest.mark.parametrize(("text", "stat", "floor"), [
    ("Enhance: Your attack's speed cannot be reduced below 3.", "speed", 3),
    ("Enhance: Your rival loses 3 health. This effect cannot reduce your rival below 1 health.",
     "health", 1),
    ("Blitz: Your rival's vitality cannot be reduced below 2 this turn.", "vitality", 2),
])
def test_ufs_a_floor_below_which_a_value_cannot_be_reduced(text, stat, floor):
    card = ufs.parse(text)
    assert card.fully_parsed, (card.unparsed, card.others())
    [r] = [e for e in card.abilities[0].effects if isinstance(e, M.Restriction)]
    assert r.below.value == floor
    assert r.what.kinds == (stat,) or stat in r.what.kinds


@pytest.mark.parametrize("text", [
    # what no value holds is named, never dropped
    "Form: Your attack cannot get bonuses to speed this turn.",
    "Enhance: This effect cannot reduce your rival below half their health.",
    "Enhance: Your character takes 2 less damage this turn.",
])
def test_ufs_a_restriction_or_reduction_phrase_no_value_holds_is_named(text):
    assert not ufs.parse(text).fully_parsed


@pytest.mark.parametrize(("text", "verb", "who"), [
    ("Enhance: Each player then draws 2 cards.", "draw", "player"),
    ("Form: Your rival then discards 1 card.", "discard", "rival"),
])
def test_ufs_then_between_subject_and_verb_is_an_adverb(text, verb, who):
    [move] = _only(text).effects
    assert isinstance(move, M.Move) and move.verb == verb and move.who.kinds == (who,)


def test_then_joining_two_verbs_still_joins_them():
    # "draw a card then discard a card": two effects, in order (the "then" is no adverb here)
    card = fab.parse("Draw a card then discard a random card.")
    assert [e.verb for a in card.abilities for e in a.effects] == ["draw", "discard"]


@pytest.mark.parametrize(("text", "amount"), [
    ("Response: Your character takes 2 less damage from this attack.", 2),
    ("Response: After your rival's attack is blocked, you take 1 less damage from that attack.",
     1),
])
def test_ufs_less_damage_from_an_attack_is_a_prevention(text, amount):
    effects = _only(text).effects
    [p] = [e for e in effects if isinstance(e, M.Prevent)]
    assert p.amount.value == amount and p.source.kinds == ("attack",)


@pytest.mark.parametrize(("text", "word", "verb"), [
    # a word the lists lack, read as the listed word it is a form or misprint of (open_words)
    ("Form: Your rival discrads 1 card.", "discrads", "discard"),
    ("Form: Each player draws 1 card for each of their vitalities.", "vitalities", "draw"),
])
def test_ufs_a_word_the_lists_lack_is_read_as_a_listed_one(text, word, verb):
    assert word not in ufs.READER.grammar.lexicon.words
    card = ufs.parse(text)
    assert card.fully_parsed, (card.unparsed, card.others())
    assert verb in [e.verb for a in card.abilities for e in a.effects]


def test_ufs_play_as_your_next_form_is_held_by_the_play():
    # the Play holds "as your next form" (Play.as_): it was named as well, an Other
    [choice] = _only("Form: You may play the top card of your deck as your next form.").effects
    [[play]] = choice.options
    assert isinstance(play, M.Play) and play.as_ == "your next form"


@pytest.mark.parametrize(("text", "face", "states"), [
    # the state a built card lands in, printed after it (it was dropped)
    ("Form: Build the top card of your deck face down.", "down", None),
    ("Response: After your rival blocks, build 1 foundation from your discard pile committed.",
     "", ("committed",)),
    ("Form: Build it committed.", "", ("committed",)),
])
def test_ufs_a_built_card_lands_as_printed(text, face, states):
    [build] = [e for e in _only(text).effects if isinstance(e, M.Move)]
    assert build.verb == "build" and build.to_zone.name == "stage" and build.face == face
    assert (build.arrives.states if build.arrives else None) == states


@pytest.mark.parametrize(("text", "stat"), [
    # a value the lists do not know, printed after the change, is the value changed (it was
    # dropped and the change made to "attack")
    ("Enhance: Your attack gets +2 flurry this turn.", "flurry"),
    ("Blitz: Your next attack gets +1 Stun.", "stun"),
])
def test_ufs_a_change_of_a_value_no_list_has(text, stat):
    [mod] = _only(text).effects
    assert isinstance(mod, M.ModifyValue) and mod.stat == stat and mod.target.kinds == ("attack",)


@pytest.mark.parametrize("text", [
    "Enhance: Your attack gets +2 big flurry.",
    "Enhance: Your attack gets +2 flurry and +1 speed.",
])
def test_ufs_a_change_followed_by_what_no_value_holds_is_unread(text):
    assert ufs.parse(text).unparsed


@pytest.mark.parametrize(("text", "frm", "to"), [
    # a zone no list has, owned as zones are: that zone (the "to" phrase was dropped: a Move
    # going nowhere, counted as read)
    ("Form: Add 1 card from your hand to your reserve.", "hand", "reserve"),
    ("Enhance: Move 1 foundation from your stage to your reserve.", "stage", "reserve"),
    ("Form: Put this card into your vault.", None, "vault"),
])
def test_ufs_a_zone_no_list_has(text, frm, to):
    [move] = _only(text).effects
    assert (move.from_zone.name if move.from_zone else None) == frm
    assert move.to_zone.name == to and move.to_zone.owner == "you"
@pytest.mark.parametrize(("text", "test", "states"), [
    ("Draw 1 card for each unit that is attacking or blocking.", "any",
     ("attacking", "blocking")),
    ("Destroy a target unit that is exhausted and damaged.", "all", ("exhausted", "damaged")),
    ("Deal 1 damage to each ally that is guarding or countering.", "any",
     ("guarding", "countering")),
])
def test_ashes_two_states_in_a_relative_clause(text, test, states):
    # the "or" ended the relative clause: "blocking" was another thing drawn, an alternative
    # of "1 card" (read fully, and wrong)
    card = ashes.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    target = next(t for t in M.walk(card.abilities) if isinstance(t, M.Target) and t.filters)
    assert not target.alternatives
    cond = target.filters[0]
    assert cond.test == test and tuple(p.state for p in cond.parts) == states
    assert all(p.subject.ref == "it" for p in cond.parts)


def test_ashes_two_states_towards_an_object():
    card = ashes.parse("Deal 2 damage to each unit that is attacking or countering this unit.")
    damage = card.abilities[0].effects[0]
    assert isinstance(damage, M.Damage)
    cond = damage.target.filters[0]
    assert cond.test == "any"
    assert [p.object.qualities for p in cond.parts] == [("attacking",), ("countering",)]
    assert all(p.object.ref == "this" and p.object.kinds == ("unit",) for p in cond.parts)
    # a relative clause's state and then another clause: still two effects
    card = ashes.parse("Destroy a unit that is exhausted or deal 2 damage to it.")
    assert isinstance(card.abilities[0].effects[0], M.Choice)


@pytest.mark.parametrize(("text", "times"), [
    ("Deal 1 damage to a target unit. Repeat this twice.", 2),
    ("You may repeat this effect one additional time.", 1),
    ("Draw 1 card. Repeat this 3 times.", 3),
    ("Remove 1 wound token from a target unit. Repeat this effect.", 1),
])
def test_ashes_how_many_times_an_effect_is_repeated(text, times):
    # ("twice" and "one additional time" were dropped: a Repeat of no number)
    card = ashes.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    rep = next(e for e in M.walk(card.abilities) if isinstance(e, M.Repeat))
    assert rep.times.value == times


def test_ashes_a_repeat_with_more_said_is_named():
    rep = ashes.parse("Repeat this effect for each unit you control.").abilities[0].effects[0]
    assert rep.times.per.kinds == ("unit",) and rep.times.per.controller == "you"
    x = ashes.parse("Repeat this X times. X = the number of units you control.")
    assert next(e for e in M.walk(x.abilities) if isinstance(e, M.Repeat)).times.defined_as
    for text in ("Repeat this process for each opposing unit.", "Repeat this effect this turn."):
        assert [o.verb for o in ashes.parse(text).others()] == ["repeat"], text


@pytest.mark.parametrize(("text", "kinds", "source", "to"), [
    ("Move 1 wound token from a target unit to another target unit.", ["wound"], "unit",
     "unit"),
    ("Move all status tokens from this spell onto a target ready spell.", ["status"], "spell",
     "spell"),
    ("Move 1 wound or exhaustion token from this unit onto a target Phoenixborn.",
     ["wound", "exhaustion"], "unit", "phoenixborn"),
])
def test_ashes_tokens_moved_from_a_card_to_another(text, kinds, source, to):
    # (the kind was "token" and the card they leave was dropped)
    card = ashes.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    moves = [e for e in M.walk(card.abilities) if isinstance(e, M.Counters)]
    assert [m.kind for m in moves] == kinds
    assert all(m.on.kinds == (source,) and m.to.kinds == (to,) for m in moves)
    if len(kinds) > 1:
        assert isinstance(card.abilities[0].effects[0], M.Choice)


def test_ashes_tokens_moved_with_no_card_to_leave_are_named():
    assert ashes.parse("Move 1 wound token to a target unit.").others()
    # (in the first written list until the fifth round, read fully as a move of "token" from
    # and to nowhere: the "to" phrase is read inside the relative "you control to ...")
    assert ashes.parse("You may move 1 wound token from a unit you control to a target unit "
                       "an opponent controls.").others()
    moved = ashes.parse("You may move 1 of those exhaustion tokens onto this spell.")
    counters = next(e for e in M.walk(moved.abilities) if isinstance(e, M.Counters))
    assert counters.kind == "exhaustion" and counters.on is None      # where they are


def test_ashes_a_restriction_keeps_its_subordinate_clause():
    # each was read fully with the clause dropped: the restriction held always, for ever
    card = ashes.parse("Units you control cannot be destroyed until this spell leaves play.")
    r = card.abilities[0].effects[0]
    assert isinstance(r, M.Restriction) and r.duration.kind == "until"
    assert r.duration.until.verb == "leave play" and r.duration.until.subject.ref == "this"
    card = ashes.parse("This unit does not become exhausted when it attacks.")
    r = card.abilities[0].effects[0]
    assert isinstance(r, M.Restriction) and r.duration.kind == "while"
    assert r.duration.condition.kind == "when" and r.duration.condition.event.verb == "attack"
    card = ashes.parse("Your opponent cannot play reaction spells after you declare attackers.")
    assert [o.verb for o in card.others()] == ["after"]


@pytest.mark.parametrize(("text", "names"), [
    ("A target unit gains Overkill 1 until the end of the round.", [("Overkill", 1)]),
    ("Each unit you control gains Terrify 1 and Alert this round.",
     [("Terrify", 1), ("Alert", None)]),
    ("This unit gains Unit Guard.", [("Unit Guard", None)]),
])
def test_ashes_a_keyword_the_rules_do_not_define_is_gained_by_its_name(text, names):
    # (an ability name the rulebook does not define was no keyword: "gains Overkill 1" was an
    # Other, "gains Unit Guard" a gain of 1 "guard")
    card = ashes.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    gains = [e for e in M.walk(card.abilities) if isinstance(e, M.Gain)]
    assert all(g.resource == "keyword" for g in gains)
    assert [(g.keyword.name, g.keyword.value.value if g.keyword.value else None)
            for g in gains] == names


@pytest.mark.parametrize(("text", "controller"), [
    ("Deal 2 damage to a target unit that an opponent controls.", "opponent"),
    ("Deal 2 damage to a target unit that your opponent controls.", "opponent"),
])
def test_ashes_that_before_a_player_controls(text, controller):
    # (unparsed: "that" then the relative "an opponent controls")
    card = ashes.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    assert card.abilities[0].effects[0].target.controller == controller


def test_ashes_tokens_of_two_kinds_removed_from_one_card():
    # (the second kind and the card were dropped: one removal of wound tokens from nowhere)
    card = ashes.parse("Remove all wound tokens and all status tokens from a target unit.")
    assert not card.unparsed and not card.others()
    removals = card.abilities[0].effects
    assert [(r.kind, r.count.relation) for r in removals] == [("wound", "all"),
                                                               ("status", "all")]
    assert all(r.on.kinds == ("unit",) and r.on.targeted for r in removals)


@pytest.mark.parametrize(("text", "kind"), [
    ("Destroy a target relic.", "relic"),
    ("Return a target totem you control to its owner's hand.", "totem"),
    ("Exhaust up to 2 target shrines.", "shrine"),
])
def test_ashes_an_unlisted_head_noun_is_a_kind(text, kind):
    # (it was a quality of no kind of thing: any object)
    card = ashes.parse(text)
    assert not card.unparsed and not card.others(), (card.unparsed, card.others())
    what = next(t for t in M.walk(card.abilities) if isinstance(t, M.Target) and t.targeted)
    assert what.kinds == (kind,) and kind not in what.qualities
    # listed nouns keep theirs; an unlisted word before one is a quality
    spell = ashes.parse("Exhaust a target guardian spell.").abilities[0].effects[0].target
    assert spell.kinds == ("spell",) and spell.qualities == ("guardian",)


def test_ashes_a_die_placed_into_a_pool_on_a_side():
    # (the side was dropped: a move of the die only)
    card = ashes.parse("Select 1 die in your exhausted pool and place it into your active pool "
                       "on its power side.")
    assert not card.unparsed and not card.others()
    move, dice = card.abilities[0].effects[1:]
    assert isinstance(move, M.Move) and move.to_zone.name == "active pool"
    assert isinstance(dice, M.Dice) and dice.action == "set" and dice.face == "its power side"
    assert dice.target.ref == "it"
