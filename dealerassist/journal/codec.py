"""Event codec: a frozen dataclass event <-> (type name, class version, JSON payload).

Generic over registered dataclasses: fields are encoded from their values and decoded by
their type annotations. Cards are stored as text ("Ah"), chips as JSON integers, enums by
value, `Fraction`/`Decimal` as text; a float anywhere is refused, so money never passes
through one. A nested dataclass whose class is registered is stored tagged with its own
type and version, so a field may hold any registered event (a union).

Old payloads are brought up to date by upcasters: ``codec.upcaster("Folded", 1)`` turns a
version-1 payload dict into a version-2 one; chains run in order on decode.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from dealerassist.cards import Card, parse_card
from dealerassist.errors import JournalError

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]

_TYPE_KEY = "$type"
_VERSION_KEY = "$v"


@dataclasses.dataclass(frozen=True, slots=True)
class EncodedEvent:
    """An event ready for the journal."""

    type: str
    class_version: int
    payload: str


@dataclasses.dataclass(frozen=True, slots=True)
class _Registration:
    cls: type
    type_name: str
    class_version: int


class EventCodec:
    """Registry of event classes with their names, versions and upcasters."""

    def __init__(self) -> None:
        self._by_name: dict[str, _Registration] = {}
        self._by_class: dict[type, _Registration] = {}
        self._upcasters: dict[tuple[str, int], Upcaster] = {}
        self._hints: dict[type, dict[str, Any]] = {}

    def register(
        self, cls: type, *, type_name: str | None = None, class_version: int | None = None
    ) -> type:
        """Register a frozen dataclass; the version defaults to ``cls.class_version`` or 1."""
        if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            raise JournalError(f"{cls!r} is not a frozen dataclass; events must be frozen")
        name = type_name or cls.__name__
        version = class_version or int(getattr(cls, "class_version", 1))
        known = self._by_name.get(name)
        if known is not None and known.cls is not cls:
            raise JournalError(f"event type name {name!r} is already used by {known.cls!r}")
        registration = _Registration(cls=cls, type_name=name, class_version=version)
        self._by_name[name] = registration
        self._by_class[cls] = registration
        return cls

    def upcaster(self, type_name: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Register the upcaster for the step ``from_version`` -> ``from_version + 1``."""

        def decorate(function: Upcaster) -> Upcaster:
            self._upcasters[(type_name, from_version)] = function
            return function

        return decorate

    def registrations(self) -> tuple[tuple[str, int], ...]:
        """Return every registered (type name, class version), sorted by name."""
        return tuple(sorted((r.type_name, r.class_version) for r in self._by_name.values()))

    def is_registered(self, cls: type) -> bool:
        """Tell whether ``cls`` can be encoded as a top-level event."""
        return cls in self._by_class

    def encode(self, event: object) -> EncodedEvent:
        """Encode a registered event; raises `JournalError` for floats or unknown classes."""
        registration = self._by_class.get(type(event))
        if registration is None:
            raise JournalError(f"{type(event).__name__} is not a registered event type")
        fields = self._encode_fields(event)
        return EncodedEvent(
            type=registration.type_name,
            class_version=registration.class_version,
            payload=json.dumps(fields, separators=(",", ":"), sort_keys=True, allow_nan=False),
        )

    def decode(self, type_name: str, class_version: int, payload: str) -> Any:
        """Rebuild the event (upcasting old versions); `JournalError` names what is wrong."""
        try:
            data = json.loads(payload, parse_float=_refuse_float)
        except (ValueError, TypeError) as error:
            raise JournalError(f"{type_name} payload is not valid JSON: {error}") from error
        if not isinstance(data, dict):
            raise JournalError(f"{type_name} payload is not a JSON object")
        return self._decode_registered(type_name, class_version, data)

    # -- encoding ---------------------------------------------------------------------------

    def _encode_fields(self, event: object) -> Payload:
        return {
            field.name: self._encode_value(getattr(event, field.name), where=field.name)
            for field in dataclasses.fields(event)  # type: ignore[arg-type]
        }

    def _encode_value(self, value: Any, *, where: str) -> Any:
        if value is None or isinstance(value, (bool, str)):
            return value.value if isinstance(value, enum.Enum) else value
        if isinstance(value, enum.Enum):
            return value.value
        if isinstance(value, int):
            return int(value)
        if isinstance(value, float):
            raise JournalError(f"{where}: a float ({value!r}) cannot be journaled; use int")
        if isinstance(value, Card):
            return str(value)
        if isinstance(value, (Fraction, Decimal)):
            return str(value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            fields = self._encode_fields(value)
            registration = self._by_class.get(type(value))
            if registration is not None:
                fields[_TYPE_KEY] = registration.type_name
                fields[_VERSION_KEY] = registration.class_version
            return fields
        if isinstance(value, (tuple, list, frozenset, set)):
            items = [self._encode_value(item, where=where) for item in value]
            if isinstance(value, (frozenset, set)):
                items.sort(key=lambda item: json.dumps(item, sort_keys=True))
            return items
        if isinstance(value, dict):
            return [
                [self._encode_value(key, where=where), self._encode_value(item, where=where)]
                for key, item in value.items()
            ]
        raise JournalError(f"{where}: cannot journal a {type(value).__name__}")

    # -- decoding ---------------------------------------------------------------------------

    def _decode_registered(self, type_name: str, class_version: int, data: Payload) -> Any:
        registration = self._by_name.get(type_name)
        if registration is None:
            raise JournalError(f"unknown event type {type_name!r} in the journal")
        if class_version > registration.class_version:
            raise JournalError(
                f"{type_name} version {class_version} is newer than this program "
                f"(version {registration.class_version})"
            )
        version = class_version
        while version < registration.class_version:
            step = self._upcasters.get((type_name, version))
            if step is None:
                raise JournalError(f"no upcaster for {type_name} from version {version}")
            data = step(dict(data))
            version += 1
        return self._build(registration.cls, data, where=type_name)

    def _build(self, cls: type, data: Payload, *, where: str) -> Any:
        hints = self._hints.get(cls)
        if hints is None:
            hints = typing.get_type_hints(cls)
            self._hints[cls] = hints
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            if not field.init:
                continue
            if field.name not in data:
                if (
                    field.default is dataclasses.MISSING
                    and field.default_factory is dataclasses.MISSING
                ):
                    raise JournalError(f"{where}: field {field.name!r} is missing")
                continue
            values[field.name] = self._decode_value(
                data[field.name], hints[field.name], where=f"{where}.{field.name}"
            )
        try:
            return cls(**values)
        except (TypeError, ValueError) as error:
            raise JournalError(f"{where}: {error}") from error

    def _decode_value(self, raw: Any, hint: Any, *, where: str) -> Any:  # noqa: C901
        if hint is Any or hint is object:
            return self._decode_untyped(raw, where=where)
        origin = typing.get_origin(hint)
        if origin is typing.Union or origin is types.UnionType:
            return self._decode_union(raw, typing.get_args(hint), where=where)
        if hint is type(None):
            if raw is not None:
                raise JournalError(f"{where}: expected null, got {raw!r}")
            return None
        if origin is typing.Literal:
            if raw not in typing.get_args(hint):
                raise JournalError(f"{where}: {raw!r} is not one of {typing.get_args(hint)}")
            return raw
        if isinstance(raw, dict) and _TYPE_KEY in raw:
            body = {k: v for k, v in raw.items() if k not in (_TYPE_KEY, _VERSION_KEY)}
            return self._decode_registered(raw[_TYPE_KEY], int(raw.get(_VERSION_KEY, 1)), body)
        if origin in (tuple, list, frozenset, set):
            return self._decode_sequence(raw, hint, origin, where=where)
        if origin is dict:
            key_hint, value_hint = typing.get_args(hint) or (Any, Any)
            if not isinstance(raw, list):
                raise JournalError(f"{where}: expected a list of pairs")
            return {
                self._decode_value(key, key_hint, where=where): self._decode_value(
                    value, value_hint, where=where
                )
                for key, value in raw
            }
        if not isinstance(hint, type):
            return self._decode_untyped(raw, where=where)
        return self._decode_scalar(raw, hint, where=where)

    def _decode_scalar(self, raw: Any, hint: type, *, where: str) -> Any:
        try:
            if hint is bool:
                if not isinstance(raw, bool):
                    raise JournalError(f"{where}: expected true/false, got {raw!r}")
                return raw
            if issubclass(hint, enum.Enum):
                return hint(raw)
            if hint is int:
                if isinstance(raw, bool) or not isinstance(raw, int):
                    raise JournalError(f"{where}: expected an integer, got {raw!r}")
                return raw
            if hint is str:
                if not isinstance(raw, str):
                    raise JournalError(f"{where}: expected text, got {raw!r}")
                return raw
            if hint is Card:
                return parse_card(raw)
            if hint is Fraction:
                return Fraction(str(raw))
            if hint is Decimal:
                return Decimal(str(raw))
            if dataclasses.is_dataclass(hint):
                if not isinstance(raw, dict):
                    raise JournalError(f"{where}: expected an object, got {raw!r}")
                return self._build(hint, raw, where=where)
        except JournalError:
            raise
        except (ValueError, TypeError, ArithmeticError) as error:
            raise JournalError(f"{where}: {error}") from error
        raise JournalError(f"{where}: cannot decode a {hint.__name__}")

    def _decode_sequence(self, raw: Any, hint: Any, origin: type, *, where: str) -> Any:
        if not isinstance(raw, list):
            raise JournalError(f"{where}: expected a list, got {raw!r}")
        args = typing.get_args(hint)
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(raw):
                raise JournalError(f"{where}: expected {len(args)} items, got {len(raw)}")
            return tuple(
                self._decode_value(item, item_hint, where=where)
                for item, item_hint in zip(raw, args, strict=True)
            )
        item_hint = args[0] if args else Any
        items = [self._decode_value(item, item_hint, where=where) for item in raw]
        return origin(items)

    def _decode_union(self, raw: Any, options: tuple[Any, ...], *, where: str) -> Any:
        if raw is None and type(None) in options:
            return None
        if isinstance(raw, dict) and _TYPE_KEY in raw:
            return self._decode_value(raw, Any, where=where)
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return self._decode_value(raw, option, where=where)
            except JournalError as error:
                errors.append(str(error))
        raise JournalError(f"{where}: {raw!r} fits none of the expected types ({errors[:2]})")

    def _decode_untyped(self, raw: Any, *, where: str) -> Any:
        if isinstance(raw, dict) and _TYPE_KEY in raw:
            body = {k: v for k, v in raw.items() if k not in (_TYPE_KEY, _VERSION_KEY)}
            return self._decode_registered(raw[_TYPE_KEY], int(raw.get(_VERSION_KEY, 1)), body)
        if isinstance(raw, list):
            return tuple(self._decode_untyped(item, where=where) for item in raw)
        return raw


def _refuse_float(text: str) -> Any:
    raise JournalError(f"a float ({text}) in a journal payload; chips are integers")
