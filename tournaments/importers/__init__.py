"""Readers that turn other programs' files into plain event data."""
