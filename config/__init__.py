"""Project configuration: settings, URLs, the WSGI/ASGI entry points and Celery."""

from config.celery import app as celery_app

__all__ = ("celery_app",)
