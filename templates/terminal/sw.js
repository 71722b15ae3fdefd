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
var ENTRY = "{% url 'terminal:sign-in' %}offline-entry-page";
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

function remember(request, response) {
  if (!response.ok || response.redirected || response.type !== "basic") { return response; }
  var copy = response.clone();
  caches.open(CACHE).then(function (cache) {
    cache.put(request, copy.clone());
    if (BOARD.test(new URL(request.url).pathname)) {
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
      if (BOARD.test(new URL(request.url).pathname)) {
        return cache.match(ENTRY, { ignoreVary: true });
      }
      return cache.match(request, { ignoreVary: true, ignoreSearch: true });
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
  if (request.mode !== "navigate" || url.pathname.indexOf("{% url 'terminal:sign-in' %}") !== 0) { return; }
  event.respondWith(fetch(request).then(function (response) {
    return remember(request, response);
  }, function () { return offline(request); }));
});
