"""Read a house rules file into `HouseRules`, or list every problem with its line.

The file is never given to a YAML object constructor: ``yaml.compose`` (safe) builds the
node tree, whose nodes carry their line, and this module walks it against the typed model
(`dealerassist.rules.model`). Each field's Python type says how its YAML value is read;
each field's metadata gives its bounds; each class's cross checks catch impossible
combinations. Every problem is collected, so one run lists them all; a file with any
problem yields no `HouseRules` at all (the app never runs on half a configuration).

Defaults are applied here, once: a key the file leaves out takes the model's default.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from decimal import Decimal, InvalidOperation
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from dealerassist.rules import model
from dealerassist.rules.checks import DEFAULTS, EXTRA_CHECKS, no_checks, same, suggest
from dealerassist.rules.migrations import (
    CURRENT_VERSION,
    MIGRATIONS,
    MigrationError,
    MigrationRegistry,
)
from dealerassist.rules.model import FamilyCaps, GameFamily, HouseRules
from dealerassist.rules.problems import Problem, RulesFileErrors, sort_problems

__all__ = [
    "Problem",
    "RulesFileErrors",
    "load_rules",
    "parse_rules_text",
    "validate_rules_file",
    "validate_rules_text",
]

_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_STR = "tag:yaml.org,2002:str"
_NULL = "tag:yaml.org,2002:null"
_BOOL = "tag:yaml.org,2002:bool"


class _Invalid:
    """Marker for a value that could not be read (its problem is already recorded)."""


class _Partial(tuple):  # type: ignore[type-arg]
    """A list of records some of which had problems (None in their place)."""

    __slots__ = ()


_INVALID = _Invalid()


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _describe(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.tag == _NULL:
        return "nothing (null)"
    text = node.value if len(node.value) <= 40 else node.value[:37] + "..."
    return repr(text)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(model))


def _join(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


class _Walker:
    """Walks one document's node tree against the model, collecting problems."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self._visited: set[int] = set()
        self._scalars = yaml.SafeLoader("")

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(line=line, message=message, path=self.path))

    # -- generic dispatch --------------------------------------------------------------------

    def convert(self, node: yaml.Node, annotation: Any, where: str) -> Any:
        if id(node) in self._visited:
            self.problem(_line(node), f"{where}: anchors and aliases (*name) are not allowed "
                         "in a rules file; write the value out")
            return _INVALID
        self._visited.add(id(node))
        origin = typing.get_origin(annotation)
        if origin in (types.UnionType, typing.Union):
            inner = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
            if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
                return None
            return self.convert_plain(node, inner[0], where)
        return self.convert_plain(node, annotation, where)

    def convert_plain(self, node: yaml.Node, annotation: Any, where: str) -> Any:
        origin = typing.get_origin(annotation)
        if origin is tuple:
            return self.sequence(node, typing.get_args(annotation)[0], where, tuple)
        if origin is frozenset:
            return self.sequence(node, typing.get_args(annotation)[0], where, frozenset)
        if annotation is model.FamilySeats:
            return self.family_seats(node, where)
        if annotation is FamilyCaps:
            return self.family_caps(node, where)
        if dataclasses.is_dataclass(annotation):
            return self.build(node, annotation, where)
        if not isinstance(node, yaml.ScalarNode):
            self.problem(_line(node), f"{where} must be a single value, not {_describe(node)}")
            return _INVALID
        if isinstance(annotation, type) and issubclass(annotation, Enum):
            return self.enum(node, annotation, where)
        if annotation is bool:
            return self.boolean(node, where)
        if annotation is int:
            return self.integer(node, where)
        if annotation is Decimal:
            return self.decimal(node, where)
        if annotation is str:
            return self.text(node, where)
        raise TypeError(f"the rules model uses a type the loader cannot read: {annotation!r}")

    # -- scalars -----------------------------------------------------------------------------

    def scalar(self, node: yaml.ScalarNode) -> Any:
        try:
            return self._scalars.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError):
            return _INVALID

    def boolean(self, node: yaml.ScalarNode, where: str) -> Any:
        value = self.scalar(node)
        if isinstance(value, bool):
            return value
        self.problem(_line(node), f"{where} must be true or false, not {_describe(node)}")
        return _INVALID

    def integer(self, node: yaml.ScalarNode, where: str) -> Any:
        value = self.scalar(node) if node.tag == _INT else None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.problem(_line(node), f"{where} must be a whole number, not {_describe(node)}")
        return _INVALID

    def decimal(self, node: yaml.ScalarNode, where: str) -> Any:
        text = node.value.strip().replace("_", "")
        if node.tag == _STR and text.endswith("%"):
            text = text[:-1].strip()
        elif node.tag not in (_INT, _FLOAT):
            text = ""
        try:
            value = Decimal(text)
        except (InvalidOperation, ValueError):
            value = None
        if value is None or not value.is_finite():
            self.problem(_line(node), f"{where} must be a number such as 5 or 4.5, not "
                         f"{_describe(node)}")
            return _INVALID
        return value

    def text(self, node: yaml.ScalarNode, where: str) -> Any:
        if node.tag == _NULL or node.tag not in (_STR, _INT, _FLOAT, _BOOL):
            self.problem(_line(node), f"{where} must be a text, not {_describe(node)}")
            return _INVALID
        return node.value

    def enum(self, node: yaml.ScalarNode, enum: type[Enum], where: str) -> Any:
        options = [member.value for member in enum]
        word = re.sub(r"[\s-]+", "_", node.value.strip().lower()) if node.tag == _STR else ""
        if word in options:
            return enum(word)
        self.problem(_line(node), f"{where} must be one of {', '.join(options)}, not "
                     f"{_describe(node)}{suggest(word, options)}")
        return _INVALID

    # -- collections -------------------------------------------------------------------------

    def sequence(self, node: yaml.Node, item_type: Any, where: str, kind: type) -> Any:
        if not isinstance(node, yaml.SequenceNode):
            self.problem(_line(node), f"{where} must be a list (lines starting with '- '), not "
                         f"{_describe(node)}")
            return _INVALID
        items = [self.convert(item, item_type, f"{where}[{index}]")
                 for index, item in enumerate(node.value)]
        if any(item is _INVALID for item in items):
            if kind is tuple and dataclasses.is_dataclass(item_type):
                # Keep the good items in place so the cross checks still run (one run, all
                # problems); the record is refused all the same.
                return _Partial(None if item is _INVALID else item for item in items)
            return _INVALID
        return kind(items)

    def pairs(self, node: yaml.MappingNode, where: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        """Return the (key, key node, value node) pairs, reporting odd or repeated keys."""
        seen: dict[str, int] = {}
        result = []
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in (_STR, _INT):
                self.problem(_line(key_node), f"{where or 'the file'}: a key must be a plain "
                             f"name, not {_describe(key_node)}")
                continue
            key = key_node.value
            if key in seen:
                self.problem(_line(key_node), f"{_join(where, key)} is given twice (first on "
                             f"line {seen[key]})")
                continue
            seen[key] = _line(key_node)
            result.append((key, key_node, value_node))
        return result

    def family_caps(self, node: yaml.Node, where: str) -> Any:
        def refuse(count: int) -> str | None:
            if count < 1:
                return (f"a cap of {count} bets is impossible; it counts the opening bet, so it "
                        "is at least 1")
            return None

        return self._per_family(node, where, "bets (board: 4)", model.FixedLimitRules().cap_bets,
                                refuse, FamilyCaps)

    def family_seats(self, node: yaml.Node, where: str) -> Any:
        def refuse(count: int) -> str | None:
            return None if 2 <= count <= 10 else f"a table seats 2 to 10 players, not {count}"

        return self._per_family(node, where, "players (stud: 8)", model.TableRules().max_players,
                                refuse, model.FamilySeats)

    def _per_family(self, node: yaml.Node, where: str, unit: str, defaults: Any,
                    refuse: Any, cls: type) -> Any:
        """Read a mapping of game family to a whole number; families left out keep ``defaults``.

        ``refuse(count)`` names what is wrong with a count, or returns None.
        """
        if not isinstance(node, yaml.MappingNode):
            self.problem(_line(node), f"{where} must be a mapping of game family to a number "
                         f"of {unit}, not {_describe(node)}")
            return _INVALID
        counts = dict(defaults)
        families = [family.value for family in GameFamily]
        ok = True
        for key, key_node, value_node in self.pairs(node, where):
            if key not in families:
                self.problem(_line(key_node), f"{where}: unknown game family {key!r} (expected "
                             f"{', '.join(families)}){suggest(key, families)}")
                ok = False
                continue
            count = self.convert(value_node, int, _join(where, key))
            if count is _INVALID:
                ok = False
                continue
            wrong = refuse(count)
            if wrong is not None:
                self.problem(_line(value_node), f"{_join(where, key)}: {wrong}")
                ok = False
            else:
                counts[GameFamily(key)] = count
        return cls(counts) if ok else _INVALID

    # -- records -----------------------------------------------------------------------------

    def build(self, node: yaml.Node, cls: type, where: str) -> Any:
        """Read a mapping into the dataclass ``cls``; unknown keys, types and checks."""
        if not isinstance(node, yaml.MappingNode):
            self.problem(_line(node), f"{where or 'the file'} must be a mapping of options "
                         f"(name: value), not {_describe(node)}")
            return _INVALID
        hints = _hints(cls)
        fields_by_name = {item.name: item for item in dataclasses.fields(cls)}
        names = list(fields_by_name)
        values: dict[str, Any] = {}
        key_nodes: dict[str, yaml.Node] = {}
        failed: set[str] = set()
        partial = False
        for key, key_node, value_node in self.pairs(node, where):
            if key not in names:
                self.problem(_line(key_node), f"unknown key {_join(where, key)!r}"
                             f"{suggest(key, names)}")
                continue
            if id(value_node) in self._visited:  # an alias: report it at the key's line
                self.problem(_line(key_node), f"{_join(where, key)}: anchors and aliases "
                             "(*name) are not allowed in a rules file; write the value out")
                failed.add(key)
                continue
            value = self.convert(value_node, hints[key], _join(where, key))
            if value is _INVALID:
                failed.add(key)
                continue
            if isinstance(value, _Partial):
                partial = True
            bound = model.bound_problem(fields_by_name[key], value)
            if bound is not None:
                self.problem(_line(value_node), f"{where}.{bound}" if where else bound)
                failed.add(key)
                continue
            values[key] = value
            key_nodes[key] = key_node
        for item in dataclasses.fields(cls):
            if item.metadata.get("required") and item.name not in values \
                    and item.name not in failed:
                self.problem(_line(node), f"{where or 'the file'}: {item.name} is missing")
                failed.add(item.name)
        before = len(self.problems)
        if not failed:
            values = DEFAULTS.get(cls, same)(values)
        # The cross checks run even when some fields failed (one run lists every problem);
        # a failed field is None there, and a check that needs it is skipped, never guessed.
        unchecked = _unchecked(cls, {**values, **dict.fromkeys(failed)})
        for check in (model.cross_problems, EXTRA_CHECKS.get(cls, no_checks)):
            try:
                found = check(unchecked)
            except (AttributeError, TypeError):
                continue
            for field_path, message in found:
                line = self.locate(node, field_path, key_nodes)
                self.problem(line, f"{where}: {message}" if where else message)
        if failed or partial or len(self.problems) != before:
            return _INVALID
        try:
            return cls(**values)
        except (ValueError, TypeError) as error:  # a check the model has and the walk missed
            self.problem(_line(node), f"{where or 'the file'}: {error}")
            return _INVALID

    def locate(self, node: yaml.MappingNode, field_path: str,
               key_nodes: dict[str, yaml.Node]) -> int:
        """Return the line of a field path such as ``big_blind`` or ``presets[2].schedule``."""
        parts = re.findall(r"[^.\[\]]+|\[\d+\]", field_path)
        current: yaml.Node = node
        line = _line(node)
        for part in parts:
            if part.startswith("[") and isinstance(current, yaml.SequenceNode):
                index = int(part[1:-1])
                if index >= len(current.value):
                    break
                current = current.value[index]
                line = _line(current)
            elif isinstance(current, yaml.MappingNode):
                match = next(((k, v) for k, v in current.value
                              if isinstance(k, yaml.ScalarNode) and k.value == part), None)
                if match is None:
                    break
                line = _line(match[0])
                current = match[1]
            else:
                break
        return line


def _unchecked(cls: type, values: dict[str, Any]) -> Any:
    """Build ``cls`` without running its checks, missing fields set to their defaults."""
    instance = object.__new__(cls)
    for item in dataclasses.fields(cls):
        if item.name in values:
            value = values[item.name]
        elif item.default is not dataclasses.MISSING:
            value = item.default
        else:
            value = item.default_factory()  # type: ignore[misc]
        object.__setattr__(instance, item.name, value)
    return instance


# ---------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------


# libyaml's safe loader when present (twenty times faster); both give nodes with lines.
_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _compose(text: str, walker: _Walker) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=_COMPOSER)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        what = " ".join(part for part in (error.context, error.problem) if part)
        walker.problem(line, f"not valid YAML: {what or 'cannot be read'}")
    except yaml.reader.ReaderError as error:
        position = error.position if isinstance(error.position, int) else 0
        line = text.count("\n", 0, max(position, 0)) + 1
        character = error.character
        shown = f"U+{character:04X}" if isinstance(character, int) else repr(character)
        walker.problem(line, f"not valid YAML: character {shown} is not allowed")
    except yaml.YAMLError as error:
        walker.problem(1, f"not valid YAML: {error}")
    except RecursionError:
        walker.problem(1, "not valid YAML: nested too deeply")
    return None


