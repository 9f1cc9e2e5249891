"""Lark parse tree -> frozen syntax-tree nodes. Purely structural: no game knowledge."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, Tree, v_args

from compiler.dsl import nodes as n

Kids = list[Any]


def _names(c: Kids) -> list[str]:
    return [str(x) for x in c if isinstance(x, Token) and x.type == "NAME"]


def _ints(c: Kids) -> list[int]:
    return [int(x) for x in c if isinstance(x, Token) and x.type in ("INT", "SIGNED_INT")]


def _has(c: Kids, data: str) -> bool:
    return any(isinstance(x, Tree) and x.data == data for x in c)


def _first(c: Kids, cls: type) -> Any:
    return next((x for x in c if isinstance(x, cls)), None)


@v_args(meta=True)
class ToNodes(Transformer[Token, Any]):
    """Builds nodes at absolute file positions.

    ``line0``/``col0``: file position of the DSL text's first character; ``indent``: the
    column offset of continuation lines (block scalars).
    """

    def __init__(self, line0: int, col0: int, indent: int):
        super().__init__()
        self.line0, self.col0, self.indent = line0, col0, indent

    def _at(self, meta: Any) -> tuple[int, int]:
        if meta is None or meta.empty:
            return self.line0, self.col0
        if meta.line == 1:
            return self.line0, self.col0 + meta.column - 1
        return self.line0 + meta.line - 1, self.indent + meta.column

    def _qty(self, c: Kids) -> n.Quantity | n.NamedQuantity:
        base = _first(c, n.Quantity) or _first(c, n.NamedQuantity)
        per = _first(c, n.Per)
        if not per:
            return base
        if isinstance(base, n.NamedQuantity):
            return n.NamedQuantity(base.line, base.col, base.name, base.up_to, per)
        return n.Quantity(base.line, base.col, base.n, base.up_to, per)

    # statements
    def effect(self, m: Any, c: Kids) -> n.Effect:
        return n.Effect(*self._at(m), tuple(c))

    def exactly(self, m: Any, c: Kids) -> n.Quantity:
        return n.Quantity(*self._at(m), _ints(c)[0])

    def up_to(self, m: Any, c: Kids) -> n.Quantity:
        return n.Quantity(*self._at(m), _ints(c)[0], up_to=True)

    def named(self, m: Any, c: Kids) -> n.NamedQuantity:
        return n.NamedQuantity(*self._at(m), _names(c)[0])

    def up_to_named(self, m: Any, c: Kids) -> n.NamedQuantity:
        return n.NamedQuantity(*self._at(m), _names(c)[0], up_to=True)

    def gain(self, m: Any, c: Kids) -> n.Gain:
        return n.Gain(*self._at(m), self._qty(c), _names(c)[0], _has(c, "production"))

    def lose(self, m: Any, c: Kids) -> n.Lose:
        return n.Lose(*self._at(m), self._qty(c), _names(c)[0], _has(c, "production"),
                      _has(c, "from_any"))

    # statements on pieces, slot rows, markers, contracts, markets, piles, bonus boards
    def build(self, m: Any, c: Kids) -> n.Build:
        along = "line" if _has(c, "on_line") else _sub(c, "on_own")
        return n.Build(*self._at(m), _names(c)[0], _sub(c, "in_area"), along)

    def relocate(self, m: Any, c: Kids) -> n.Relocate:
        return n.Relocate(*self._at(m), self._qty(c), _names(c)[0])

    def advance(self, m: Any, c: Kids) -> n.Advance:
        return n.Advance(*self._at(m), self._qty(c), _names(c)[0], _has(c, "any"),
                         _sub(c, "using"))

    def retreat(self, m: Any, c: Kids) -> n.Retreat:
        return n.Retreat(*self._at(m), self._qty(c), _names(c)[0], _has(c, "any"),
                         _has(c, "rightmost"))

    def collect(self, m: Any, c: Kids) -> n.Collect:
        return n.Collect(*self._at(m), _names(c)[0], any=_has(c, "any"))

    def collect_all(self, m: Any, c: Kids) -> n.Collect:
        return n.Collect(*self._at(m), _names(c)[0], all=True)

    def fulfil(self, m: Any, c: Kids) -> n.Fulfil:
        names = _names(c)
        return n.Fulfil(*self._at(m), names[0], names[1] if len(names) > 1 else None)

    def sell_to(self, m: Any, c: Kids) -> n.SellTo:
        return n.SellTo(*self._at(m), _names(c)[0])

    def take(self, m: Any, c: Kids) -> n.Take:
        return n.Take(*self._at(m), self._qty(c), _names(c)[0])

    def claim(self, m: Any, c: Kids) -> n.Claim:
        return n.Claim(*self._at(m), self._qty(c), _names(c)[0])

    def may(self, m: Any, c: Kids) -> n.May:
        return n.May(*self._at(m), _first(c, n.Effect))

    def retrieve_all(self, m: Any, c: Kids) -> n.RetrieveAll:
        return n.RetrieveAll(*self._at(m))

    def retrieve_rightmost(self, m: Any, c: Kids) -> n.RetrieveRightmost:
        return n.RetrieveRightmost(*self._at(m))

    def raise_to(self, m: Any, c: Kids) -> n.RaiseTo:
        return n.RaiseTo(*self._at(m), _names(c)[0], _first(c, n.Node))

    def raise_(self, m: Any, c: Kids) -> n.Raise:
        return n.Raise(*self._at(m), _names(c)[0], (_ints(c) or [1])[0])

    def place(self, m: Any, c: Kids) -> n.Place:
        on = next((x.children[0] for x in c if isinstance(x, Tree) and x.data == "on"), None)
        return n.Place(*self._at(m), _names(c)[0], str(on) if on is not None else None)

    def draw(self, m: Any, c: Kids) -> n.Draw:
        return n.Draw(*self._at(m), _ints(c)[0])

    def add(self, m: Any, c: Kids) -> n.AddResource:
        return n.AddResource(*self._at(m), self._qty(c), _names(c)[0], _target(c))

    def remove(self, m: Any, c: Kids) -> n.RemoveResource:
        return n.RemoveResource(*self._at(m), self._qty(c), _names(c)[0], _target(c))

    def choose(self, m: Any, c: Kids) -> n.Choose:
        return n.Choose(*self._at(m), tuple(x for x in c if isinstance(x, n.Effect)))

    def move(self, m: Any, c: Kids) -> n.MoveAll:
        src, dst = _names(c)
        return n.MoveAll(*self._at(m), src, dst)

    def produce(self, m: Any, c: Kids) -> n.Produce:
        return n.Produce(*self._at(m), tuple(_names(c)))

    def sell(self, m: Any, c: Kids) -> n.Sell:
        return n.Sell(*self._at(m), _ints(c)[0], _names(c)[0])

    def measure(self, m: Any, c: Kids) -> n.Sum:
        return c[0]

    def per(self, m: Any, c: Kids) -> n.Per:
        return n.Per(*self._at(m), (_ints(c) or [1])[0], _first(c, n.Node))

    # counts
    def tag_count(self, m: Any, c: Kids) -> n.TagCount:
        return n.TagCount(*self._at(m), _names(c)[0])

    def production_of(self, m: Any, c: Kids) -> n.ProductionOf:
        return n.ProductionOf(*self._at(m), _names(c)[0])

    def own_tiles(self, m: Any, c: Kids) -> n.TileCount:
        return n.TileCount(*self._at(m), _names(c)[0])

    def all_tiles(self, m: Any, c: Kids) -> n.TileCount:
        return n.TileCount(*self._at(m), _names(c)[0], anywhere=True)

    def tiles_next_to_this(self, m: Any, c: Kids) -> n.TilesNextToThis:
        return n.TilesNextToThis(*self._at(m), _names(c)[0])

    def tiles_next_to_tiles(self, m: Any, c: Kids) -> n.TilesNextToTiles:
        tile, other = _names(c)
        return n.TilesNextToTiles(*self._at(m), tile, other)

    def resources_here(self, m: Any, c: Kids) -> n.ResourcesHere:
        names = _names(c)
        return n.ResourcesHere(*self._at(m), names[0] if names else None)

    def hand_size(self, m: Any, c: Kids) -> n.HandSize:
        return n.HandSize(*self._at(m))

    def value_of(self, m: Any, c: Kids) -> n.ValueOf:
        return n.ValueOf(*self._at(m), _names(c)[0])

    def slot_value(self, m: Any, c: Kids) -> n.SlotValue:
        return n.SlotValue(*self._at(m), _names(c)[0])

    def own_pieces(self, m: Any, c: Kids) -> n.OwnPieces:
        names = _names(c)
        return n.OwnPieces(*self._at(m), names[0], names[1] if len(names) > 1 else None)

    def pieces_in(self, m: Any, c: Kids) -> n.PiecesIn:
        return n.PiecesIn(*self._at(m), _names(c)[0])

    def sites_with(self, m: Any, c: Kids) -> n.SitesWith:
        return n.SitesWith(*self._at(m), _names(c)[0])

    def own_contracts(self, m: Any, c: Kids) -> n.OwnContracts:
        names = _names(c)
        return n.OwnContracts(*self._at(m), names[0] if names else None)

    def arrows_on(self, m: Any, c: Kids) -> n.ArrowsOn:
        return n.ArrowsOn(*self._at(m), _names(c)[0])

    def own_items(self, m: Any, c: Kids) -> n.OwnItems:
        return n.OwnItems(*self._at(m), _names(c)[0])

    def lowest(self, m: Any, c: Kids) -> n.Lowest:
        return n.Lowest(*self._at(m), _names(c)[0])

    def highest(self, m: Any, c: Kids) -> n.Highest:
        return n.Highest(*self._at(m), _names(c)[0])

    def worth(self, m: Any, c: Kids) -> n.Worth:
        return n.Worth(*self._at(m), _names(c)[0])

    def worth_behind(self, m: Any, c: Kids) -> n.WorthBehind:
        return n.WorthBehind(*self._at(m), _names(c)[0])

    def least_worth(self, m: Any, c: Kids) -> n.LeastWorth:
        return n.LeastWorth(*self._at(m), _names(c)[0])

    def total_of(self, m: Any, c: Kids) -> n.TotalOf:
        field, pile = _names(c)
        return n.TotalOf(*self._at(m), field, pile)

    def total_under(self, m: Any, c: Kids) -> n.TotalUnder:
        field, piece = _names(c)
        return n.TotalUnder(*self._at(m), field, piece)

    def filled_columns(self, m: Any, c: Kids) -> n.FilledColumns:
        return n.FilledColumns(*self._at(m))

    def column_values(self, m: Any, c: Kids) -> n.ColumnValues:
        return n.ColumnValues(*self._at(m), _names(c)[0])

    def column_of(self, m: Any, c: Kids) -> n.ColumnOf:
        return n.ColumnOf(*self._at(m), _names(c)[0])

    def band_of(self, m: Any, c: Kids) -> n.BandOf:
        side = next(str(x.children[0]) for x in c if isinstance(x, Tree) and x.data == "side")
        return n.BandOf(*self._at(m), side, _names(c)[0])

    def output_of(self, m: Any, c: Kids) -> n.OutputOf:
        return n.OutputOf(*self._at(m), _names(c)[0], (_ints(c) or [0])[0])

    def pieces_near(self, m: Any, c: Kids) -> n.PiecesNear:
        piece, other = _names(c)
        return n.PiecesNear(*self._at(m), piece, other)

    def is_most(self, m: Any, c: Kids) -> n.IsMost:
        return n.IsMost(*self._at(m), _names(c)[0])

    def held_item(self, m: Any, c: Kids) -> n.HeldItem:
        return n.HeldItem(*self._at(m), _names(c)[0])

    def target_value(self, m: Any, c: Kids) -> n.TargetValue:
        return n.TargetValue(*self._at(m), _names(c)[0])

    def sum(self, m: Any, c: Kids) -> n.Sum:
        return n.Sum(*self._at(m), tuple(c))

    # conditions, amounts, triggers
    def comparison(self, m: Any, c: Kids) -> n.Comparison | n.NamedComparison:
        if isinstance(c[2], Token) and c[2].type == "NAME":
            return n.NamedComparison(*self._at(m), c[0], str(c[1]), str(c[2]))
        return n.Comparison(*self._at(m), c[0], str(c[1]), int(c[2]))

    def condition(self, m: Any, c: Kids) -> n.Condition:
        return n.Condition(*self._at(m), tuple(c))

    def amount(self, m: Any, c: Kids) -> n.Amount:
        return n.Amount(*self._at(m), _ints(c)[0], _first(c, n.Per))

    def named_amount(self, m: Any, c: Kids) -> n.NamedAmount:
        return n.NamedAmount(*self._at(m), _names(c)[0], _first(c, n.Per))

    def slotted_cards(self, m: Any, c: Kids) -> n.SlottedCards:
        return n.SlottedCards(*self._at(m))

    def supply_of(self, m: Any, c: Kids) -> n.SupplyOf:
        return n.SupplyOf(*self._at(m), _names(c)[0])

    def trigger(self, m: Any, c: Kids) -> n.Trigger:
        event, name = c[0]
        who = str(c[1].children[-1]) if len(c) > 1 else "you"
        return n.Trigger(*self._at(m), event, name, who)

    def on_place(self, m: Any, c: Kids) -> tuple[str, str]:
        return ("place", _names(c)[0])

    def on_play_tag(self, m: Any, c: Kids) -> tuple[str, str]:
        return ("play_tag", _names(c)[0])

    def on_raise(self, m: Any, c: Kids) -> tuple[str, str]:
        return ("raise", _names(c)[0])


def _sub(c: Kids, data: str) -> str | None:
    """The name inside the first child rule ``data`` (e.g. ``in_area``), or None."""
    for x in c:
        if isinstance(x, Tree) and x.data == data:
            names = _names(x.children)
            return names[0] if names else None
    return None


def _target(c: Kids) -> str:
    for x in c:
        if isinstance(x, Tree) and x.data == "card_target":
            return str(x.children[0])
    return "this"
