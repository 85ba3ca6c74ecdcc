"""Issue 39, "the game in Polish": a joined seat reads the game in its own language, the one its
hello names, not the host's. A host in English words the Polish joiner's prompts, option labels
and refusals in Polish and the English joiner's in English at the same time; the joiner words
its log and dimmed rows itself; the host's own texts stay in the host's language."""

from __future__ import annotations

import asyncio
import json
import random
from typing import cast, get_args

import pytest
from tui.test_polish import WORD, english_words, polish_words
from websockets.asyncio.client import connect

from semper_fidelis.engine import Game, event_text
from semper_fidelis.i18n import LANGUAGES, current_language, speaking
from semper_fidelis.net.join import JoinError, Link
from semper_fidelis.net.mirror import Mirror
from semper_fidelis.net.protocol import PROTOCOL, Language
from semper_fidelis.tui.options import option_rows
from semper_fidelis.tui.remote import RemoteSession

from .conftest import SECRETS, hosting

#: the languages each seat's player reads (None: the joiner's own, the host's here: English)
SEATS: dict[str, str | None] = {"PL": "pl", "ZURL": None}


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


class Reader:
    """What one seat's player reads over a game: every prompt and option label the host sent,
    the dimmed rows' reasons and the log, worded on the seat's side as its screens word them.
    It plays random legal actions until it has read an Orders decision with a dimmed row."""

    def __init__(self, side: str, language: str | None, seed: int):
        self.side, self.language, self.rng = side, language or "en", random.Random(seed)
        self.prompts: list[str] = []
        self.labels: list[str] = []
        self.dimmed: list[str] = []
        self.log: list[str] = []
        self.refused: list[str] = []
        self.seen: dict = {}
        self.done = asyncio.Event()
        self.link: Link | None = None
        self.sent: list[asyncio.Task] = []

    def state(self, mirror: Mirror) -> None:
        d = mirror.decision()
        if d is None or d.player != self.side:
            return
        if not self.done.is_set():
            self.read(mirror, d.prompt)
        assert self.link is not None  # played on until the other seat has read enough too
        self.sent.append(asyncio.ensure_future(self.link.act(self.rng.choice(mirror.legal()))))

    def read(self, mirror: Mirror, prompt: str) -> None:
        self.prompts.append(prompt)
        self.labels += [o.label for o in mirror.options()]
        with speaking(self.language):  # what the joiner's screen words itself, in its player's language
            rows = option_rows(RemoteSession(game=cast(Game, mirror), seat=self.side), self.seen)
            self.dimmed += [row.blocked for row in rows if row.blocked]
            self.log = [text for e in mirror.events(self.side) if (text := event_text(e))]
        if self.dimmed and len(mirror.actions) > 20:
            self.done.set()

    def texts(self) -> list[str]:
        return self.prompts + self.labels + self.dimmed + self.log


def test_each_seat_reads_the_game_in_its_own_language(shipped):
    said: list[str] = []

    async def main():
        async with hosting(Game(scenario=1, seed=3), {"PL": "remote", "ZURL": "remote"}, say=said.append) as host:
            readers = {side: Reader(side, language, seed) for seed, (side, language) in enumerate(SEATS.items())}
            runs = []
            for side, reader in readers.items():
                reader.link = Link(f"127.0.0.1:{host.port}", side, SECRETS[side], shipped, on_state=reader.state)
                with speaking(reader.language):  # the joiner runs in its player's language: its hello says it
                    runs.append(asyncio.create_task(reader.link.run()))
            await asyncio.wait_for(asyncio.gather(*(r.done.wait() for r in readers.values())), 60)
            for r in readers.values():
                await r.link.close()
            await asyncio.gather(*runs, return_exceptions=True)
            return readers

    assert current_language() == "en"
    readers = asyncio.run(main())
    polish, english = readers["PL"], readers["ZURL"]
    for reader in readers.values():
        assert reader.prompts and reader.labels and reader.dimmed and reader.log, vars(reader)
    # the Polish seat: not one English word of the catalog in what it reads
    found = {w: text for text in polish.texts() for w in words(text) & english_words()}
    assert not found, found
    assert words(" ".join(polish.prompts + polish.labels)) & polish_words()
    # the English seat, played at the same time: English, not one Polish word (the map's names are
    # the same in both)
    names = {w for area in shipped.areas.values() for w in words(area.name)}
    found = {w: text for text in english.texts() for w in words(text) & polish_words() - names}
    assert not found, found
    assert words(" ".join(english.prompts + english.labels)) & english_words()
    # the host's own lines, and its language after the game: its own
    assert any(line.startswith("Round ") for line in said) and not {w for line in said for w in words(line)} & polish_words()
    assert current_language() == "en"


def test_a_refusal_reaches_each_seat_in_its_own_language(shipped):
    async def main():
        refused: dict[str, list[str]] = {"PL": [], "ZURL": []}
        async with hosting(Game(scenario=1, seed=3), {"PL": "remote", "ZURL": "remote"}) as host:
            address = f"127.0.0.1:{host.port}"
            with pytest.raises(JoinError) as wrong:
                await Link(address, "PL", "a guess", shipped, language="pl").run()
            arrived = asyncio.Event()
            links = {side: Link(address, side, SECRETS[side], shipped, on_state=lambda m: arrived.set(), on_refused=refused[side].append,
                                language=SEATS[side]) for side in SEATS}
            runs = [asyncio.create_task(link.run()) for link in links.values()]
            for link in links.values():
                arrived.clear()
                while link.mirror is None or not link.mirror.ready:
                    await asyncio.wait_for(arrived.wait(), 10)
            decider = host.game.decision().player
            other = next(side for side in SEATS if side != decider)
            await links[other].act(host.game.decision().actions[0])  # not its decision
            await links[decider].act("nonsense")  # its decision, an action that is none
            while not all(refused.values()):
                await asyncio.sleep(0.01)
            for link in links.values():
                await link.close()
            await asyncio.gather(*runs, return_exceptions=True)
            return str(wrong.value), refused, decider

    wrong, refused, decider = asyncio.run(main())
    assert wrong.startswith("refused: zły sekret miejsca PL"), wrong
    other = next(side for side in SEATS if side != decider)
    expected = {"pl": f"nie twoja decyzja: decyduje {decider}", "en": f"not your decision: {decider} decides"}
    assert refused[other] == [expected[SEATS[other] or "en"]]
    assert len(refused[decider]) == 1 and "nonsense" in refused[decider][0]


def test_a_hello_in_a_language_the_game_does_not_speak_is_refused_in_one_line():
    async def main():
        async with hosting(Game(scenario=1, seed=3), {"PL": "remote", "ZURL": "random"}) as host:
            async with connect(f"ws://127.0.0.1:{host.port}/") as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "side": "PL", "secret": SECRETS["PL"], "language": "de"}))
                answer = json.loads(await ws.recv())
                await ws.wait_closed()
            return answer, host.conns

    answer, conns = asyncio.run(main())
    assert answer["type"] == "refused" and answer["fatal"] and not conns
    assert answer["reason"] == "malformed message (hello.language: Input should be 'en' or 'pl')"


def test_the_protocol_speaks_the_languages_the_game_speaks():
    assert get_args(Language) == LANGUAGES
