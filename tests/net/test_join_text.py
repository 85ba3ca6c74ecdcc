"""Issue "Nothing crashes, nothing lies": an address from the command line is shown with its
invisible characters as escapes while joining and when the app ends, and a host name no
lookup can take (a U+202E in it) is refused in one line instead of crashing the client."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from semper_fidelis.cli import main
from semper_fidelis.net.join import address_url
from semper_fidelis.tui.remote import JoinApp, JoiningScreen


def test_a_host_name_with_a_right_to_left_override_is_no_address(capsys, monkeypatch):
    with pytest.raises(ValueError, match="is not HOST:PORT"):
        address_url("x\u202eyz:8765")
    assert address_url("łódź.example:8765") == "ws://łódź.example:8765/"  # other letters are fine
    monkeypatch.setenv("SEMPER_FIDELIS_SECRET", "t")
    assert main(["join", "x\u202eyz:8765", "--bot", "random"]) == 2
    err = capsys.readouterr().err.strip()
    assert "'x\\u202eyz:8765' is not HOST:PORT" in err and "\u202e" not in err and "\n" not in err


def test_joining_shows_the_address_with_its_escapes(capfd):
    """A zero-width space is dropped by the host-name lookup (IDNA), so the address works, and
    is shown as typed: its escape, not an invisible character."""
    async def main():
        app = JoinApp("localhost\u200b:1", "PL", "t")  # nothing listens on port 1: the app ends
        async with app.run_test() as pilot:
            await pilot.pause()
            assert isinstance(app.screen, JoiningScreen)
            shown = str(app.screen.query_one("#joining").render())
            for _ in range(500):
                if not app.is_running:
                    break
                await pilot.pause()
                await asyncio.sleep(0.01)
        return app, shown

    app, shown = asyncio.run(main())
    assert shown == "Joining the game at localhost\\u200b:1 as PL…"
    assert app.sub_title == "PL at localhost\\u200b:1"
    assert app.return_code == 2 and "cannot reach a host at localhost" in app.ended
    printed = "".join(capfd.readouterr())  # Textual prints it on its error console
    assert "localhost\\u200b:1" in printed and "\u200b" not in printed


def test_a_hosts_texts_are_shown_as_escapes():
    """A hostile host's event text, view and option label reach the joiner's screens escaped."""
    from semper_fidelis.engine import Game, shipped_data
    from semper_fidelis.net.host import seat_state
    from semper_fidelis.net.mirror import Mirror

    game = Game(scenario=1, seed=3)
    side = game.decision().player
    state = seat_state(game, side, 0, 0)
    hostile = "x\u202ey\u2028z\x1b]0;pwned\x07"
    state.events[0] = state.events[0].model_copy(update={"text": hostile})  # a frozen EventData
    state.view["phase"] = hostile
    state.options[0] = replace(state.options[0], label=hostile)
    mirror = Mirror(shipped_data(), 1, side)
    mirror.update(state)
    shown = "x\\u202ey\\u2028z\\x1b]0;pwned\\x07"
    assert mirror.events(side)[0].text == shown and mirror.view(side)["phase"] == shown
    assert mirror.options()[0].label == shown
