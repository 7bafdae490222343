"""Writes to the law base. The importer command and the tests call these; views never write laws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import models, transaction

from bridge.references import find_references
from laws import editions, selectors
from laws.models import Chapter, Definition, Edition, Law, Reference, Section, Source
from laws.outline import Outline, load_outline
from laws.signals import corpus_imported
from laws.text import (
    ParsedCorpus,
    ParsedDefinition,
    ParsedLaw,
    ParsedNode,
    is_definition_table,
    parse,
    parse_definition_table,
)

BASE_EDITION = editions.BASE


class ImportRefused(ValueError):
    """The file parses but importing it would lose or overwrite text (security review M3); nothing is written.
    ``problems`` lists each reason, naming the law and its sections."""

    def __init__(self, file_name: str, problems: list[str]):
        super().__init__(
            f"{file_name}: refused, nothing written:\n" + "\n".join(f"  - {p}" for p in problems)
        )
        self.problems = problems


@dataclass
class ImportPlan:
    """What an import would change, worked out before anything is written (the diff `--dry-run` prints)."""

    laws_added: list[int] = field(default_factory=list)
    laws_changed: list[int] = field(default_factory=list)
    laws_unchanged: list[int] = field(default_factory=list)
    laws_kept_official: list[int] = field(default_factory=list)
    sections_added: dict[int, list[str]] = field(default_factory=dict)
    sections_removed: dict[int, list[str]] = field(default_factory=dict)
    outline_missing: dict[int, list[str]] = field(default_factory=dict)
    texts_cut: list[str] = field(default_factory=list)
    definitions_added: list[str] = field(default_factory=list)
    definitions_changed: list[str] = field(default_factory=list)
    definitions_kept_official: list[str] = field(default_factory=list)
    preface_changed: bool = False
    official_overwritten: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        def laws(numbers: list[int]) -> str:
            return " ".join(str(n) for n in numbers) if numbers else "none"

        out = [
            f"laws added: {laws(self.laws_added)}",
            f"laws changed: {laws(self.laws_changed)}",
            f"laws unchanged: {laws(self.laws_unchanged)}",
        ]
        if self.laws_kept_official:
            out.append(f"laws kept as their official text: {laws(self.laws_kept_official)}")
        for number, refs in sorted(self.sections_added.items()):
            out.append(f"law {number}: sections added: {' '.join(refs)}")
        for number, refs in sorted(self.sections_removed.items()):
            out.append(f"law {number}: sections removed: {' '.join(refs)}")
        for number, refs in sorted(self.outline_missing.items()):
            out.append(f"law {number}: sections of the outline missing from the file: {' '.join(refs)}")
        if self.texts_cut:
            out.append(f"texts cut short: {' '.join(self.texts_cut)}")
        if self.definitions_added or self.definitions_changed:
            out.append(
                f"definitions added: {len(self.definitions_added)}, changed: {len(self.definitions_changed)}"
                + (f" ({' '.join(self.definitions_changed)})" if self.definitions_changed else "")
            )
        if self.preface_changed:
            out.append("preface changed")
        if self.official_overwritten:
            out.append(f"official text replaced: {', '.join(self.official_overwritten)}")
        return out


@dataclass
class ImportReport:
    file: str
    laws: list[int] = field(default_factory=list)
    sections: int = 0
    definitions: int = 0
    references: int = 0
    pending: int = 0
    warnings: list[str] = field(default_factory=list)
    plan: ImportPlan = field(default_factory=ImportPlan)
    dry_run: bool = False

    def summary(self) -> str:
        laws = f"laws {self.laws[0]}–{self.laws[-1]} ({len(self.laws)})" if self.laws else "no laws"
        return (
            f"{self.file}: {laws}, {self.sections} sections, {self.definitions} definitions, "
            f"{self.references} references ({self.pending} pending in the edition)"
        )


def edition_get_or_create(code: str | None = None) -> Edition:
    code = code or settings.LAWS_DEFAULT_EDITION
    about = editions.info(code)
    edition, _ = Edition.objects.get_or_create(
        code=code, defaults={"name": about.name, "name_en": about.name_en}
    )
    editions._CODES.pop(edition.pk, None)
    selectors.forget_editions()
    return edition


def default_outline() -> Outline:
    return load_outline(settings.FIXTURES_DIR / "outline")


def outline_for(code: str | None) -> Outline:
    """The outline an edition's laws are held against: the base outline, or the edition folder's own."""
    folder = editions.edition_folder(code or settings.LAWS_DEFAULT_EDITION)
    if folder is None:
        if (code or settings.LAWS_DEFAULT_EDITION) != BASE_EDITION and code not in editions.KNOWN:
            raise ValueError(f"unknown edition {code!r}")
        if code and code != BASE_EDITION:
            return Outline({}, {})  # a known edition with no folder yet: nothing to hold against
        return default_outline()
    return load_outline(folder / "outline")


def definition_origin(*, source: str, glossary: bool, table: bool, code: str) -> str:
    """A glossary addition of the base edition; otherwise official text, or a further edition's summary."""
    if glossary and not table:
        return Definition.Origin.ADDITION
    if source == Source.OFFICIAL or code == BASE_EDITION:
        return Definition.Origin.OFFICIAL
    return Definition.Origin.SUMMARY


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


