"""Schema versions and the migrator registry, with a synthetic version-0 format."""

from __future__ import annotations

import pytest
import yaml

from dealerassist.rules import parse_rules_text, validate_rules_text
from dealerassist.rules.migrations import (
    CURRENT_VERSION,
    MIGRATIONS,
    MigrationRegistry,
    remove_key,
    rename_key,
)
from dealerassist.rules.model import UnderRaiseRuling

# Version 0 (synthetic): the rake rate was `rake.rate`, and under-raises lived at the top level
# as `underraise_rule`.
VERSION_0 = """\
schema_version: 0
rake:
  rate: 3
underraise_rule: call
obsolete: yes
"""


def _registry() -> MigrationRegistry:
    registry = MigrationRegistry()

    @registry.migrator(0, 1)
    def _from_0(root: yaml.MappingNode) -> yaml.MappingNode:
        rename_key(root, ("rake", "rate"), "percent")
        remove_key(root, ("obsolete",))
        for index, (key, value) in enumerate(root.value):
            if key.value == "underraise_rule":
                section = yaml.MappingNode("tag:yaml.org,2002:map", [
                    (yaml.ScalarNode("tag:yaml.org,2002:str", "underraise", key.start_mark,
                                     key.end_mark), value)], key.start_mark, key.end_mark)
                new_key = yaml.ScalarNode("tag:yaml.org,2002:str", "irregularities",
                                          key.start_mark, key.end_mark)
                root.value[index] = (new_key, section)
        return root

    return registry


def test_current_version_is_1_and_has_no_migration_yet() -> None:
    assert CURRENT_VERSION == 1
    assert list(MIGRATIONS.versions()) == []


def test_a_version_0_document_is_upgraded_before_validation() -> None:
    rules = parse_rules_text(VERSION_0, registry=_registry())
    assert rules.schema_version == 1
    assert rules.rake.percent == 3
    assert rules.irregularities.underraise is UnderRaiseRuling.CALL


def test_problems_in_a_migrated_document_keep_the_original_line() -> None:
    text = VERSION_0.replace("rate: 3", "rate: 300")
    problems = validate_rules_text(text, "old.yaml", registry=_registry())
    assert [(p.line, "rake.percent must be at most 100" in p.message) for p in problems] == [
        (3, True)]


def test_without_a_migration_an_old_version_is_a_problem_not_a_guess() -> None:
    problems = validate_rules_text(VERSION_0, "old.yaml")
    assert len(problems) == 1 and problems[0].line == 1
    assert "no migration from version 0 to 1" in problems[0].message


def test_a_failing_migrator_is_reported_not_raised() -> None:
    registry = MigrationRegistry()

    @registry.migrator(0, 1)
    def _broken(root: yaml.MappingNode) -> yaml.MappingNode:
        raise KeyError("boom")

    problems = validate_rules_text(VERSION_0, registry=registry)
    assert problems[0].line == 1 and "upgrade failed" in problems[0].message


def test_registry_refuses_skips_and_duplicates() -> None:
    registry = MigrationRegistry()
    with pytest.raises(ValueError, match="one version up"):
        registry.migrator(1, 3)
    registry.migrator(1, 2)(lambda root: root)
    with pytest.raises(ValueError, match="already registered"):
        registry.migrator(1, 2)
