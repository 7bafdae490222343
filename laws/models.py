"""The law base (docs/design.md §2): Edition → Chapter → Law → Section tree, Definitions, References."""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from laws.editions import code_of, with_edition
from laws.text import to_chinese_numeral, to_roman


class Source(models.TextChoices):
    OFFICIAL = "official", _("官方文本")
    SUMMARY = "summary", _("要点（本项目撰写）")


class Edition(models.Model):
    code = models.SlugField(_("代码"), max_length=32, unique=True)
    name = models.CharField(_("名称"), max_length=200)
    name_en = models.CharField(_("英文名称"), max_length=200, blank=True)
    preface = models.TextField(_("前言与要领"), blank=True)
    revision = models.PositiveIntegerField(_("修订计数"), default=0)

    class Meta:
        verbose_name = _("版本")
        verbose_name_plural = _("版本")

    def __str__(self) -> str:
        return self.code


class Chapter(models.Model):
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="chapters")
    number = models.PositiveSmallIntegerField(_("章号"))
    title = models.CharField(_("章名"), max_length=200)
    title_en = models.CharField(_("英文章名"), max_length=200, blank=True)

    class Meta:
        ordering = ["edition", "number"]
        verbose_name = _("章")
        verbose_name_plural = _("章")
        constraints = [
            models.UniqueConstraint(fields=["edition", "number"], name="chapter_unique_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="chapter_number_positive"),
        ]

    def __str__(self) -> str:
        return f"第{self.numeral}章 {self.title}"

    def get_absolute_url(self) -> str:
        return with_edition(reverse("laws:chapter", args=[self.number]), code_of(self.edition_id))

    @property
    def numeral(self) -> str:
        return to_chinese_numeral(self.number)

    @property
    def roman(self) -> str:
        return to_roman(self.number)


class Law(models.Model):
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="laws")
    chapter = models.ForeignKey(Chapter, on_delete=models.PROTECT, related_name="laws")
    number = models.PositiveSmallIntegerField(_("条号"))
    title = models.CharField(_("标题"), max_length=200)
    title_en = models.CharField(_("英文标题"), max_length=200, blank=True)
    source = models.CharField(_("来源"), max_length=16, choices=Source.choices)
    source_file = models.CharField(_("来源文件"), max_length=200, blank=True)

    class Meta:
        ordering = ["edition", "number"]
        verbose_name = _("条")
        verbose_name_plural = _("条")
        constraints = [
            models.UniqueConstraint(fields=["edition", "number"], name="law_unique_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="law_number_positive"),
            models.CheckConstraint(condition=models.Q(source__in=Source.values), name="law_source_valid"),
        ]

    def __str__(self) -> str:
        return f"第{self.number}条 {self.title}"

    def get_absolute_url(self) -> str:
        return with_edition(reverse("laws:law", args=[self.number]), code_of(self.edition_id))


class Section(models.Model):
    """One node of a law's tree. The root node has ref == str(law.number) and holds the law's own text."""

    class Level(models.IntegerChoices):
        LAW = 0, _("条")
        SECTION = 1, _("款")
        SUBSECTION = 2, _("项")
        ITEM = 3, _("目")

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="sections")
    law = models.ForeignKey(Law, on_delete=models.CASCADE, related_name="sections")
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="children"
    )
    ref = models.CharField(_("编号"), max_length=16)
    level = models.PositiveSmallIntegerField(_("层级"), choices=Level.choices)
    label = models.CharField(_("标号"), max_length=4, blank=True)
    heading = models.CharField(_("小标题"), max_length=300, blank=True)
    text = models.TextField(_("正文"), blank=True)
    order = models.PositiveIntegerField(_("顺序"), default=0)
    line = models.PositiveIntegerField(_("来源行号"), default=0)
    truncated = models.BooleanField(_("来源中断"), default=False)

    class Meta:
        ordering = ["law__number", "order"]
        verbose_name = _("款项")
        verbose_name_plural = _("款项")
        constraints = [
            models.UniqueConstraint(fields=["edition", "ref"], name="section_unique_ref"),
            models.CheckConstraint(
                condition=models.Q(level=0, parent__isnull=True)
                | models.Q(level__gt=0, parent__isnull=False),
                name="section_root_iff_no_parent",
            ),
        ]

    def __str__(self) -> str:
        return self.ref

    def get_absolute_url(self) -> str:
        from laws.selectors import section_url

        return section_url(self.ref, code_of(self.edition_id))

    @property
    def display_ref(self) -> str:
        """How the rulebook names this node: 第27条B款1项."""
        from bridge.references import chinese_ref

        return chinese_ref(self.ref)


class Definition(models.Model):
    class Origin(models.TextChoices):
        OFFICIAL = "official", _("官方定义")
        ADDITION = "addition", _("项目补充")
        SUMMARY = "summary", _("项目要点")

    class Change(models.TextChoices):
        """Against the base edition: a term the 1997 Definitions lack, or one whose meaning changed."""

        SAME = "", _("沿用")
        NEW = "new", _("新增")
        CHANGED = "changed", _("修改")

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="definitions")
    term = models.CharField(_("术语"), max_length=100)
    term_en = models.CharField(_("英文术语"), max_length=200, blank=True)
    text = models.TextField(_("释义"))
    origin = models.CharField(_("来源"), max_length=16, choices=Origin.choices, default=Origin.OFFICIAL)
    change = models.CharField(_("变化"), max_length=8, choices=Change.choices, default="", blank=True)
    order = models.PositiveIntegerField(_("顺序"), default=0)
    line = models.PositiveIntegerField(_("来源行号"), default=0)

    class Meta:
        ordering = ["edition", "origin", "order"]
        verbose_name = _("定义")
        verbose_name_plural = _("定义")
        constraints = [
            models.UniqueConstraint(fields=["edition", "term"], name="definition_unique_term"),
        ]

    def __str__(self) -> str:
        return self.term

    def get_absolute_url(self) -> str:
        return with_edition(reverse("laws:glossary"), code_of(self.edition_id)) + f"#term-{self.pk}"


class Reference(models.Model):
    """A cross-reference found in a section's or a definition's text. Pending until its target exists."""

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="references")
    from_section = models.ForeignKey(
        Section, on_delete=models.CASCADE, null=True, blank=True, related_name="references_out"
    )
    from_definition = models.ForeignKey(
        Definition, on_delete=models.CASCADE, null=True, blank=True, related_name="references_out"
    )
    raw = models.CharField(_("原文"), max_length=64)
    target_ref = models.CharField(_("目标编号"), max_length=16)
    target_law_number = models.PositiveSmallIntegerField(_("目标条号"))
    target = models.ForeignKey(
        Section, on_delete=models.SET_NULL, null=True, blank=True, related_name="references_in"
    )

    class Meta:
        ordering = ["id"]
        verbose_name = _("引用")
        verbose_name_plural = _("引用")
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(from_section__isnull=False, from_definition__isnull=True)
                    | models.Q(from_section__isnull=True, from_definition__isnull=False)
                ),
                name="reference_exactly_one_origin",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.raw} → {self.target_ref}"

    @property
    def resolved(self) -> bool:
        return self.target_id is not None