def _law_content(title: str, nodes: list[tuple[str, str, str]]) -> tuple:
    return (title, tuple(nodes))


def _parsed_content(pl: ParsedLaw) -> tuple:
    return _law_content(pl.title, [(n.ref, n.heading, n.text) for n in pl.root.walk()])


def _stored_content(law: Law) -> tuple:
    nodes = law.sections.order_by("order").values_list("ref", "heading", "text")
    return _law_content(law.title, list(nodes))


def _plan_changed_law(plan: ImportPlan, pl: ParsedLaw, current: Law, new_refs: list[str]) -> None:
    """A law the database holds with other text: the sections it loses and gains, the texts cut short."""
    plan.laws_changed.append(pl.number)
    old_refs = list(current.sections.order_by("order").values_list("ref", flat=True))
    removed = [ref for ref in old_refs if ref not in set(new_refs)]
    added = [ref for ref in new_refs if ref not in set(old_refs)]
    if removed:
        plan.sections_removed[pl.number] = removed
    if added:
        plan.sections_added[pl.number] = added
    old_texts = dict(current.sections.values_list("ref", "text"))
    for node in pl.root.walk():
        old = old_texts.get(node.ref, "")
        if len(node.text) < len(old) and old.startswith(node.text):
            plan.texts_cut.append(node.ref)
    if current.source == Source.OFFICIAL:
        plan.official_overwritten.append(f"law {pl.number} ({current.source_file or 'official'})")


def _plan_law(
    plan: ImportPlan,
    pl: ParsedLaw,
    current: Law | None,
    *,
    outline: Outline,
    source: str,
    file_name: str,
    keep_official: bool,
) -> None:
    """Hold one parsed law against the outline and the stored law of the same number."""
    new_refs = [n.ref for n in pl.root.walk()]
    wanted = outline.laws.get(pl.number)
    if wanted is not None:
        missing = [ref for ref in wanted.refs if ref not in set(new_refs)]
        if missing:
            plan.outline_missing[pl.number] = missing
    if current is None:
        plan.laws_added.append(pl.number)
        plan.sections_added[pl.number] = new_refs[1:]
        return
    if (
        keep_official
        and current.source == Source.OFFICIAL
        and source != Source.OFFICIAL
        and current.source_file != file_name
    ):
        plan.laws_kept_official.append(pl.number)
        plan.outline_missing.pop(pl.number, None)
        return
    if _parsed_content(pl) == _stored_content(current) and current.source == source:
        plan.laws_unchanged.append(pl.number)
        return
    _plan_changed_law(plan, pl, current, new_refs)


def _removal_problems(plan: ImportPlan) -> list[str]:
    """What the plan would lose or leave out: lost sections, sections the outline lists, texts cut short."""
    problems: list[str] = []
    for number, refs in sorted(plan.sections_removed.items()):
        problems.append(
            f"law {number} would lose sections {' '.join(refs)} (pass --allow-removals to remove them)"
        )
    for number, refs in sorted(plan.outline_missing.items()):
        if number in plan.sections_removed:
            refs = [ref for ref in refs if ref not in plan.sections_removed[number]]
            if not refs:
                continue
        problems.append(
            f"law {number} lacks sections the outline lists: {' '.join(refs)} "
            "(a truncated or partial file? pass --allow-removals to import it anyway)"
        )
    if plan.texts_cut:
        problems.append(
            f"the text of {' '.join(plan.texts_cut)} would be cut short: the file's text is the start of the "
            "stored one (a truncated file? pass --allow-removals to import it anyway)"
        )
    return problems


def _definition_changed(current: Definition, d: ParsedDefinition, origin: str) -> bool:
    return (current.text, current.origin, current.change) != (d.text, origin, d.change) or bool(
        d.term_en and d.term_en != current.term_en
    )


