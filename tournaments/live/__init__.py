"""Pushed, not polled: the live pages hear of a change as it commits.

A write publishes "what changed in section S" (``services.push``) once its
transaction commits; the channel (``channel``: Redis pub/sub in production,
an in-process hub in the embedded default) carries it to every push stream
(``stream``: server-sent events, served by the ASGI entry point
``config.asgi`` beside the WSGI application); the page then fetches what it
shows through its usual, authorised view.  A stream opens only with a
signed token naming its topics (``topics``), rendered into the page that
may watch them, so opening one needs no database work.
"""
