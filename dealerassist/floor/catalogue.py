"""The rules catalogue shipped with the app, in English and French, with the house's options.

``catalogue_en.md`` is the project's rules catalogue (every rule with its ID);
``catalogue_fr.md`` translates each entry under the same ID. `rule_catalogue()` reads both
once; `house_options(rules)` lists, for each rule ID, the ``rules.yaml`` options that set
it and their values in force (from the option metadata of `HouseRules`); `search` finds
rules by ID or words in either language, accents and case ignored.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from importlib import resources

from dealerassist.rules.model import HouseRules

__all__ = ["HouseOption", "RuleEntry", "house_options", "rule_catalogue", "search"]


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One rule of the catalogue in both languages.

    Attributes:
        rule_id: the stable ID (``BET-PL-MAX``).
        section_en: the section heading in English.
        section_fr: the section heading in French.
        text_en: the rule (for an irregularity: the situation) in English.
        text_fr: the same in French.
        ruling_en: for an irregularity, the ruling in English; "" otherwise.
        ruling_fr: the ruling in French.

    """

    rule_id: str
    section_en: str
    section_fr: str
    text_en: str
    text_fr: str
    ruling_en: str = ""
    ruling_fr: str = ""


@dataclass(frozen=True, slots=True)
class HouseOption:
    """A ``rules.yaml`` option that sets a rule, with its value in force."""

    path: str
    value: str
    doc: str


def _parse(text: str) -> dict[str, tuple[str, str, str]]:
    """Return rule ID -> (section, text, ruling) from a catalogue table file."""
    entries: dict[str, tuple[str, str, str]] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            continue
        match = re.match(r"^\|\s*([A-Z0-9]+(?:-[A-Z0-9]+)+)\s*\|(.*)\|\s*$", line)
        if not match:
            continue
        cells = [cell.strip() for cell in match.group(2).split("|")]
        ruling = cells[1] if len(cells) > 1 else ""
        entries[match.group(1)] = (section, cells[0], ruling)
    return entries


@functools.cache
def rule_catalogue() -> tuple[RuleEntry, ...]:
    """Return every rule of the shipped catalogue, in catalogue order."""
    package = resources.files(__package__)
    english = _parse(package.joinpath("catalogue_en.md").read_text("utf-8"))
    french = _parse(package.joinpath("catalogue_fr.md").read_text("utf-8"))
    result = []
    for rule_id, (section, text, ruling) in english.items():
        section_fr, text_fr, ruling_fr = french.get(rule_id, (section, text, ruling))
        result.append(RuleEntry(rule_id, section, section_fr, text, text_fr, ruling, ruling_fr))
    return tuple(result)


def _shown(value: object) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{getattr(k, 'value', k)}: {v}" for k, v in value.items())
    if isinstance(value, frozenset):
        return "[" + ", ".join(sorted(str(v) for v in value)) + "]"
    if isinstance(value, tuple):
        if not value:
            return "[]"
        return "; ".join(
            ", ".join(f"{f.name}: {_shown(getattr(item, f.name))}"
                      for f in dataclasses.fields(item)) if dataclasses.is_dataclass(item)
            else _shown(item) for item in value)
    return str(value)


def house_options(rules: HouseRules) -> dict[str, tuple[HouseOption, ...]]:
    """Return rule ID -> the options of ``rules`` that set it, with their values in force."""
    found: dict[str, list[HouseOption]] = {}
    for section in dataclasses.fields(rules):
        group = getattr(rules, section.name)
        if not dataclasses.is_dataclass(group) or isinstance(group, type):
            continue
        for item in dataclasses.fields(group):
            rule_id = item.metadata.get("rule", "")
            if not rule_id:
                continue
            option = HouseOption(path=f"{section.name}.{item.name}",
                                 value=_shown(getattr(group, item.name)),
                                 doc=item.metadata.get("doc", ""))
            found.setdefault(rule_id, []).append(option)
    return {rule_id: tuple(options) for rule_id, options in found.items()}


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def search(query: str, *, rules: HouseRules | None = None) -> tuple[RuleEntry, ...]:
    """Return the rules matching every word of ``query`` (English or French), best first.

    A rule ID or its prefix (``bet-pl``, ``irr-he``) ranks its rules first, then a word of
    an ID (``straddle``, ``heads-up``, ``bring in``); then the more query words in the
    rule's section, text and ruling, in either language, and in the names and meanings of
    the house options that set it, the higher, the words together as a phrase higher still.
    Accents and case are ignored (``debut`` finds ``début``). An empty query returns the
    whole catalogue.
    """
    words = [w for w in re.split(r"[\s,;]+", _fold(query)) if w]
    entries = rule_catalogue()
    if not words:
        return entries
    options = house_options(rules or HouseRules())
    scored = []
    for order, entry in enumerate(entries):
        rule_id = _fold(entry.rule_id)
        haystack = _fold(" ".join((
            entry.section_en, entry.section_fr, entry.text_en, entry.text_fr, entry.ruling_en,
            entry.ruling_fr, *(f"{o.path} {o.doc}" for o in options.get(entry.rule_id, ())),
        )))
        segments = rule_id.split("-")
        score = 0
        for word in words:
            if rule_id == word:
                score += 100
            elif "-" in word and rule_id.startswith(word):
                score += 50  # a family or an ID prefix: irr-he, bet-pl
            elif word.replace("-", "") in segments:
                score += 10  # a word of the ID: straddle, heads-up, pot
            elif word in haystack:
                score += 1 + haystack.count(word) // 3
            else:
                score = 0
                break
        if score and len(words) > 1:
            if "".join(w.replace("-", "") for w in words) in segments:
                score += 20  # the words spell a word of the ID: "bring in" -> BRINGIN
            phrase = " ".join(words)
            if phrase in haystack:
                score += 2  # the words together, in this order
            if any(_fold(text).startswith(phrase) for text in (entry.text_en, entry.text_fr)):
                score += 4  # the rule that defines the phrase ("Pot limit: the maximum...")
        if score:
            scored.append((-score, order, entry))
    scored.sort(key=lambda item: item[:2])
    return tuple(entry for _, _, entry in scored)