def _parse(text: str, path: str, registry: MigrationRegistry) -> tuple[list[Problem],
                                                                      HouseRules | None]:
    walker = _Walker(path)
    root = _compose(text, walker)
    if walker.problems:
        return walker.problems, None
    if root is None:
        walker.problem(1, f"the file is empty; it needs at least 'schema_version: "
                       f"{CURRENT_VERSION}'")
        return walker.problems, None
    if not isinstance(root, yaml.MappingNode):
        walker.problem(_line(root), f"the file must be a mapping of sections (name: value), "
                       f"not {_describe(root)}")
        return walker.problems, None
    version_node = next((value for key, value in root.value
                         if isinstance(key, yaml.ScalarNode) and key.value == "schema_version"),
                        None)
    if version_node is None:
        walker.problem(_line(root), f"schema_version is missing; a file in this format starts "
                       f"with 'schema_version: {CURRENT_VERSION}'")
    else:
        read = walker.integer(version_node, "schema_version") \
            if isinstance(version_node, yaml.ScalarNode) else _INVALID
        if read is _INVALID:
            if not isinstance(version_node, yaml.ScalarNode):
                walker.problem(_line(version_node), "schema_version must be a whole number")
            return walker.problems, None
        if read > CURRENT_VERSION:
            walker.problem(_line(version_node), f"schema_version {read} is newer than this "
                           f"program reads ({CURRENT_VERSION}); update dealerassist")
            return walker.problems, None
        if read < CURRENT_VERSION:
            try:
                root = registry.migrate(root, from_version=read, to_version=CURRENT_VERSION)
            except MigrationError as error:
                walker.problem(_line(version_node), str(error))
                return walker.problems, None
            except Exception as error:  # noqa: BLE001 - a migrator bug must not crash the check
                walker.problem(_line(version_node), f"schema_version {read}: the upgrade "
                               f"failed ({type(error).__name__}: {error})")
                return walker.problems, None
            _set_version(root, CURRENT_VERSION)
    for key, value in root.value:
        if (isinstance(key, yaml.ScalarNode) and key.value == "presets"
                and isinstance(value, yaml.SequenceNode) and not value.value):
            walker.problem(_line(value), model.NO_PRESETS)
    try:
        rules = walker.build(root, HouseRules, "")
    except RecursionError:
        walker.problem(1, "the file is nested too deeply")
        rules = _INVALID
    if walker.problems or rules is _INVALID:
        if not walker.problems:  # pragma: no cover - build never fails silently
            walker.problem(1, "the file could not be read")
        return walker.problems, None
    return [], rules


