// The tablet's queue: every entry is kept in this device's storage first
// (localStorage, with its idempotency key), then sent with fetch; what could
// not be sent is sent again, with backoff, when the link returns (the
// "online" event, a timer, every terminal page load).  The server answers
// JSON (tournaments/terminal/replies.py): "stored" or "replayed" (sent),
// "agreed", "disputed", or a 4xx with its message (refused: kept and shown
// until the players dismiss or correct it).  See docs/terminal-offline.md.
(function (root) {
  "use strict";
  var STORE = "donne.queue.v1";
  var DONE_KEPT_MS = 12 * 3600 * 1000; // a sent line's state shows for a night
  var MAX_WAIT_MS = 30000;
  var listeners = [];
  var draining = null;

  function load() {
    try {
      var items = JSON.parse(root.localStorage.getItem(STORE) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (error) {
      return [];
    }
  }

  function store(items) {
    root.localStorage.setItem(STORE, JSON.stringify(items));
    listeners.forEach(function (listener) { listener(items); });
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    root.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (byte) {
      return (byte < 16 ? "0" : "") + byte.toString(16);
    }).join("");
  }

  // Whether the item still has something to send: its line, or the
  // opponents' answer once the line is stored.
  function pending(item) {
    if (item.state === "kept") { return true; }
    return item.state === "sent" && Boolean(item.answer) && !item.answered;
  }

  function change(key, values) {
    var items = load();
    var found = null;
    items.forEach(function (item) {
      if (item.key === key) { Object.assign(item, values); found = item; }
    });
    store(items);
    return found;
  }

  // Keep a line: {key, page, board, title, label, score, url, body}; with
  // ``replaces``, a line kept earlier for the same board page and not stored
  // (or refused) is replaced: the players corrected it.
  function keep(item) {
    var items = load().filter(function (other) {
      return other.key !== item.key &&
        !(item.replaces && other.replaces && other.page === item.page &&
          (other.state === "kept" || other.state === "refused"));
    });
    Object.assign(item, {
      state: item.url ? "kept" : "sent", message: "", tries: 0, next: 0,
      kept: Date.now(), answered: false
    });
    items.push(item);
    store(items);
    return item;
  }

  // The opponents' answer ("agree" or "dispute") to the line of ``page``:
  // added to its kept line, or kept on its own for a line the server holds.
  function answer(page, value, line) {
    var item = find(page);
    if (item && item.state !== "refused") {
      return change(item.key, { answer: value, answered: false, next: 0,
        answerUrl: line.answerUrl || item.answerUrl,
        result: line.result || item.result });
    }
    return keep(Object.assign({ key: "answer-" + newKey(), page: page,
      answer: value }, line));
  }

  function find(page) {
    var items = load().filter(function (item) { return item.page === page; });
    return items.length ? items[items.length - 1] : null;
  }

  function dismiss(key) {
    store(load().filter(function (item) { return item.key !== key; }));
  }

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function withToken(body) {
    var form = new URLSearchParams(body);
    var token = csrfToken();
    if (token) { form.set("csrfmiddlewaretoken", token); }
    return form.toString();
  }

  // One POST; resolves to {ok, data} (a JSON or page answer), {retry} (no
  // link, the server down or the tablet signed out) or {refused, message}.
  function post(url, body) {
    return root.fetch(url, {
      method: "POST",
      body: withToken(body),
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRFToken": csrfToken()
      }
    }).then(function (response) {
      if (response.status >= 500) { return { retry: true }; }
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") >= 0) {
        return response.json().then(function (data) {
          return response.ok ? { ok: true, data: data }
            : { refused: true, message: data.message || String(response.status) };
        });
      }
      var signIn = new URL(response.url).pathname === root.DonneQueue.signInPath;
      if (response.redirected && signIn) { return { retry: true, signedOut: true }; }
      return response.text().then(function (text) {
        if (response.ok) { return { ok: true, data: { status: "stored" }, url: response.url }; }
        return { refused: true, message: pageAlerts(text) || String(response.status) };
      });
    }, function () { return { retry: true }; });
  }

  // The errors a page shows (the games whose writes answer with a page).
  function pageAlerts(text) {
    var page = new DOMParser().parseFromString(text, "text/html");
    return Array.prototype.map.call(page.querySelectorAll(".alert, .errorlist li"),
      function (node) { return node.textContent.trim(); }).filter(Boolean).join(" ");
  }

  function sendOne(item) {
    var step = item.state === "kept" ? post(item.url, item.body)
      : post(item.answerUrl, "answer=" + encodeURIComponent(item.answer) +
        "&result=" + encodeURIComponent(item.result || ""));
    return step.then(function (outcome) {
      if (outcome.retry) {
        var tries = (item.tries || 0) + 1;
        change(item.key, { tries: tries, signedOut: Boolean(outcome.signedOut),
          next: Date.now() + Math.min(MAX_WAIT_MS, 1000 * Math.pow(2, tries)) });
        return false;
      }
      if (outcome.refused) {
        change(item.key, { state: "refused", message: outcome.message });
        return true;
      }
      var data = outcome.data || {};
      var values = { tries: 0, next: 0, signedOut: false, done: Date.now(),
        sentTo: outcome.url || "" };
      if (data.result) { values.result = data.result; }
      if (item.state === "kept") {
        values.state = data.status === "agreed" || data.status === "disputed"
          ? data.status : "sent";
        if (values.state !== "sent") { values.answered = true; }
      } else {
        values.answered = true;
        values.state = data.status === "disputed" ? "disputed" : "agreed";
      }
      var after = change(item.key, values);
      return after && pending(after) ? sendOne(after) : true;
    });
  }

  // Send every line due (all of them when ``now`` is true), oldest first; a
  // failed link stops the round (the rest waits for the next try).
  // Send what is due, one at a time.  An explicit send (``now``) asked while
  // a drain is under way runs again after it: the drain under way chose its
  // items before, so the line or answer just kept would otherwise wait for
  // the next tick, and the page that asked would never be told it was sent.
  function drain(now) {
    if (draining) {
      return now ? draining.then(function () { return drain(true); }) : draining;
    }
    var due = load().filter(function (item) {
      return pending(item) && (now || !item.next || item.next <= Date.now());
    });
    draining = due.reduce(function (previous, item) {
      return previous.then(function (goOn) {
        if (!goOn) { return false; }
        var fresh = load().filter(function (other) { return other.key === item.key; })[0];
        return fresh && pending(fresh) ? sendOne(fresh) : true;
      });
    }, Promise.resolve(true)).then(function () {
      draining = null;
      return load();
    });
    return draining;
  }

  function forgetOld() {
    var cutoff = Date.now() - DONE_KEPT_MS;
    var items = load();
    var kept = items.filter(function (item) {
      return pending(item) || item.state === "refused" || (item.done || item.kept) > cutoff;
    });
    if (kept.length !== items.length) { store(kept); }
  }

  function start() {
    forgetOld();
    root.addEventListener("online", function () {
      var items = load();
      items.forEach(function (item) { item.next = 0; });
      store(items);
      drain(true);
    });
    root.addEventListener("storage", function (event) {
      if (event.key === STORE) { listeners.forEach(function (listener) { listener(load()); }); }
    });
    root.setInterval(function () { drain(false); }, 2000);
    return drain(true);
  }

  root.DonneQueue = {
    signInPath: "/table/",
    items: load,
    keep: keep,
    answer: answer,
    find: find,
    dismiss: dismiss,
    drain: drain,
    pending: pending,
    newKey: newKey,
    start: start,
    onChange: function (listener) { listeners.push(listener); }
  };
}(window));
