"""FaB combat chain values: links and the chain's history (rules 20, 21).

Kept in ``state.globals`` and changed only through logged operations (``Custom`` ops with a
label), so the operation log shows every step of a link.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.state import Custom, State

ATTACK, DEFEND, REACTION, DAMAGE, RESOLUTION, RESOLVED = (
    "attack", "defend", "reaction", "damage calculation", "chain link resolution", "resolved")


@dataclass(slots=True)
class Link:
    number: int
    attack: int                  # the attacking card, or the weapon for a weapon attack
    layer: int                   # id of the attack's layer
    controller: str
    target: str                  # the defending hero's player
    proxy: bool = False          # an attack effect of an activated ability (15.5.4c)
    step: str = ATTACK
    attacking: bool = False
    declared: bool = False       # 20.5.2: defenders declared (or none)
    defenders: list[int] = field(default_factory=list)
    from_hand: int = 0           # cards defended with from hand (Dominate)
    reactions: list[int] = field(default_factory=list)
    hit: bool = False
    damage: int = 0
    power: int | None = None     # power at damage calculation
    defense: int = 0

    def _copy(self, memo: dict) -> "Link":
        """A copy with its own lists (the values in them are ints), registered in ``memo``."""
        new = object.__new__(Link)
        for name in Link.__slots__:
            value = getattr(self, name)
            object.__setattr__(new, name, list(value) if type(value) is list else value)
        memo[id(self)] = new
        return new


@dataclass(slots=True)
class Combat:
    open: bool = False
    links: list[Link] = field(default_factory=list)
    history: list[Link] = field(default_factory=list)   # every link of the game so far

    @property
    def link(self) -> Link | None:
        return self.links[-1] if self.links else None

    def __deepcopy__(self, memo: dict) -> "Combat":
        """What ``copy.deepcopy`` gives (a link in both ``links`` and ``history`` stays one
        object), without its generic walk: the game is forked for every look ahead."""
        def copy(link: Link) -> Link:
            found = memo.get(id(link))
            return found if found is not None else link._copy(memo)
        new = Combat(self.open, [copy(l) for l in self.links], [copy(l) for l in self.history])
        memo[id(self)] = new
        return new


KEY = "combat"


def combat(state: State) -> Combat:
    """The combat chain (made with the state: ``FabGame.new_state``)."""
    return state.globals[KEY]


def current(state: State) -> Link | None:
    c = combat(state)
    return c.link if c.open else None


def change(state: State, label: str, fn) -> None:
    """Apply ``fn(combat)`` as a logged operation."""
    state.apply(Custom(label, lambda s: fn(combat(s))))


def change_link(state: State, label: str, fn) -> None:
    """Apply ``fn(link)`` to the current chain link as a logged operation."""
    state.apply(Custom(label, lambda s: fn(combat(s).link)))
