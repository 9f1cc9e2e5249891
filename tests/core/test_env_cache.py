"""The kernel's environment lookup is cached; a frame pushed after a temporary scope was
popped (and freed) must never see that scope's environment, even when Python gives the
new frame the freed frame's id."""

from __future__ import annotations

from compiler.runtime.ctx import Ctx


def test_a_new_frame_does_not_see_a_popped_scope() -> None:
    state = {"stack": [{"k": "scope", "env": {"x": 1}}]}
    ctx = Ctx({"records": {}}, state, index=None)  # type: ignore[arg-type]
    outer = ctx.env()
    for _ in range(200):
        with ctx.scope({**ctx.env(), "this": "a record"}):
            assert ctx.env()["this"] == "a record"
        ctx.push({"k": "seq"})  # often gets the freed scope frame's id
        assert ctx.env() is outer
        ctx.env()["y"] = 2
        assert outer["y"] == 2
        ctx.frames.pop()
