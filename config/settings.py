"""Django settings for Donne, read from the environment.

With no environment at all Donne runs embedded: SQLite in the checkout and
Celery tasks executed eagerly in the web process.  Production sets
``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (the Celery broker and result
store, with real workers), plus ``DJANGO_SECRET_KEY`` and
``DJANGO_ALLOWED_HOSTS``.

Secure by default: DEBUG is off unless ``DJANGO_DEBUG=1`` (the demo and test
commands set it), there is no fixed secret key (without
``DJANGO_SECRET_KEY`` one is generated once into the instance's data folder,
``config/secret.py``), and with DEBUG off every HTTPS protection is on (HSTS,
secure cookies, the redirect to HTTPS behind a proxy's
``X-Forwarded-Proto``) unless the room is served over plain HTTP
(``DONNE_PUBLIC_URL=http://…``, ``scripts/serve.sh``) or ``DJANGO_HTTPS=0``.

Every variable is read through ``config.environment.env`` (django-environ),
typed, a value that cannot be read stopping Donne with a message naming it.
"""

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config import cache, content_policy, room, secret
from config.environment import env
from config.schedules import utc_crontab

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env.bool("DJANGO_DEBUG", default=False)
# The instance's own files (the generated secret key): never in the repository.
DONNE_DATA_DIR = Path(env.str("DONNE_DATA_DIR", default=str(BASE_DIR / "var")))
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="") or secret.instance_key(
    DONNE_DATA_DIR / "secret_key"
)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
# The room's address (scripts/serve.sh): accepted as a host, trusted as an
# origin, and printed on the table cards and QR codes (config/room.py).
DONNE_PUBLIC_URL = room.public_url(env.str("DONNE_PUBLIC_URL", default=""))
ALLOWED_HOSTS = room.allowed_hosts(ALLOWED_HOSTS, DONNE_PUBLIC_URL)
CSRF_TRUSTED_ORIGINS = room.trusted_origins(CSRF_TRUSTED_ORIGINS, DONNE_PUBLIC_URL)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # django-health-check: the checks behind /health/ (tournaments/pages/health.py)
    # and its `manage.py health_check` command.
    "health_check",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.director.scope.DirectorScopeMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A database restarting answers 503 + Retry-After, not 500.
    "config.database_unavailable.DatabaseUnavailableMiddleware",
]
# A Content-Security-Policy on every response (config/content_policy.py):
# this site's scripts and styles only, no inline script; the pages may also
# call the comma-separated origins of DONNE_CSP_CONNECT_SRC.
MIDDLEWARE.insert(1, "config.content_policy.ContentPolicyMiddleware")
CONTENT_SECURITY_POLICY = content_policy.policy(
    env.str("DONNE_CSP_CONNECT_SRC", default="")
)

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # A game's template filters live in its package.
            "libraries": {"bridgeote": "tournaments.bridgeote.templatetags"},
        },
    },
]

# Embedded default: SQLite beside the code. DATABASE_URL switches to PostgreSQL.
DATABASES = {
    "default": env.database_url(
        "DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env.int("DATABASE_CONN_MAX_AGE", default=60),
        # A kept connection is checked before a request reuses it: after a
        # database restart the request reconnects instead of failing (a 500).
        conn_health_checks=True,
    )
}
# SQLite holds a room of tablets: WAL lets readers run beside the one writer,
# BEGIN IMMEDIATE takes the write lock up front (a deferred transaction that
# upgrades to writing fails at once when another writer holds the lock), and
# the busy timeout makes writers queue for the lock instead of failing with
# "database is locked".  PostgreSQL needs none of this.
SQLITE_BUSY_TIMEOUT = env.int("SQLITE_BUSY_TIMEOUT", default=20)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_BUSY_TIMEOUT,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("DJANGO_TIME_ZONE", default="Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("DJANGO_STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "director:dashboard"
LOGOUT_REDIRECT_URL = "tournaments:home"

# E-mail (the results mailed to the players): printed on the console in the
# embedded default, sent through an SMTP server when EMAIL_HOST is set.
EMAIL_HOST = env.str("EMAIL_HOST", default="")
EMAIL_BACKEND = env.str(
    "EMAIL_BACKEND",
    default="django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=20)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Donne <donne@localhost>")

REST_FRAMEWORK = {
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
    ],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}

# The OpenAPI schema at /api/schema/ and its docs page at /api/docs/; the
# Swagger and Redoc scripts come from drf-spectacular-sidecar, not a CDN.
SPECTACULAR_SETTINGS = {
    "TITLE": "Donne API",
    "DESCRIPTION": "Duplicate bridge events, sections, travellers and rankings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "NewSectionMovementEnum": "tournaments.api.sections.SECTION_MOVEMENTS",
        "MovementEnum": "tournaments.models.event.Section.Movement",
        "SessionStatusEnum": "tournaments.models.event.Session.Status",
    },
}

