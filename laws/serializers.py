"""The law base as API data: laws, sections (with rendered html and tables) and glossary entries."""

from rest_framework import serializers

from laws.editions import code_of
from laws.models import Definition, Law
from laws.text import tables


class LawListSerializer(serializers.ModelSerializer):
    chapter = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    edition = serializers.SerializerMethodField()

    class Meta:
        model = Law
        fields = ["number", "title", "title_en", "chapter", "source", "url", "edition"]

    def get_edition(self, law) -> str:
        return code_of(law.edition_id)

    def get_chapter(self, law) -> str:
        return law.chapter.roman

    def get_url(self, law) -> str:
        return law.get_absolute_url()


class DefinitionSerializer(serializers.ModelSerializer):
    edition = serializers.SerializerMethodField()

    class Meta:
        model = Definition
        fields = ["term", "term_en", "text", "origin", "change", "edition"]

    def get_edition(self, definition) -> str:
        return code_of(definition.edition_id)


def node_data(node) -> dict:
    section = node.section
    return {
        "ref": section.ref,
        "level": section.level,
        "heading": section.heading,
        "text": section.text,
        "html": node.html,
        "tables": [t.as_dict() for t in tables(section.text)],
        "truncated": section.truncated,
        "children": [node_data(child) for child in node.children],
    }


def reference_data(reference, *, outgoing: bool) -> dict:
    data = {
        "raw": reference.raw,
        "from": reference.from_section.ref
        if reference.from_section_id
        else f"definition:{reference.from_definition.term}",
        "to": reference.target_ref,
        "resolved": reference.resolved,
    }
    if reference.resolved:
        data["url"] = reference.target.get_absolute_url()
    return data
