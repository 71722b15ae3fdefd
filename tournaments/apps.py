"""App configuration for tournaments."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Clubs, players, events, movements, travellers."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        """Register the installed games and card games: their packages
        import views and services, which need the models loaded first."""
        from tournaments.installed_games import INSTALLED_CARD_GAMES, INSTALLED_GAMES
        from tournaments.registry import register, register_card_games

        register(*INSTALLED_GAMES)
        register_card_games(*INSTALLED_CARD_GAMES)
