"""The rulings app: the tree catalog, the wizard and the calculators."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = _("裁决")
