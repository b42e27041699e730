"""One bounded read for the files given from outside (ecs/apps/files.py): decklists,
scenarios, fuzz repros and --cards files are refused past their size before more is read,
and a file that can't be read is one line saying why, the same way for each."""
from __future__ import annotations

import os

import pytest

from mtg_ecs import position
from mtg_ecs.apps import deckformats
from mtg_ecs.apps.decklist import DecklistError
from mtg_ecs.apps.files import UnreadableFile, read_bounded
from mtg_ecs.apps.scenario.runner import read_yaml
from mtg_ecs.position import ScenarioError


def test_a_file_up_to_the_limit_is_read_whole(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_bounded(str(path), 100) == b"x" * 100


def test_a_larger_file_is_refused(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 101)
    with pytest.raises(UnreadableFile, match=r"^the file is larger than 100 bytes$"):
        read_bounded(str(path), 100)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_an_endless_file_is_refused_at_once():
    """Only limit + 1 bytes are read: /dev/zero ends the read as a 1 MB file would."""
    with pytest.raises(UnreadableFile, match="larger than 1048576 bytes"):
        read_bounded("/dev/zero", 2 ** 20)


@pytest.mark.parametrize("name, why", [("missing", "No such file or directory"),
                                       ("", "Is a directory")])
def test_a_file_that_cant_be_read(tmp_path, name, why):
    with pytest.raises(UnreadableFile, match=f"^can't read it: {why}$"):
        read_bounded(str(tmp_path / name), 100)


@pytest.mark.parametrize("limit", [10, 11])
def test_decklists_and_scenario_files_share_it(tmp_path, monkeypatch, limit):
    """deckformats.load (decklists) and read_yaml (scenarios, repros, --cards files) read
    through it, with their own limits, each naming the problem in the same words."""
    path = tmp_path / "deck.txt"
    path.write_bytes(b"1 Mountain\n")                   # 11 bytes
    monkeypatch.setattr(deckformats, "MAX_FILE_BYTES", limit)
    monkeypatch.setattr(position, "MAX_FILE_BYTES", limit)
    if limit == 11:
        assert deckformats.load(str(path)).main == ["Mountain"]
        assert read_yaml(str(path)) == "1 Mountain"
        return
    with pytest.raises(DecklistError, match=f"^{path}: the file is larger than 10 bytes$"):
        deckformats.load(str(path))
    with pytest.raises(ScenarioError, match="^the file is larger than 10 bytes$"):
        read_yaml(str(path))
    with pytest.raises(DecklistError, match=f"^{tmp_path}/nope: can't read it: No such file"):
        deckformats.load(str(tmp_path / "nope"))
