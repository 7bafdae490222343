"""Writes to the law base. The importer command and the tests call these; views never write laws."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import models, transaction

from bridge.references import find_references
from laws.models import Chapter, Definition, Edition, Law, Reference, Section, Source
from laws.outline import Outline, load_outline
from laws.signals import corpus_imported
from laws.text import ParsedCorpus, ParsedNode, parse

EDITIONS = {
    "ccba-1999": (
        "中国桥牌竞赛规则（1999年中国桥牌协会审定）",
        "CCBA Laws of Duplicate Contract Bridge (1999)",
    ),
}


@dataclass
class ImportReport:
    file: str
    laws: list[int] = field(default_factory=list)
    sections: int = 0
    definitions: int = 0
    references: int = 0
    pending: int = 0
    warnings: list[str] = field(default_factory=list)

    def summary(self) -> str:
        laws = f"laws {self.laws[0]}–{self.laws[-1]} ({len(self.laws)})" if self.laws else "no laws"
        return (
            f"{self.file}: {laws}, {self.sections} sections, {self.definitions} definitions, "
            f"{self.references} references ({self.pending} pending in the edition)"
        )


def edition_get_or_create(code: str | None = None) -> Edition:
    code = code or settings.LAWS_DEFAULT_EDITION
    name, name_en = EDITIONS.get(code, (code, code))
    edition, _ = Edition.objects.get_or_create(code=code, defaults={"name": name, "name_en": name_en})
    return edition


def default_outline() -> Outline:
    return load_outline(settings.FIXTURES_DIR / "outline")


def _merge_definitions(parsed: ParsedCorpus, report: ImportReport):
    """The official Definitions list some terms twice (宕墩, 奖分): keep the first text, fill a missing English term."""
    merged: dict[str, tuple[str, str, int]] = {}
    for d in parsed.definitions:
        if d.term in merged:
            text, term_en, line = merged[d.term]
            report.warnings.append(
                f"line {d.line}: {d.term} already defined on line {line}; the first text is kept"
            )
            merged[d.term] = (text, term_en or d.term_en, line)
        else:
            merged[d.term] = (d.text, d.term_en, d.line)
    return merged


@transaction.atomic
def corpus_import(
    *,
    text: str,
    source: str,
    file_name: str,
    edition_code: str | None = None,
    glossary: bool = False,
    outline: Outline | None = None,
    notify: bool = True,
) -> ImportReport:
    """Import one file of the plain-text layout; rerunning updates in place. Raises laws.text.ParseError.
    With notify, `corpus_imported` is sent once the import commits (the search index rebuilds on it)."""
    if source not in Source.values:
        raise ValueError(f"source must be one of {Source.values}")
    parsed = parse(text, definitions_only=glossary)
    outline = outline or default_outline()
    edition = edition_get_or_create(edition_code)
    report = ImportReport(file=file_name, warnings=list(parsed.warnings))

    if parsed.preface and source == Source.OFFICIAL:
        edition.preface = "\n".join(parsed.preface)
        edition.save(update_fields=["preface"])

    chapters = {}
    for pc in parsed.chapters:
        oc = outline.chapters.get(pc.number)
        chapter, _ = Chapter.objects.update_or_create(
            edition=edition,
            number=pc.number,
            defaults={"title": pc.title or (oc.title if oc else ""), "title_en": oc.title_en if oc else ""},
        )
        chapters[pc.number] = chapter

    origin = Definition.Origin.ADDITION if glossary else Definition.Origin.OFFICIAL
    base_order = 1000 if glossary else 0
    for order, (term, (body, term_en, line)) in enumerate(_merge_definitions(parsed, report).items()):
        definition, _ = Definition.objects.update_or_create(
            edition=edition,
            term=term,
            defaults={
                "term_en": term_en,
                "text": body,
                "origin": origin,
                "order": base_order + order,
                "line": line,
            },
        )
        definition.references_out.all().delete()
        report.references += _store_references(edition, definition.text, from_definition=definition)
        report.definitions += 1

    last_node = None
    for pl in parsed.laws:
        ol = outline.laws.get(pl.number)
        law, _ = Law.objects.update_or_create(
            edition=edition,
            number=pl.number,
            defaults={
                "chapter": chapters[pl.chapter],
                "title": pl.title,
                "title_en": ol.title_en if ol else "",
                "source": source,
                "source_file": file_name,
            },
        )
        keep = [node.ref for node in pl.root.walk()]
        last_node = list(pl.root.walk())[-1]
        # Remove nodes the new text no longer has (children first through CASCADE on parent).
        law.sections.exclude(ref__in=keep).delete()
        _store_nodes(edition, law, pl.root, None, iter(range(10_000)), report)
        report.laws.append(pl.number)

    if source == Source.OFFICIAL and last_node is not None and not last_node.lines and not last_node.children:
        # The supplied official text stops mid-law (Law 8C): say so instead of showing an empty section.
        Section.objects.filter(edition=edition, ref=last_node.ref).update(truncated=True)
        report.warnings.append(f"{last_node.ref}: the source text ends here (truncated)")

    report.pending = references_resolve(edition)
    Edition.objects.filter(pk=edition.pk).update(revision=models.F("revision") + 1)
    if notify:
        transaction.on_commit(lambda: corpus_imported.send(sender=Edition, edition=edition))
    return report


def _store_nodes(edition, law, node: ParsedNode, parent, counter, report) -> None:
    section, _ = Section.objects.update_or_create(
        edition=edition,
        ref=node.ref,
        defaults={
            "law": law,
            "parent": parent,
            "level": node.level,
            "label": node.label,
            "heading": node.heading,
            "text": node.text,
            "order": next(counter),
            "line": node.line,
            "truncated": False,
        },
    )
    report.sections += 1
    section.references_out.all().delete()
    report.references += _store_references(edition, f"{node.heading}\n{node.text}", from_section=section)
    for child in node.children:
        _store_nodes(edition, law, child, section, counter, report)


def _store_references(edition, text: str, **origin) -> int:
    rows = [
        Reference(edition=edition, raw=found.raw, target_ref=found.ref, target_law_number=found.law, **origin)
        for found in find_references(text)
    ]
    Reference.objects.bulk_create(rows)
    return len(rows)


def references_resolve(edition: Edition) -> int:
    """Point every reference at its target section if the target now exists. Returns the number still pending."""
    sections = dict(Section.objects.filter(edition=edition).values_list("ref", "id"))
    pending = 0
    changed = []
    for reference in Reference.objects.filter(edition=edition):
        target = sections.get(reference.target_ref)
        if target != reference.target_id:
            reference.target_id = target
            changed.append(reference)
        pending += target is None
    Reference.objects.bulk_update(changed, ["target"])
    return pending


@transaction.atomic
def corpus_load_default(*, edition_code: str | None = None) -> list[ImportReport]:
    """Load what fixtures/ holds: the official Definitions and Laws 1–8, the summaries, the glossary additions.
    All or nothing, and one `corpus_imported` signal for the whole batch."""
    fixtures: Path = settings.FIXTURES_DIR
    outline = default_outline()
    jobs = [(fixtures / "sources" / "ccba-1999-definitions-and-laws-1-8.txt", Source.OFFICIAL, False)]
    jobs += [(path, Source.SUMMARY, False) for path in sorted((fixtures / "laws").glob("*.txt"))]
    additions = fixtures / "glossary-additions.txt"
    if additions.exists():
        jobs.append((additions, Source.SUMMARY, True))
    reports = []
    for path, source, glossary in jobs:
        reports.append(
            corpus_import(
                text=path.read_text(encoding="utf-8"),
                source=source,
                file_name=str(path.relative_to(fixtures)),
                edition_code=edition_code,
                glossary=glossary,
                outline=outline,
                notify=False,
            )
        )
    edition = edition_get_or_create(edition_code)
    transaction.on_commit(lambda: corpus_imported.send(sender=Edition, edition=edition))
    return reports
