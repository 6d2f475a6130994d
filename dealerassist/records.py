"""`quick_init`: a frozen, slotted dataclass built at the cost of a plain one.

The ``__init__`` that `dataclasses` writes for a frozen class sets each field through
``object.__setattr__`` (the class's own ``__setattr__`` refuses): about 0.15 us a field,
three times the rest of building a two-field event. A replay builds some thirty such
records a hand (events, pots, its setup), so `quick_init` gives the hottest ones an
``__init__`` that sets each slot through the slot's own descriptor instead: the same
parameters, defaults, default factories and ``__post_init__``, the same values stored;
the class stays a frozen dataclass (``tests/engine/test_records.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

__all__ = ["quick_init"]

_T = TypeVar("_T", bound=type)


class _Factory:
    """The default of a field with a default factory: the factory is called for it."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def quick_init(cls: _T) -> _T:
    """Give the frozen, slotted dataclass ``cls`` an ``__init__`` that sets its slots directly.

    Every field must be an ``__init__`` parameter, positional or keyword (no ``init=False``,
    no ``kw_only``, no ``InitVar``): what the project's records are.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"quick_init needs a frozen dataclass with slots, not {cls.__name__}")
    fields = dataclasses.fields(cls)
    code = cls.__init__.__code__
    if code.co_kwonlyargcount or code.co_varnames[1:code.co_argcount] != tuple(
            item.name for item in fields):
        raise TypeError(f"quick_init: the fields of {cls.__name__} are not all plain "
                        "parameters of its __init__")
    names: dict[str, Any] = {"_FACTORY": _FACTORY}
    arguments, lines = [], []
    for item in fields:
        name = item.name
        names[f"_set_{name}"] = cls.__dict__[name].__set__
        if item.default is not dataclasses.MISSING:
            names[f"_default_{name}"] = item.default
            arguments.append(f"{name}=_default_{name}")
        elif item.default_factory is not dataclasses.MISSING:
            names[f"_factory_{name}"] = item.default_factory
            arguments.append(f"{name}=_FACTORY")
            lines.append(f"if {name} is _FACTORY: {name} = _factory_{name}()")
        else:
            arguments.append(name)
        lines.append(f"_set_{name}(self, {name})")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    source = f"def __init__(self, {', '.join(arguments)}):\n" + "".join(
        f"    {line}\n" for line in lines or ["pass"])
    exec(source, names)  # noqa: S102 - as `dataclasses` builds its own __init__
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls
