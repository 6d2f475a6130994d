"""Fuzz the loader: random YAML documents, mutated default files, raw text; never a crash."""

from __future__ import annotations

import dataclasses

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dealerassist.rules import Problem, parse_rules_text, validate_rules_text
from dealerassist.rules.model import HouseRules
from dealerassist.rules.profiles import default_rules_text

DEFAULT = default_rules_text()
DEFAULT_LINES = DEFAULT.splitlines(keepends=True)

_NAMES = sorted({item.name for cls in (HouseRules, *[
    type(item.default_factory()) for item in dataclasses.fields(HouseRules)
    if item.default_factory is not dataclasses.MISSING
    and dataclasses.is_dataclass(item.default_factory())])
    for item in dataclasses.fields(cls)} | {
    "board", "stud", "draw", "name", "game", "levels", "small_blind", "big_blind", "minutes",
    "max_big_blind", "cap", "schema_version", "presets", "schedules"})

_KEYS = st.sampled_from(_NAMES) | st.text(max_size=8)
_SCALARS = (st.none() | st.booleans() | st.integers(-(10**20), 10**20)
            | st.floats(allow_nan=True) | st.text(max_size=12)
            | st.sampled_from(["NT", "F7S", "first_left_of_button", "half_rule", "5%", "1", "~"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(_KEYS, inner, max_size=5), max_leaves=25)

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# The long run (make test-all): the same properties on many more examples.
LONG = settings(FUZZ, max_examples=5000)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _dump(value: object) -> str:
    return yaml.dump(value, Dumper=_DUMPER, allow_unicode=True, sort_keys=False)


def _check(text: str) -> list[Problem]:
    problems = validate_rules_text(text, "fuzz.yaml")
    assert isinstance(problems, list)
    # YAML (and so the loader's line numbers) also breaks lines at NEL, LS and PS.
    line_count = sum(text.count(mark) for mark in ("\n", "\r", "\x85", "\u2028", "\u2029")) + 2
    for problem in problems:
        assert isinstance(problem, Problem) and problem.message
        assert 1 <= problem.line <= line_count, problem
        assert "\n" not in problem.message
    if not problems:
        assert isinstance(parse_rules_text(text, "fuzz.yaml"), HouseRules)
    return problems


@FUZZ
@given(document=st.dictionaries(_KEYS, _VALUES, max_size=8),
       version=st.sampled_from([1, 1, 1, 0, 2, "1", None]))
def test_random_yaml_documents_never_crash_the_loader(document: dict, version: object) -> None:
    if version is not None:
        document = {"schema_version": version, **document}
    _check(_dump(document))


@FUZZ
@given(value=_VALUES)
def test_random_yaml_values_at_the_top_never_crash(value: object) -> None:
    _check(_dump(value))


@st.composite
def _mutated_default(draw: st.DrawFn) -> str:
    lines = list(DEFAULT_LINES)
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "value", "key", "indent", "chars",
                                     "swap"]))
        line = lines[index]
        if kind == "delete":
            del lines[index]
        elif kind == "duplicate":
            lines.insert(index, line)
        elif kind == "value" and ":" in line:
            head = line.split(":", 1)[0]
            token = draw(st.sampled_from(["0", "-1", "101", "yes", "null", "[]", "{}", "abc",
                                          "2.5", "1e9", "'x'", "*a", "&a 1", "!!binary aGk=",
                                          "[1, 2", "99999999999999999999"]))
            lines[index] = f"{head}: {token}\n"
        elif kind == "key" and ":" in line:
            head, tail = line.split(":", 1)
            lines[index] = head[:-1] + draw(st.sampled_from(["x", "", "s", "_"])) + ":" + tail
        elif kind == "indent":
            lines[index] = draw(st.sampled_from(["", " ", "  ", "\t", "    "])) + line.lstrip()
        elif kind == "chars":
            position = draw(st.integers(0, len(line)))
            lines[index] = line[:position] + draw(st.text(max_size=3)) + line[position:]
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        if not lines:
            break
    return "".join(lines)


@FUZZ
@given(text=_mutated_default())
def test_mutations_of_the_default_file_never_crash_the_loader(text: str) -> None:
    _check(text)


@FUZZ
@given(text=st.text(max_size=200))
@example(text="?\x850")  # NEL breaks a line in YAML: the loader says line 3 (found by CI)
def test_raw_text_never_crashes_the_loader(text: str) -> None:
    _check(text)


def test_deep_nesting_and_alias_bombs_are_problems_not_crashes() -> None:
    assert _check("schema_version: 1\nrake: " + "[" * 5000 + "]" * 5000 + "\n")
    bomb = "schema_version: 1\na: &a [x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(12))
    assert _check(bomb)
    assert _check("schema_version: 1\npresets: &p [*p]\n")


@pytest.mark.slow
@LONG
@given(
    document=st.dictionaries(_KEYS, _VALUES, max_size=8),
    text=_mutated_default(),
    raw=st.text(max_size=300),
)
def test_long_fuzz_random_documents_mutations_and_raw_text(
    document: dict, text: str, raw: str
) -> None:
    _check(_dump({"schema_version": 1, **document}))
    _check(text)
    _check(raw)


@settings(FUZZ, max_examples=100)
@given(data=st.binary(max_size=300))
def test_random_bytes_files_never_crash_the_loader(data: bytes) -> None:
    import tempfile
    from pathlib import Path

    from dealerassist.rules import RulesFileErrors, load_rules, validate_rules_file

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rules.yaml"
        path.write_bytes(data)
        problems = validate_rules_file(path)
        assert all(problem.line >= 1 and problem.path == str(path) for problem in problems)
        if problems:
            with pytest.raises(RulesFileErrors):
                load_rules(path)
        else:
            assert isinstance(load_rules(path), HouseRules)
