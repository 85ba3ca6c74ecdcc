"""Nothing hidden crosses the wire: every frame the host sends a seat is recorded while a whole
game is played by two joiners, and checked against what the host held hidden at that moment —
the other side's hand and face-down tokens, every deck's order, the generator and the seed."""

from __future__ import annotations

import asyncio
import json

from semper_fidelis.engine import Game
from semper_fidelis.net.join import play_with_bot

from .conftest import SECRETS, hosting

SEED = 987_654_321_987  # long enough that its digits appearing anywhere would be no accident
SECRET_KEYS = {"seed", "rng", "deck", "battle_deck", "token_pool", "commander_deck", "stack"}


def keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def hidden_now(game: Game, side: str) -> list[str]:
    """What ``side`` must not see, as the JSON text it would take in a frame."""
    state = game.state  # the test looks inside the host's game: the client never can
    other = "ZURL" if side == "PL" else "PL"
    out = [str(SEED), compact(state.rng.getstate()[1][:4])[1:-1]]
    out += [compact(state.deck[s]) for s in ("PL", "ZURL") if len(state.deck[s]) > 2]
    if len(state.battle_deck) > 2:
        out.append(compact(state.battle_deck))
    if len(state.hand[other]) > 2:
        out.append(compact(state.hand[other]))
    return out


def compact(values) -> str:
    """A list as a frame would carry it (pydantic writes JSON without spaces)."""
    return json.dumps(list(values), separators=(",", ":"))


def test_each_seat_gets_only_its_own_view_and_events(shipped):
    frames: dict[str, list[tuple[str, list[str], str | None]]] = {"PL": [], "ZURL": []}
    game = Game(scenario=1, seed=SEED)
    hosts = []

    def tap(side: str, frame: str) -> None:  # the side asked: the decision's, or a quiet step's
        frames[side].append((frame, hidden_now(game, side), hosts[0].asking()))

    async def main():
        async with hosting(game, {"PL": "remote", "ZURL": "remote"}, tap=tap) as host:
            hosts.append(host)
            address = f"127.0.0.1:{host.port}"
            await asyncio.gather(play_with_bot(address, "PL", SECRETS["PL"], "random", shipped, seed=1),
                                 play_with_bot(address, "ZURL", SECRETS["ZURL"], "random", shipped, seed=2))

    asyncio.run(main())
    assert game.over
    for side, sent in frames.items():
        other = "ZURL" if side == "PL" else "PL"
        states = 0
        for frame, hidden, decider in sent:
            for secret in hidden + list(SECRETS.values()):
                assert secret not in frame, f"{side} was sent {secret!r}"
            message = json.loads(frame)
            assert not keys(message) & SECRET_KEYS, f"{side} was sent {keys(message) & SECRET_KEYS}"
            if message["type"] != "state":
                continue
            states += 1
            view = message["view"]
            assert view["viewer"] == side
            assert all(card is None for card in view["hand"][other])
            assert all(t["kind"] is None and t["value"] is None for t in view["my_tokens"][other])
            assert all(t["kind"] is None for ts in view["tokens"].values() for t in ts if not t["face_up"])
            assert all(e["visible"] in ("all", side) for e in message["events"])
            if decider != side:
                assert message["options"] == []
                assert view["decision"] is None or view["decision"]["actions"] == []
        assert states > 50
    # the private events did cross, each to its own side only: the cards each side drew
    drawn = {side: sum(f'"visible":"{side}"' in frame for frame, _, _ in sent) for side, sent in frames.items()}
    assert drawn["PL"] > 0 and drawn["ZURL"] > 0