def _set_version(root: yaml.MappingNode, version: int) -> None:
    for index, (key, value) in enumerate(root.value):
        if isinstance(key, yaml.ScalarNode) and key.value == "schema_version":
            root.value[index] = (key, yaml.ScalarNode(tag=_INT, value=str(version),
                                                      start_mark=value.start_mark,
                                                      end_mark=value.end_mark))


def validate_rules_text(text: str, path: str = "<text>", *,
                        registry: MigrationRegistry = MIGRATIONS) -> list[Problem]:
    """List every problem of a rules document, sorted by line; empty when it is valid.

    Args:
        text: the YAML document.
        path: the file name to print in front of each line.
        registry: the migrations to apply to an older schema_version.

    Returns:
        The problems; never raises for any input text.

    """
    problems, _ = _parse(text, path, registry)
    return sort_problems(problems)


def parse_rules_text(text: str, path: str = "<text>", *,
                     registry: MigrationRegistry = MIGRATIONS) -> HouseRules:
    """Read a rules document.

    Raises:
        RulesFileErrors: the document has problems (all of them are in ``problems``).

    """
    problems, rules = _parse(text, path, registry)
    if problems or rules is None:
        raise RulesFileErrors(problems or [Problem(1, "the file could not be read", path)])
    return rules


def _read(path: str | Path) -> tuple[str | None, list[Problem]]:
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return None, [Problem(1, "no such file", name)]
    except IsADirectoryError:
        return None, [Problem(1, "this is a folder, not a rules file", name)]
    except OSError as error:
        return None, [Problem(1, f"cannot be read: {error.strerror or error}", name)]
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        return None, [Problem(line, "not UTF-8 text (save the file as UTF-8)", name)]


def validate_rules_file(path: str | Path) -> list[Problem]:
    """List every problem of a rules file (unreadable files included); never raises."""
    text, problems = _read(path)
    if text is None:
        return problems
    return validate_rules_text(text, str(path))


def load_rules(path: str | Path) -> HouseRules:
    """Read a house rules file.

    Raises:
        RulesFileErrors: the file cannot be read or has problems; ``problems`` lists them all
            and ``report()`` gives the same ``FILE:LINE: message`` lines as check-rules.

    """
    text, problems = _read(path)
    if text is None:
        raise RulesFileErrors(problems)
    return parse_rules_text(text, str(path))
