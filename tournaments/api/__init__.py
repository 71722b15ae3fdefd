"""The REST API (Django REST framework)."""