def _plan_definitions(
    plan: ImportPlan, parsed: ParsedCorpus, edition: Edition | None, *, origin: str, keep_official: bool
) -> None:
    """Hold the parsed definitions (the first of a repeated term) against the edition's stored ones."""
    stored_definitions = {}
    if edition is not None:
        stored_definitions = {d.term: d for d in Definition.objects.filter(edition=edition)}
    seen: set[str] = set()
    for d in parsed.definitions:
        if d.term in seen:
            continue
        seen.add(d.term)
        current = stored_definitions.get(d.term)
        if current is None:
            plan.definitions_added.append(d.term)
        elif (
            keep_official
            and current.origin == Definition.Origin.OFFICIAL
            and origin != Definition.Origin.OFFICIAL
        ):
            plan.definitions_kept_official.append(d.term)
        elif _definition_changed(current, d, origin):
            plan.definitions_changed.append(d.term)
            if current.origin == Definition.Origin.OFFICIAL:
                plan.official_overwritten.append(f"definition {d.term}")


def _plan_preface(plan: ImportPlan, parsed: ParsedCorpus, *, source: str, edition: Edition | None) -> None:
    """Text before the first chapter is the preface only in an official file that carries the Definitions."""
    has_definitions_chapter = any(c.number == 1 for c in parsed.chapters)
    if not (parsed.preface and source == Source.OFFICIAL and has_definitions_chapter):
        return
    preface = "\n".join(parsed.preface)
    if edition is None or edition.preface != preface:
        plan.preface_changed = True
        if edition is not None and edition.preface:
            plan.official_overwritten.append("the preface")


def corpus_plan(
    parsed: ParsedCorpus,
    *,
    source: str,
    file_name: str,
    edition: Edition | None,
    outline: Outline,
    glossary: bool = False,
    replace_official: bool = False,
    allow_removals: bool = False,
    keep_official: bool = False,
    origin: str | None = None,
) -> ImportPlan:
    """Hold the whole parsed file against the outline and the database before anything is written (M3).

    Refused (:class:`ImportRefused`, naming the law and its sections): a file with no law and no definition; a
    law that would lose sections the database holds, or lacks sections the outline lists (unless
    ``allow_removals``); text that would replace the official preface, Definitions or laws (unless
    ``replace_official``). With ``keep_official`` (load_corpus' summaries) a law the database holds as official
    text from another file is left as it is instead. Text before the first chapter is the preface only in a file
    that carries the Definitions (chapter 1), as the rulebook does."""
    plan = ImportPlan()
    if not parsed.laws and not parsed.definitions:
        raise ImportRefused(
            file_name, ["the file holds no law (第N条：标题) and no definition: is it a law file?"]
        )

    stored = {}
    if edition is not None:
        stored = {law.number: law for law in Law.objects.filter(edition=edition)}
    for pl in parsed.laws:
        _plan_law(
            plan,
            pl,
            stored.get(pl.number),
            outline=outline,
            source=source,
            file_name=file_name,
            keep_official=keep_official,
        )
    problems = [] if allow_removals else _removal_problems(plan)

    if origin is None:
        origin = Definition.Origin.ADDITION if glossary else Definition.Origin.OFFICIAL
    _plan_definitions(plan, parsed, edition, origin=origin, keep_official=keep_official)
    _plan_preface(plan, parsed, source=source, edition=edition)

    if plan.official_overwritten and not replace_official:
        problems.append(
            "the file would replace official text: "
            + ", ".join(plan.official_overwritten)
            + " (pass --replace-official to replace it)"
        )
    if problems:
        raise ImportRefused(file_name, problems)
    return plan


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
    replace_official: bool = False,
    allow_removals: bool = False,
    keep_official: bool = False,
    dry_run: bool = False,
) -> ImportReport:
    """Import one file of the plain-text layout; rerunning updates in place. Raises laws.text.ParseError, and
    :class:`ImportRefused` when the file would lose or overwrite text (see :func:`corpus_plan`); either way
    nothing is written. With ``dry_run`` only the plan is made (report.plan). With notify, `corpus_imported` is
    sent once the import commits (the search index rebuilds on it)."""
    if source not in Source.values:
        raise ValueError(f"source must be one of {Source.values}")
    code = edition_code or settings.LAWS_DEFAULT_EDITION
    table = glossary and is_definition_table(text)
    parsed = parse_definition_table(text) if table else parse(text, definitions_only=glossary)
    outline = outline or outline_for(code)
    origin = definition_origin(source=source, glossary=glossary, table=table, code=code)
    plan = corpus_plan(
        parsed,
        source=source,
        file_name=file_name,
        edition=Edition.objects.filter(code=code).first(),
        outline=outline,
        glossary=glossary,
        replace_official=replace_official,
        allow_removals=allow_removals,
        keep_official=keep_official,
        origin=origin,
    )
    report = ImportReport(file=file_name, warnings=list(parsed.warnings), plan=plan, dry_run=dry_run)
    if parsed.preface and not any(c.number == 1 for c in parsed.chapters):
        report.warnings.append(
            f"{len(parsed.preface)} line(s) before the first chapter ignored (a preface only precedes the "
            "Definitions)"
        )
    if dry_run:
        return report
    edition = edition_get_or_create(edition_code)

    if plan.preface_changed:
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

    base_order = 1000 if glossary and not table else 0
    changes = {d.term: d.change for d in parsed.definitions}
    for order, (term, (body, term_en, line)) in enumerate(_merge_definitions(parsed, report).items()):
        if term in plan.definitions_kept_official:
            continue
        definition, _ = Definition.objects.update_or_create(
            edition=edition,
            term=term,
            defaults={
                "term_en": term_en,
                "text": body,
                "origin": origin,
                "change": changes.get(term, ""),
                "order": base_order + order,
                "line": line,
            },
        )
        definition.references_out.all().delete()
        report.references += _store_references(edition, definition.text, from_definition=definition)
        report.definitions += 1

    last_node = None
    for pl in parsed.laws:
        if pl.number in plan.laws_kept_official:
            report.warnings.append(f"law {pl.number}: the official text in the database is kept")
            continue
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
    selectors.forget_editions()
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


