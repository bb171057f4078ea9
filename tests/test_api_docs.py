"""The API reference documents every public name, with no private name and no Sphinx role.

The pages under ``docs/api/`` render each name of ``guarda.__all__`` with mkdocstrings;
these tests fail when a public name has no docstring, a field of a public attrs class has
no description, a name is missing from the pages, or a docstring uses a Sphinx role
(``:class:`...```), which the Markdown docs would show as literal text.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import re
import textwrap
from pathlib import Path

import attrs
import pytest

import guarda
import guarda.render
import guarda.schemas

ROOT = Path(__file__).parent.parent
API_PAGES = ROOT / "docs" / "api"
SOURCE = ROOT / "src" / "guarda"
PUBLIC = [name for name in guarda.__all__ if name != "__version__"]
SPHINX_ROLE = re.compile(r":(class|func|meth|attr|data|exc|mod|obj):`")


def _rendered_names() -> set[str]:
    names: set[str] = set()
    for page in API_PAGES.glob("*.md"):
        names.update(re.findall(r"^::: guarda\.(\w+)\s*$", page.read_text(), re.MULTILINE))
    return names


def _documented_fields(cls: type) -> set[str]:
    """The fields of a class followed by an attribute docstring in its source."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    documented = set()
    for first, second in itertools.pairwise(body):
        if (
            isinstance(first, ast.AnnAssign)
            and isinstance(first.target, ast.Name)
            and isinstance(second, ast.Expr)
            and isinstance(second.value, ast.Constant)
            and isinstance(second.value.value, str)
        ):
            documented.add(first.target.id)
    return documented


@pytest.mark.parametrize("name", PUBLIC)
def test_public_name_has_a_docstring(name: str) -> None:
    obj = getattr(guarda, name)
    assert inspect.getdoc(obj), f"guarda.{name} has no docstring"


@pytest.mark.parametrize(
    "name",
    [name for name in PUBLIC if isinstance(getattr(guarda, name), type)],
)
def test_public_attrs_fields_are_described(name: str) -> None:
    cls = getattr(guarda, name)
    if not attrs.has(cls):
        return
    missing = [field.name for field in attrs.fields(cls) if not field.name.startswith("_")]
    documented = set()
    for klass in cls.__mro__:
        if attrs.has(klass):
            documented |= _documented_fields(klass)
    undocumented = [field for field in missing if field not in documented]
    assert not undocumented, f"guarda.{name}: fields without a description: {undocumented}"


def test_every_public_name_is_on_an_api_page() -> None:
    rendered = _rendered_names()
    modules = {name for name in PUBLIC if inspect.ismodule(getattr(guarda, name))}
    missing = sorted(set(PUBLIC) - rendered - modules)
    assert not missing, f"not in docs/api/*.md: {missing}"
    subpackages = {
        name
        for name in rendered
        if inspect.ismodule(getattr(guarda, name, None))
        or (SOURCE / name / "__init__.py").exists()  # a subpackage of an extra (server)
    }
    unknown = rendered - set(PUBLIC) - subpackages
    assert not unknown, f"private or unknown names rendered: {unknown}"


def test_no_api_page_renders_a_private_module() -> None:
    for page in API_PAGES.glob("*.md"):
        private = re.findall(r"^::: (guarda(?:\.\w+)*\._\w+)", page.read_text(), re.MULTILINE)
        assert not private, f"{page.name} renders private modules {private}"


def test_no_sphinx_roles_in_docstrings() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(SOURCE.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if SPHINX_ROLE.search(line)
    ]
    assert not offenders, f"Sphinx roles render as literal text in the docs: {offenders}"


def test_all_is_grouped_in_the_order_of_the_api_pages() -> None:
    source = (SOURCE / "__init__.py").read_text()
    groups = re.findall(r"^    # (.+)$", source[source.index("__all__") :], re.MULTILINE)
    assert len(groups) >= 10
    assert groups[0] == "Playing a game"
