"""Schema migrations of the house rules file: old formats are upgraded before validation.

A house file states its ``schema_version``. When the format changes, the version goes up
and a migrator is registered that rewrites a document of the old version into the new one::

    @migrator(1, 2)
    def _rake_percent_moved(root: yaml.MappingNode) -> yaml.MappingNode:
        rename_key(root, ("rake", "rate"), "percent")
        return root

Migrators work on the YAML node tree (``yaml.compose``), not on plain data, so every value
keeps the line it came from and the validator's messages still point at the user's file.
The loader chains migrators from the file's version up to `CURRENT_VERSION`; a gap in the
chain is reported as a problem, never guessed. See docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import yaml

__all__ = [
    "CURRENT_VERSION",
    "MIGRATIONS",
    "MigrationError",
    "MigrationRegistry",
    "find_key",
    "migrator",
    "remove_key",
    "rename_key",
]

#: The format this program reads. Raise it together with a registered migrator.
CURRENT_VERSION = 1

Migrator = Callable[[yaml.MappingNode], yaml.MappingNode]


class MigrationError(Exception):
    """A document that cannot be brought to the current version (message for the user)."""


class MigrationRegistry:
    """Migrators keyed by the version they upgrade from; each goes exactly one step up."""

    def __init__(self) -> None:
        self._steps: dict[int, tuple[int, Migrator]] = {}

    def migrator(self, from_version: int, to_version: int) -> Callable[[Migrator], Migrator]:
        """Register the decorated function as the upgrade from one version to the next.

        Args:
            from_version: the version the function reads.
            to_version: the version it writes; must be ``from_version + 1``.

        Returns:
            A decorator that registers and returns the function unchanged.

        Raises:
            ValueError: not a single step up, or a step already registered.

        """
        if to_version != from_version + 1:
            raise ValueError(f"a migrator goes one version up, not {from_version}->{to_version}")
        if from_version in self._steps:
            raise ValueError(f"a migrator from version {from_version} is already registered")

        def register(function: Migrator) -> Migrator:
            self._steps[from_version] = (to_version, function)
            return function

        return register

    def migrate(self, root: yaml.MappingNode, *, from_version: int,
                to_version: int = CURRENT_VERSION) -> yaml.MappingNode:
        """Upgrade a document's node tree from one version to another, step by step.

        Raises:
            MigrationError: a step of the chain is missing.

        """
        version = from_version
        while version < to_version:
            step = self._steps.get(version)
            if step is None:
                raise MigrationError(
                    f"schema_version {from_version} cannot be upgraded: no migration from "
                    f"version {version} to {version + 1}"
                )
            version, function = step
            root = function(root)
        return root

    def versions(self) -> Sequence[int]:
        """Return the versions that have a registered upgrade."""
        return sorted(self._steps)


#: The program's registry; the loader uses it unless a test passes its own.
MIGRATIONS = MigrationRegistry()
migrator = MIGRATIONS.migrator


def find_key(node: yaml.Node, path: Sequence[str]) -> tuple[yaml.MappingNode, int] | None:
    """Locate a key by its path of mapping keys.

    Returns:
        The mapping holding the last key and the index of the pair, or None if absent.

    """
    current = node
    for depth, key in enumerate(path):
        if not isinstance(current, yaml.MappingNode):
            return None
        for index, (key_node, value_node) in enumerate(current.value):
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
                if depth == len(path) - 1:
                    return current, index
                current = value_node
                break
        else:
            return None
    return None


def rename_key(root: yaml.MappingNode, path: Sequence[str], new_name: str) -> bool:
    """Rename the key at ``path`` keeping its line; return whether it was present."""
    found = find_key(root, path)
    if found is None:
        return False
    mapping, index = found
    key_node, value_node = mapping.value[index]
    renamed = yaml.ScalarNode(tag=key_node.tag, value=new_name, start_mark=key_node.start_mark,
                              end_mark=key_node.end_mark)
    mapping.value[index] = (renamed, value_node)
    return True


def remove_key(root: yaml.MappingNode, path: Sequence[str]) -> bool:
    """Remove the key at ``path``; return whether it was present."""
    found = find_key(root, path)
    if found is None:
        return False
    mapping, index = found
    del mapping.value[index]
    return True