def corpus_codes() -> list[str]:
    """Every edition fixtures/ holds: the base, then the further editions' folders."""
    return [BASE_EDITION, *editions.further_codes()]


@transaction.atomic
def corpus_load_default(
    *, edition_code: str | None = None, edition_codes: Sequence[str] | None = None
) -> list[ImportReport]:
    """Load what fixtures/ holds: the base edition (the official Definitions and Laws 1–8, the summaries, the
    glossary additions), then every further edition under fixtures/editions/ (laws/*.txt and definitions.txt, as
    summaries). With ``edition_code``, that edition only. All or nothing, and one `corpus_imported` signal for
    the whole batch (the search index holds every edition; ``editions`` lists the ones loaded). With
    ``edition_codes``, those editions (load_corpus: the ones whose fixtures changed)."""
    if edition_codes is not None:
        codes = list(edition_codes)
    else:
        codes = [edition_code] if edition_code else corpus_codes()
    reports: list[ImportReport] = []
    loaded = []
    for code in codes:
        jobs = _base_jobs() if code == BASE_EDITION else _edition_jobs(code)
        if not jobs:
            continue
        outline = outline_for(code)
        for path, source, glossary in jobs:
            reports.append(
                corpus_import(
                    text=path.read_text(encoding="utf-8"),
                    source=source,
                    file_name=_file_name(path),
                    edition_code=code,
                    glossary=glossary,
                    outline=outline,
                    notify=False,
                    # The fixtures define the corpus: the official file may replace its own text. A law a club
                    # imported as official text over a summary is kept (keep_official), so `make setup` never
                    # undoes that import.
                    replace_official=source == Source.OFFICIAL,
                    allow_removals=True,
                    keep_official=True,
                )
            )
        loaded.append(edition_get_or_create(code))
    if loaded:
        transaction.on_commit(
            lambda: corpus_imported.send(sender=Edition, edition=loaded[0], editions=list(loaded))
        )
    return reports


def _file_name(path: Path) -> str:
    fixtures: Path = settings.FIXTURES_DIR
    try:
        return str(path.relative_to(fixtures))
    except ValueError:
        return str(path.relative_to(editions.editions_dir().parent))


def _base_jobs() -> list[tuple[Path, Source, bool]]:
    fixtures: Path = settings.FIXTURES_DIR
    jobs = [(fixtures / "sources" / "ccba-1999-definitions-and-laws-1-8.txt", Source.OFFICIAL, False)]
    jobs += [(path, Source.SUMMARY, False) for path in sorted((fixtures / "laws").glob("*.txt"))]
    additions = fixtures / "glossary-additions.txt"
    if additions.exists():
        jobs.append((additions, Source.SUMMARY, True))
    return jobs


def _edition_jobs(code: str) -> list[tuple[Path, Source, bool]]:
    """A further edition's folder (fixtures/editions/README.md): the definitions first, then the laws."""
    folder = editions.edition_folder(code)
    if folder is None:
        return []
    jobs: list[tuple[Path, Source, bool]] = []
    definitions = folder / "definitions.txt"
    # Either layout: the table (术语|English term|mark|释义) or the rulebook's (术语（ENGLISH）：释义).
    if definitions.exists() and _has_content(definitions):
        jobs.append((definitions, Source.SUMMARY, True))
    jobs += [
        (path, Source.SUMMARY, False)
        for path in sorted((folder / "laws").glob("*.txt"))
        if _has_content(path)
    ]
    return jobs


def _has_content(path: Path) -> bool:
    return any(
        line.strip() and not line.strip().startswith("#")
        for line in path.read_text(encoding="utf-8").splitlines()
    )