# Celery: a Redis broker and real workers when REDIS_URL is set, otherwise tasks
# run eagerly in-process so that a fresh clone needs no server.
REDIS_URL = env.str("REDIS_URL", default="")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="donne")
CELERY_TASK_TIME_LIMIT = 5 * 60
CELERY_TASK_SOFT_TIME_LIMIT = 4 * 60
# Durability: a rescore is acknowledged only once it is done (acks_late on
# the tasks), and a worker killed mid-task (SIGKILL, out of memory) puts its
# message back rather than losing it.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A worker reserves one task at a time: a killed worker strands at most one.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A worker that cannot reach the broker at start keeps trying, and keeps
# trying after losing it (None: no limit), rather than exiting.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# An error reply from Redis (a ResponseError: one stopping, restarting, still
# loading its data, refusing a command) is a "channel error", which Celery
# treats as unrecoverable by default: the worker logged "Unrecoverable error"
# and exited (supervisord starts it again, but scoring stops meanwhile).
# Reconnect after it instead, as after a lost connection.
CELERY_BROKER_CHANNEL_ERROR_RETRY = True
# The worker's consumer (config.celery.Consumer) tries the broker again every
# DONNE_BROKER_RETRY_SECONDS at most (Celery's own back-off grows to 30 s:
# a worker would then wait up to half a minute after Redis is back), and on
# reconnecting queues every stale section at once.
DONNE_BROKER_RETRY_SECONDS = env.float("DONNE_BROKER_RETRY_SECONDS", default=2.0)
CELERY_WORKER_CONSUMER = "config.celery:Consumer"
# No monitoring events, gossip nor mingle: the worker is started
# --without-heartbeat --without-gossip --without-mingle (scripts/stack.sh,
# deploy/systemd).  When the broker goes away the consumer restarts its
# steps, and the Gossip step closes its channel after the connection under it
# is gone: "Error on restarting Gossip: AttributeError('NoneType' object has
# no attribute 'connection_errors')" on main's stack, and in the same place
# (kombu issue 582) the "Unrecoverable error: AttributeError('NoneType'
# object has no attribute 'hostname')" that ended the worker.  One worker
# needs neither gossip nor mingle; supervisord or systemd restart it anyway.
CELERY_WORKER_SEND_TASK_EVENTS = False
# A stopped broker must cost a web request about a second, not minutes: short
# connection timeouts and one quick publish retry.  The line is stored all the
# same (services.rescoring swallows the failure) and the sweep catches up.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # An unacknowledged task (its worker vanished) is handed out again after
    # this long.  A rescore takes seconds and the hard time limit is 5
    # minutes, so 10 minutes never redelivers a task still running; the sweep
    # (below) does not wait that long for a stale section anyway.
    "visibility_timeout": 10 * 60,
    "socket_connect_timeout": 1,
    "socket_timeout": 5,
    "max_retries": 1,
}
# Nothing reads the tasks' return values (their effects are in the database),
# so they are not stored: sending a task then never touches the result store,
# whose client, once it gives up on a stopped Redis, needs a process restart.
CELERY_TASK_IGNORE_RESULT = True
# The result store is Redis too: the same short timeouts, should a task ever
# store its result.
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": {"max_retries": 1}}
# The sweep (tournaments.tasks.sweep_stale) requeues every section left stale
# (a write whose rescore was never queued, was lost or failed): Celery beat
# runs it every DONNE_SWEEP_SECONDS (`celery -A config worker -B`, or a
# separate `celery -A config beat`), and each worker runs it once on start.  A
# section is requeued once its stale mark and its last queueing are older
# than DONNE_SWEEP_GRACE_SECONDS, so a rescore just queued is not doubled.
DONNE_SWEEP_SECONDS = env.float("DONNE_SWEEP_SECONDS", default=30.0)
DONNE_SWEEP_GRACE_SECONDS = env.float("DONNE_SWEEP_GRACE_SECONDS", default=10.0)
CELERY_BEAT_SCHEDULE = {
    "sweep-stale-sections": {
        "task": "scoring.sweep_stale",
        "schedule": DONNE_SWEEP_SECONDS,
    },
}

# Shared cache: director sign-in lock-outs and the API's throttles count here,
# so every worker process sees the same counts and they survive a restart.
# Redis when REDIS_URL is set: the same server as Celery's, another database
# (DONNE_CACHE_REDIS_DB, default 1: clearing the cache empties its database),
# or DONNE_CACHE_URL; else the database cache, the table "donne_cache" made
# by the migration 0026_tokens (``migrate`` alone suffices), with an atomic
# ``incr`` (config/db_cache.py).
DONNE_CACHE_URL = env.str("DONNE_CACHE_URL", default="")
if REDIS_URL and not DONNE_CACHE_URL:
    DONNE_CACHE_URL = cache.redis_cache_location(
        REDIS_URL, env.int("DONNE_CACHE_REDIS_DB", default=1)
    )
    if cache.redis_db(DONNE_CACHE_URL) == cache.redis_db(REDIS_URL):
        raise ImproperlyConfigured(
            "DONNE_CACHE_REDIS_DB must differ from REDIS_URL's database (Celery's)"
        )
