"""API routes."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api import views

router = DefaultRouter()
router.register("clubs", views.ClubViewSet)

urlpatterns = [
    path("games/", views.game_list, name="api-game-list"),
    path("games/<slug:slug>/", views.game_detail, name="api-game-detail"),
    path("score/", views.score_preview, name="api-score-preview"),
    path("", include(router.urls)),
]
