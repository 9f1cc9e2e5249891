"""Syntax-tree nodes for games played with pieces on boards, slot rows, marker tracks and
player grids (counts and statements added for Pampero; named by behaviour, not by game).

Re-exported by ``compiler.dsl.nodes``; import them from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from compiler.dsl.base import Node

if TYPE_CHECKING:
    from compiler.dsl.nodes import Count, Effect, NamedQuantity, Quantity


# ---- counts on boards of pieces, slot rows, marker tracks and player grids -------------

@dataclass(frozen=True)
class SlotValue(Node):
    """An attribute (``energy``, ``value``) of the slot the card being resolved sits in."""
    attr: str


@dataclass(frozen=True)
class SlottedCards(Node):
    """Cards on the player's slot rows."""


@dataclass(frozen=True)
class SupplyOf(Node):
    """What is left in the shared supply of resource or piece ``name``."""
    name: str


@dataclass(frozen=True)
class OwnPieces(Node):
    """Own ``piece`` pieces on the board, optionally only in ``area`` (zone or sector)."""
    piece: str
    area: str | None = None


@dataclass(frozen=True)
class PiecesIn(Node):
    """Own pieces of every kind in ``area`` (zone or sector)."""
    area: str


@dataclass(frozen=True)
class SitesWith(Node):
    """Board places holding at least one own ``piece``."""
    piece: str


@dataclass(frozen=True)
class OwnContracts(Node):
    """Own contract tiles (on the player grid), those with ``tag`` only when given."""
    tag: str | None = None


@dataclass(frozen=True)
class ArrowsOn(Node):
    """Income arrows printed on own contract tiles with ``tag``."""
    tag: str


@dataclass(frozen=True)
class OwnItems(Node):
    """Items of pile ``pile`` the player holds."""
    pile: str


@dataclass(frozen=True)
class Lowest(Node):
    """The lowest value of player track ``track`` among all players."""
    track: str


@dataclass(frozen=True)
class Highest(Node):
    """The highest value of player track ``track`` among all players."""
    track: str


@dataclass(frozen=True)
class Worth(Node):
    """Money value of the space of own marker ``track`` (a group: the sum)."""
    track: str


@dataclass(frozen=True)
class WorthBehind(Node):
    """Own marker's space value plus the values of other players' markers behind it."""
    track: str


@dataclass(frozen=True)
class LeastWorth(Node):
    """The lowest money value among own markers of group ``group``."""
    group: str


@dataclass(frozen=True)
class TotalOf(Node):
    """The sum of number field ``field`` over the items of pile ``pile`` the player holds."""
    field: str
    pile: str


@dataclass(frozen=True)
class TotalUnder(Node):
    """The sum of number field ``field`` of the board places under own ``piece`` pieces."""
    field: str
    piece: str


@dataclass(frozen=True)
class FilledColumns(Node):
    """Columns of the player grid with every cell holding a contract."""


@dataclass(frozen=True)
class ColumnValues(Node):
    """The sum of the column values of own contracts with ``tag``."""
    tag: str


@dataclass(frozen=True)
class ColumnOf(Node):
    """The rightmost grid column holding an own contract with ``tag`` (0: none)."""
    tag: str


@dataclass(frozen=True)
class BandOf(Node):
    """The income band value ``side`` (left/right) of the column marker ``track`` is in;
    a group: its rightmost placed marker."""
    side: str
    track: str


@dataclass(frozen=True)
class OutputOf(Node):
    """Uncovered ``icon`` icons of the player board at or left of the column the energy
    level reaches, ``less`` fewer (not below 0)."""
    icon: str
    less: int = 0


@dataclass(frozen=True)
class PiecesNear(Node):
    """Own ``piece`` pieces on places that also hold an ``other`` piece (any owner)."""
    piece: str
    other: str


@dataclass(frozen=True)
class IsMost(Node):
    """1 when the player has the most ``name`` (resource or track; ties count), else 0."""
    name: str


@dataclass(frozen=True)
class HeldItem(Node):
    """How many copies of item ``item`` the player holds."""
    item: str


@dataclass(frozen=True)
class TargetValue(Node):
    """Number field ``attr`` of the place or piece the statement being resolved targets."""
    attr: str


# ---- statements ----------------------------------------------------------------------

@dataclass(frozen=True)
class Build(Node):
    """Put one own ``piece`` on a legal board place (the piece's placement rules), in
    ``area`` (zone or sector) when given, else in the zone of the slot being resolved;
    ``along``: ``line`` (on the connection line of the statement's target) or the id of
    a piece of one's own already on the place (``on own P``: a second piece there)."""
    piece: str
    area: str | None = None
    along: str | None = None


@dataclass(frozen=True)
class Relocate(Node):
    """Move own ``piece`` pieces ``qty`` times to legal places (a decision each)."""
    qty: Quantity | NamedQuantity
    piece: str


@dataclass(frozen=True)
class Advance(Node):
    """Move marker track ``track`` (``any``: one marker of group ``track``, a decision)
    forward ``qty`` spaces; ``using``: the column of per-space effects that fire."""
    qty: Quantity | NamedQuantity
    track: str
    any: bool = False
    using: str | None = None


@dataclass(frozen=True)
class Retreat(Node):
    """Move marker track ``track`` (``any``: one of group ``track``; ``rightmost``: one of
    the group's furthest markers) back ``qty`` spaces."""
    qty: Quantity | NamedQuantity
    track: str
    any: bool = False
    rightmost: bool = False


@dataclass(frozen=True)
class Collect(Node):
    """Gain the money value of own marker ``track``'s space (``any``: one of the group;
    ``all``: every marker of the group)."""
    track: str
    any: bool = False
    all: bool = False


@dataclass(frozen=True)
class Fulfil(Node):
    """Fulfil a contract of kind ``kind`` (a ``contract_kinds`` record), a decision;
    ``tag``: only a contract tile with that tag."""
    kind: str
    tag: str | None = None


@dataclass(frozen=True)
class SellTo(Node):
    """Sell to a market card of a displayed market of channel ``channel`` (a decision)."""
    channel: str


@dataclass(frozen=True)
class Take(Node):
    """Take ``qty`` items of pile ``pile`` (from its display or the top of its deck)."""
    qty: Quantity | NamedQuantity
    pile: str


@dataclass(frozen=True)
class Claim(Node):
    """Claim ``qty`` adjacent spaces of bonus board ``board`` (its reach rules)."""
    qty: Quantity | NamedQuantity
    board: str


@dataclass(frozen=True)
class May(Node):
    """An optional effect: the player decides whether to apply it."""
    effect: Effect


@dataclass(frozen=True)
class RetrieveAll(Node):
    """Every card on the player's slot rows goes back to the hand."""


@dataclass(frozen=True)
class RetrieveRightmost(Node):
    """The rightmost card of one row (a decision) goes back to the hand."""


@dataclass(frozen=True)
class RaiseTo(Node):
    """Raise track ``name`` to the value of ``count`` (never lowers it)."""
    name: str
    count: Count
