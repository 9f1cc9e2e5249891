"""Syntax-tree nodes of the effect DSL: frozen dataclasses, each with its source position.

``line``/``col`` are absolute, 1-based positions in the YAML file the text came from, so a
diagnostic about any node can name ``file:line:col`` directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.dsl.base import Node
from compiler.dsl.board_nodes import (
    Advance,
    ArrowsOn,
    BandOf,
    Build,
    Claim,
    Collect,
    ColumnOf,
    ColumnValues,
    FilledColumns,
    Fulfil,
    HeldItem,
    Highest,
    IsMost,
    LeastWorth,
    Lowest,
    May,
    OutputOf,
    OwnContracts,
    OwnItems,
    OwnPieces,
    PiecesIn,
    PiecesNear,
    RaiseTo,
    Relocate,
    Retreat,
    RetrieveAll,
    RetrieveRightmost,
    SellTo,
    SitesWith,
    SlottedCards,
    SlotValue,
    SupplyOf,
    Take,
    TargetValue,
    TotalOf,
    TotalUnder,
    Worth,
    WorthBehind,
)

# ---- counts: quantities measured on the game state -----------------------------------

@dataclass(frozen=True)
class TagCount(Node):
    """Tags of ``tag`` on the player's cards in play (event tags excluded)."""
    tag: str


@dataclass(frozen=True)
class ProductionOf(Node):
    resource: str


@dataclass(frozen=True)
class TileCount(Node):
    """Tiles of ``tile`` owned by the player, or on the whole board with ``anywhere``."""
    tile: str
    anywhere: bool = False


@dataclass(frozen=True)
class TilesNextToThis(Node):
    """Tiles of ``tile`` adjacent to the tile this card placed."""
    tile: str


@dataclass(frozen=True)
class TilesNextToTiles(Node):
    """For each own ``other`` tile, the ``tile`` tiles next to it (any owner), summed."""
    tile: str
    other: str


@dataclass(frozen=True)
class ResourcesHere(Node):
    resource: str | None


@dataclass(frozen=True)
class HandSize(Node):
    pass


@dataclass(frozen=True)
class ValueOf(Node):
    """A resource stock, a player track or a global parameter, by name."""
    name: str


Count = TagCount | ProductionOf | TileCount | TilesNextToThis | TilesNextToTiles | \
    ResourcesHere | HandSize | ValueOf | SlotValue | OwnPieces | PiecesIn | SitesWith | \
    OwnContracts | ArrowsOn | OwnItems | Lowest | Highest | Worth | WorthBehind | \
    LeastWorth | TotalOf | TotalUnder | FilledColumns | ColumnValues | ColumnOf | BandOf | \
    OutputOf | TargetValue | SlottedCards | SupplyOf | PiecesNear | IsMost | HeldItem


@dataclass(frozen=True)
class Sum(Node):
    terms: tuple[Count, ...]


@dataclass(frozen=True)
class Per(Node):
    """``per [every] count``: 1 unit for each ``every`` of ``count``."""
    every: int
    count: Count


@dataclass(frozen=True)
class Quantity(Node):
    """``n`` (or ``up to n``, a decision), optionally multiplied by a ``per`` clause."""
    n: int
    up_to: bool = False
    per: Per | None = None


@dataclass(frozen=True)
class NamedQuantity(Node):
    """A quantity given by a named constant (``constants`` records), e.g. ``gain
    venture_payback money``; ``up to`` and ``per`` as for ``Quantity``."""
    name: str
    up_to: bool = False
    per: Per | None = None


# ---- statements ----------------------------------------------------------------------

@dataclass(frozen=True)
class Gain(Node):
    qty: Quantity | NamedQuantity
    resource: str
    production: bool = False


@dataclass(frozen=True)
class Lose(Node):
    """Lose stock or production; ``from_any`` lets the player pick any player as target."""
    qty: Quantity | NamedQuantity
    resource: str
    production: bool = False
    from_any: bool = False


@dataclass(frozen=True)
class Raise(Node):
    """Raise a global parameter or a player track by ``steps``."""
    name: str
    steps: int = 1


@dataclass(frozen=True)
class Place(Node):
    tile: str
    on: str | None = None


@dataclass(frozen=True)
class Draw(Node):
    n: int


@dataclass(frozen=True)
class AddResource(Node):
    """Add card resources to ``this`` card, ``any`` card, or ``another`` card."""
    qty: Quantity | NamedQuantity
    resource: str
    target: str


@dataclass(frozen=True)
class RemoveResource(Node):
    qty: Quantity | NamedQuantity
    resource: str
    target: str


@dataclass(frozen=True)
class Choose(Node):
    options: tuple[Effect, ...]


@dataclass(frozen=True)
class MoveAll(Node):
    source: str
    dest: str


@dataclass(frozen=True)
class Produce(Node):
    resources: tuple[str, ...]


@dataclass(frozen=True)
class Sell(Node):
    """Discard any number of cards from hand (a decision), gaining ``n`` ``resource`` each."""
    n: int
    resource: str


Stmt = Gain | Lose | Raise | Place | Draw | AddResource | RemoveResource | Choose | MoveAll | \
    Produce | Sell | Build | Relocate | Advance | Retreat | Collect | Fulfil | SellTo | Take | \
    Claim | May | RetrieveAll | RetrieveRightmost | RaiseTo


@dataclass(frozen=True)
class Effect(Node):
    stmts: tuple[Stmt, ...]


# ---- conditions, amounts, triggers ------------------------------------------------------

@dataclass(frozen=True)
class Comparison(Node):
    """``left compare right``; ``compare`` is one of >= <= == != > <."""
    left: Sum
    compare: str
    right: int


@dataclass(frozen=True)
class NamedComparison(Node):
    """``left compare [name]``: the right side is the value of constant ``name``."""
    left: Sum
    compare: str
    name: str


@dataclass(frozen=True)
class Condition(Node):
    parts: tuple[Comparison | NamedComparison, ...]


@dataclass(frozen=True)
class Amount(Node):
    """A score or VP amount: ``n`` or ``n per [every] count``."""
    n: int
    per: Per | None = None


@dataclass(frozen=True)
class NamedAmount(Node):
    """An amount given by a named constant: ``[name] [per count]``."""
    name: str
    per: Per | None = None


@dataclass(frozen=True)
class Trigger(Node):
    """``on place ocean by anyone``: ``event`` is place | play_tag | raise."""
    event: str
    name: str
    who: str = "you"
