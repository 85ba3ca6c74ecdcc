"""The README's picture of the game screen is the screen as it is drawn today (Scenario 2's
first Orders at 120×40, as the Orders snapshot): a label changed in the code changes it, so the
front door never shows rows the game no longer has."""

from __future__ import annotations

from pathlib import Path

from .helpers import sync
from .records import save
from .test_in_view import screen_text
from .test_snapshots import app_for, at_the_orders

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_screen() -> list[str]:
    """The README's code block that draws the game screen (the one with its header line)."""
    blocks: list[list[str]] = []
    inside = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = not inside
            if inside:
                blocks.append([])
        elif inside:
            blocks[-1].append(line.rstrip())
    return next(b for b in blocks if b and "ORDERS PHASE" in b[0])


@sync
async def test_the_readme_shows_the_game_screen_as_it_is_drawn(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.open_save(save(at_the_orders(), tmp_path / "saves" / "orders.json")) is None
        await pilot.pause()
        drawn = [line.rstrip() for line in screen_text(app).splitlines()]
    while drawn and not drawn[-1]:
        drawn.pop()
    assert readme_screen() == drawn, "the README's game screen is out of date: paste the screen drawn now"
