"""App configuration for tournaments."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Clubs, players, events, movements, travellers."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        """Register the installed games, card games and Celery tasks: the
        games' packages import views and services, which need the models
        loaded first, and services send tasks by their registered names."""
        import tournaments.tasks  # noqa: F401  (registers the tasks)
        from tournaments.installed_games import INSTALLED_CARD_GAMES, INSTALLED_GAMES
        from tournaments.registry import register, register_card_games

        register(*INSTALLED_GAMES)
        register_card_games(*INSTALLED_CARD_GAMES)
