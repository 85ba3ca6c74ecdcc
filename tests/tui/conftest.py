import pytest

from semper_fidelis.tui.app import SemperFidelisApp

SIZE = (120, 40)


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


@pytest.fixture
def make_app(saves):
    def make(**kwargs):
        kwargs.setdefault("saves_dir", saves)
        kwargs.setdefault("bot_pace", 0)
        kwargs.setdefault("seed", 1)
        return SemperFidelisApp(**kwargs)

    return make
