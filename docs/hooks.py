"""MkDocs hook (mkdocs.yml `hooks:`): the site's home page is README.md, so the front page has one
source. Its links into docs/ (`docs/hands.md`) become the site's own (`hands.md`)."""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.structure.files import File

README = Path(__file__).resolve().parent.parent / "README.md"


def home_page(readme: str) -> str:
    """README.md as the site's index.md: `](docs/X)` links made relative to docs/."""
    return re.sub(r"\]\(docs/", "](", readme)


def on_files(files, config):
    files.append(File.generated(config, "index.md", content=home_page(README.read_text(encoding="utf-8"))))
    return files
