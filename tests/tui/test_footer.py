"""The footer (tui/widgets/footer.py): its bindings' keys are mounted as the footer draws them
(not compact), so their styles are not worked out twice more per key on each redraw of the
footer; the command palette's key stays compact, as Textual draws it."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from .conftest import SIZE
from .helpers import sync


@sync
async def test_the_footers_keys_are_mounted_not_compact_without_restyling(make_app, monkeypatch):
    restyled: list[FooterKey] = []
    honest = FooterKey.update_node_styles

    def counted(self: FooterKey, animate: bool = True) -> None:
        restyled.append(self)
        honest(self, animate)

    monkeypatch.setattr(FooterKey, "update_node_styles", counted)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)
        for _ in range(100):  # the footer composes its keys once the screen's bindings settle
            await pilot.pause()
            if keys := list(app.screen.query(FooterKey).exclude(".-command-palette")):  # Textual's own, compact
                break
        assert keys and not any(key.compact or key.has_class("-compact") for key in keys)
        ours = [key for key in restyled if key in keys]  # the menu's footer is Textual's own
        assert ours == [], f"{len(ours)} restyles of {len(keys)} keys"