if DONNE_CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": DONNE_CACHE_URL,
            "KEY_PREFIX": "donne",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "config.db_cache.AtomicDatabaseCache",
            "LOCATION": "donne_cache",
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }

# API throttles (tournaments/api/throttles.py), in the shared cache; a refused
# request answers 429 with Retry-After.  Per minute, from the environment:
# - DONNE_THROTTLE_TABLE (default 120): per table, whatever the address, so
#   a room of 40 tablets behind one NAT is 40 clients.  A table enters a board
#   in 2 to 4 requests every few minutes; 120 a minute is 30 times that.
# - DONNE_THROTTLE_ANON (default 600): per address for everything else that
#   is not signed in: the public's reads, the tablets' sign-ins and the
#   terminal's score preview (/api/score/, about 5 per board entered), all of
#   a room's devices from one address: 50 tablets previewing a board each
#   within a minute are 250.
# - DONNE_THROTTLE_DIRECTOR (default 1200): per signed-in user, a director's
#   pages and scripts (a typed traveller, an import) reading and writing.
DONNE_THROTTLE_RATES = {
    "table": f"{env.int('DONNE_THROTTLE_TABLE', default=120)}/min",
    "anon": f"{env.int('DONNE_THROTTLE_ANON', default=600)}/min",
    "director": f"{env.int('DONNE_THROTTLE_DIRECTOR', default=1200)}/min",
}
# Behind reverse proxies (nginx...) every request comes from the proxy's
# address: DONNE_PROXY_COUNT says how many proxies append the address they
# saw to X-Forwarded-For, and the client's address (for the throttles and
# lock-outs above, and the tablets' sign-in locks) is read there (default 0:
# no proxy, the connection's address).
DONNE_PROXY_COUNT = env.int("DONNE_PROXY_COUNT", default=0)
# Live pages hear of each change through server-sent events (tournaments.live):
# across processes through Redis pub/sub on DONNE_PUSH_URL (default REDIS_URL;
# channels are server-wide, whatever the database number), else within the one
# web process of the embedded default.
DONNE_PUSH_URL = env.str("DONNE_PUSH_URL", default=REDIS_URL)
REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"] = [
    "tournaments.api.throttles.TableThrottle",
    "tournaments.api.throttles.AnonymousThrottle",
    "tournaments.api.throttles.DirectorThrottle",
]
REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"] = [
    "rest_framework.authentication.SessionAuthentication",
    "tournaments.api.authentication.DirectorBasicAuthentication",
]

if not DEBUG:
    # Production serves its collected static files itself; runserver does in DEBUG.
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")
    # HTTPS everywhere, unless the room is served over plain HTTP on the
    # club's network (DONNE_PUBLIC_URL=http://…) or DJANGO_HTTPS=0 says so.
    DONNE_HTTPS = env.bool(
        "DJANGO_HTTPS", default=room.secure_cookies_default(DONNE_PUBLIC_URL)
    )
    SESSION_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=DONNE_HTTPS)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SSL_REDIRECT", default=DONNE_HTTPS)
    # Behind a reverse proxy that terminates TLS and sets X-Forwarded-Proto
    # (and strips a client's own): the production set-up; gunicorn listens on
    # 127.0.0.1 only (scripts/stack.sh), so no client reaches it directly.
    if env.bool("DJANGO_PROXY_SSL_HEADER", default=DONNE_HTTPS):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = (
        env.int("DJANGO_HSTS_SECONDS", default=365 * 24 * 60 * 60) if DONNE_HTTPS else 0
    )
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("DJANGO_HSTS_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("DJANGO_HSTS_PRELOAD", default=True)
    # The health check (scripts/stack.sh status) asks gunicorn directly.
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {
            "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        },
    }

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}

# Backups (tournaments/services/backups.py, manage.py backup_database and
# restore_database): Celery beat runs maintenance.backup_database every night
# at DONNE_BACKUP_HOUR o'clock UTC into DONNE_BACKUP_DIR, and removes the
# backups older than DONNE_BACKUP_KEEP_DAYS days.
DONNE_BACKUP_DIR = env.str("DONNE_BACKUP_DIR", default=str(DONNE_DATA_DIR / "backups"))
DONNE_BACKUP_KEEP_DAYS = env.int("DONNE_BACKUP_KEEP_DAYS", default=14)
DONNE_BACKUP_HOUR = env.int("DONNE_BACKUP_HOUR", default=3)
if not 0 <= DONNE_BACKUP_HOUR <= 23:
    raise ImproperlyConfigured("DONNE_BACKUP_HOUR must be an hour from 0 to 23")
CELERY_BEAT_SCHEDULE["backup-database"] = {
    "task": "maintenance.backup_database",
    "schedule": utc_crontab(minute=0, hour=DONNE_BACKUP_HOUR),
}

# Big workbooks (issue 21, tournaments/exporters/workbook_builds.py): an event
# of more traveller lines than this has its results.xlsx built by a Celery
# task (the URL answers 202 and a progress page meanwhile); smaller events'
# workbooks are built in the request, as before.
DONNE_EXCEL_TASK_LINES = env.int("DONNE_EXCEL_TASK_LINES", default=20000)
