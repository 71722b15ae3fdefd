{% load static %}// The terminal's service worker, served at {% url 'terminal:service-worker' %} (scope: the
// terminal), registered only in a secure context (HTTPS, or localhost): it keeps
// the terminal's static files and the last pages seen, so that a tablet loads
// the terminal with no network.  A board page never seen is answered with a
// board entry page seen, which terminal.js turns into the board asked for.
// Writes are never cached: the queue (terminal_queue.js) sends them.
"use strict";
var CACHE = "donne-terminal-{{ version }}";
var STATIC = [
  "{% static 'donne.css' %}", "{% static 'terminal.css' %}",
  "{% static 'bridge_score.js' %}", "{% static 'terminal_queue.js' %}",
  "{% static 'terminal.js' %}"
];
var SIGN_IN = "{% url 'terminal:sign-in' %}";
var PLAY = "{% url 'terminal:play' %}";
var ENTRY = SIGN_IN + "offline-entry-page";
var ROUND = SIGN_IN + "offline-round-page";
var BOARD = /\/play\/\d+\/board\/\d+\/$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(STATIC);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("donne-terminal-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// A tablet sent back to sign in (signed out, a new table code): the pages
// kept are another sign-in's, forget them.
function forgetPages() {
  return caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (kept) {
        return STATIC.indexOf(new URL(kept.url).pathname) < 0;
      }).map(function (kept) { return cache.delete(kept); }));
    });
  });
}

function remember(request, response) {
  if (response.redirected && new URL(response.url).pathname === SIGN_IN) {
    forgetPages();
    return response;
  }
  if (!response.ok || response.redirected || response.type !== "basic") { return response; }
  var copy = response.clone();
  var pathname = new URL(request.url).pathname;
  caches.open(CACHE).then(function (cache) {
    cache.put(request, copy.clone());
    if (pathname === PLAY) { cache.put(ROUND, copy.clone()); }
    if (BOARD.test(pathname)) {
      copy.text().then(function (text) {
        if (text.indexOf('id="entry"') >= 0) {
          cache.put(ENTRY, new Response(text, { headers: copy.headers }));
        }
      });
    }
  });
  return response;
}

function offline(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (found) {
      if (found) { return found; }
      var url = new URL(request.url);
      if (BOARD.test(url.pathname)) { return cache.match(ENTRY, { ignoreVary: true }); }
      // The round being played: the round page seen last.
      if (url.pathname === PLAY && !url.search) { return cache.match(ROUND, { ignoreVary: true }); }
      return undefined;
    });
  }).then(function (found) {
    return found || Response.error();
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (STATIC.indexOf(url.pathname) >= 0) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (found) {
      return found || fetch(request).then(function (response) { return remember(request, response); });
    }));
    return;
  }
  if (request.mode !== "navigate" || url.pathname.indexOf(SIGN_IN) !== 0) { return; }
  event.respondWith(fetch(request).then(function (response) {
    return remember(request, response);
  }, function () { return offline(request); }));
});
