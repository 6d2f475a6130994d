"""PHH reading shortcuts read exactly what the plain readers read.

`_line_toml` (a file written one ``key = value`` a line) must give `tomllib`'s data
(decimals as `Decimal`) and `_action_lines`' line numbers, or decline (None) and leave the
file to `_fast_toml`; `_cards` reads PHH card texts pair by pair and must give
`parse_cards`' cards and refuse what it refuses (IRR-DECK: a face twice).
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_cards
from dealerassist.errors import DealerAssistError, HandHistoryError
from dealerassist.journal import phh

CORPUS = Path("/work/shared/corpus/phh")

_KEYS = st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,8}", fullmatch=True)
_SPACE = st.sampled_from(["", " ", "  ", "\t"])
_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",),
                                       blacklist_characters="\n\r#"), max_size=12)
_CARD_TEXTS = ["As", "Td", "2c", "9h", "??", "ah", "10c", "Jk", "x", "", "Kd Qs", "1h"]


def _number() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(0, 10**12).map(str),
        st.tuples(st.integers(0, 10**6), st.integers(0, 10**4)).map(lambda p: f"{p[0]}.{p[1]}"),
        st.sampled_from(["007", "-5", "+5", "1_000", "inf", "nan", "1e3", "1.", ".5"]),
    )


def _string() -> st.SearchStrategy[str]:
    return st.one_of(_TEXT.map(lambda t: f"'{t}'"), _TEXT.map(lambda t: f'"{t}"'))


def _value() -> st.SearchStrategy[str]:
    scalar = st.one_of(_number(), _string(), st.sampled_from(["true", "false"]))
    return st.one_of(
        scalar,
        st.tuples(st.lists(_number(), max_size=5), _SPACE).map(
            lambda p: "[" + f",{p[1]}".join(p[0]) + "]"),
        st.tuples(st.lists(_string(), max_size=5), _SPACE, st.booleans()).map(
            lambda p: "[" + f",{p[1]}".join(p[0]) + ("," if p[2] and p[0] else "") + "]"),
    )


@st.composite
def _files(draw: st.DrawFn) -> str:
    keys = draw(st.lists(_KEYS, min_size=1, max_size=6, unique=True))
    if draw(st.booleans()):
        keys.append("actions")
    lines = []
    for key in keys:
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "   ", "\t"])))
        value = draw(_value()) if key != "actions" else "[" + ", ".join(
            f"'{a}'" for a in draw(st.lists(st.sampled_from(
                ["d dh p1 AsKd", "p1 cc", "p2 cbr 30", " p2 f ", ""]), max_size=6))) + "]"
        lines.append(f"{key}{draw(_SPACE)}={draw(_SPACE)}{value}{draw(_SPACE)}")
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    return ending.join(lines) + draw(st.sampled_from(["", ending]))


def _tomllib(text: str) -> dict[str, object] | None:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except (tomllib.TOMLDecodeError, ValueError):
        return None


def _same(ours: object, theirs: object) -> bool:
    """Equal values of equal types (1 and True, 1 and Decimal(1) are not the same)."""
    if isinstance(ours, list) and isinstance(theirs, list):
        return len(ours) == len(theirs) and all(map(_same, ours, theirs))
    if isinstance(ours, dict) and isinstance(theirs, dict):
        return ours.keys() == theirs.keys() and all(_same(ours[k], theirs[k]) for k in ours)
    return type(ours) is type(theirs) and ours == theirs


@settings(max_examples=200, deadline=None)
@given(_files())
def test_line_reader_reads_what_the_token_reader_and_tomllib_read(text: str) -> None:
    read = phh._line_toml(text)
    if read is None:
        return  # declined: the caller goes on to `_fast_toml`
    data, actions_line = read
    assert _same(data, phh._fast_toml(text))
    expected = _tomllib(text)
    if expected is not None:  # `_fast_toml` accepts a few things TOML does not ("007")
        assert _same(data, expected)
    actions = data.get("actions", [])
    assert set(phh._action_lines(text, actions)) <= {actions_line}  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [
    "variant = 'NT'\nactions = ['p1 cc'] # a comment\n",  # comments: the token reader
    "actions = [\n  'p1 cc',\n]\n",  # an array over several lines
    "starting_stacks = [inf, 100]\n",  # unknown stacks (``inf``)
    "min_bet = -5\n", "min_bet = +5\n", "min_bet = 1_000\n",  # signs, underscores
    'players = ["a\\"b"]\n',  # an escape
    "[table]\nx = 1\n", "x = 1\nx = 2\n", "x = [[1], [2]]\n", "x = [1,,2]\n", "x = 'a\n",
    "x = '''a'''\n", "'x' = 1\n", "x = 1 2\n", "x = " + "9" * 41 + "\n",
])
def test_line_reader_declines_what_it_does_not_read_exactly(text: str) -> None:
    assert phh._line_toml(text) is None


def test_line_reader_reads_a_pokerkit_file_with_the_actions_line() -> None:
    text = ("variant = 'NT'\nante_trimming_status = true\nantes = [0, 0]\n"
            "blinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 150.5]\n"
            "actions = ['d dh p1 AsKd', 'd dh p2 ????', 'p2 cbr 6', 'p1 f']\n")
    data, line = phh._line_toml(text)  # type: ignore[misc]
    assert line == 7 and data == tomllib.loads(text, parse_float=Decimal)
    history = phh.parse_phh(text)
    assert history.action_lines == (7, 7, 7, 7) and history.scale == 10
    assert history.starting_stacks == (2000, 1505) and history.actions[2] == "p2 cbr 60"


@pytest.mark.skipif(not CORPUS.exists(), reason="PHH corpus not available")
def test_line_reader_agrees_with_the_token_reader_on_every_corpus_file() -> None:
    read = 0
    for path in sorted(CORPUS.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        found = phh._line_toml(text)
        if found is None:
            continue
        read += 1
        assert _same(found[0], phh._fast_toml(text)), path
        assert set(phh._action_lines(text, found[0]["actions"])) <= {found[1]}, path
    assert read >= 800  # the Pluribus and WSOP files are written a key a line


def _plain_cards(text: str) -> tuple[object, ...] | str:
    try:
        return parse_cards(text)
    except DealerAssistError as error:
        return f"bad cards in action 'a': {error}"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_CARD_TEXTS), min_size=1, max_size=5).map("".join))
def test_card_texts_read_pair_by_pair_as_parse_cards_reads_them(text: str) -> None:
    phh._CARDS_CACHE.clear()
    try:
        ours: tuple[object, ...] | str = phh._cards(text, "a")
    except HandHistoryError as error:
        ours = error.detail
    assert ours == _plain_cards(text)


def test_IRR_DECK_a_face_twice_in_one_card_text_is_refused() -> None:
    phh._CARDS_CACHE.clear()
    with pytest.raises(HandHistoryError, match="duplicate card Ah"):
        phh._cards("AhKdAh", "d dh p1 AhKdAh")
    assert phh._cards("????", "d dh p1 ????") == parse_cards("????")  # unknowns may repeat


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_a_file_reads_as_text_mode_reads_it_whatever_its_line_endings(
        tmp_path: Path, ending: str) -> None:
    lines = ["variant = 'NT'", "min_bet = 2", "blinds_or_straddles = [1, 2]",
             "starting_stacks = [200, 150]", "actions = ['d dh p1 AsKd', 'd dh p2 ????',",
             "  'p2 f']", ""]
    path = tmp_path / "hand.phh"
    path.write_bytes(ending.join(lines).encode("utf-8"))
    with open(path, encoding="utf-8") as file:  # text mode: universal newlines
        expected = phh.parse_phh(file.read())
    history = phh.load_phh(path)
    assert history == expected and history.action_lines == (5, 5, 6)


def test_a_file_not_in_utf8_is_named_with_the_decoder_message(tmp_path: Path) -> None:
    path = tmp_path / "latin1.phh"
    path.write_bytes("variant = 'NT'\nplayers = ['Jos\u00e9']\n".encode("latin-1"))
    with pytest.raises(UnicodeDecodeError) as text_mode:
        path.read_text(encoding="utf-8")
    with pytest.raises(HandHistoryError) as caught:
        phh.load_phh(path)
    assert str(caught.value) == f"{path}: cannot read: {text_mode.value}"
    assert "can't decode byte 0xe9 in position 30" in str(caught.value)
