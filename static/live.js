// Keep live pages current without a framework.
// [data-live-grid="url"]: fetch the url and swap the HTML in.
// [data-live-version="url"][data-version="v"]: fetch the JSON version and
// reload the page once it differs.
// Either refreshes at once when its [data-push] stream (server-sent events:
// "this section, or event, changed") says so; while no stream is open (none
// offered, refused, or the server unreachable) it polls every 5 s instead,
// and every 30 s while one is open (a change made where no push comes from:
// a command run on the server of the embedded default, a lost message).
// The element's data-push-state says which: "open" or "polling".
(function () {
  "use strict";
  var PERIOD = 5000;
  var REOPEN = 30000;
  var SAFETY = 30000;

  // One refresh at a time; a change heard meanwhile runs it once more after.
  function serial(task) {
    var busy = false;
    var again = false;
    function run() {
      if (busy) { again = true; return; }
      busy = true;
      again = false;
      run.last = Date.now();
      task().catch(function () { return null; }).then(function () {
        busy = false;
        if (again) { run(); }
      });
    }
    return run;
  }

  // Tell the page's other scripts (the round clock) what the push said.
  function announce(event) {
    var change;
    try { change = JSON.parse(event.data); } catch (error) { return; }
    document.dispatchEvent(new CustomEvent("donne:push", { detail: change }));
  }

  function watch(element, task) {
    var refresh = serial(task);
    var open = false;
    refresh.last = Date.now();
    element.dataset.pushState = "polling";
    window.setInterval(function () {
      if (document.hidden) { return; }
      if (!open || Date.now() - refresh.last >= SAFETY) { refresh(); }
    }, PERIOD);
    var url = element.dataset.push;
    if (!url || !window.EventSource) { return; }

    function connect() {
      var source = new EventSource(url);
      var heard = false;
      source.addEventListener("ready", function () {
        if (heard) { refresh(); }  // back after a break: catch up once
        heard = true;
        open = true;
        element.dataset.pushState = "open";
      });
      source.addEventListener("change", function (event) {
        refresh();
        announce(event);
      });
      source.addEventListener("error", function () {
        open = false;
        element.dataset.pushState = "polling";
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          window.setTimeout(connect, REOPEN);
        }
      });
    }
    connect();
  }

  var grid = document.querySelector("[data-live-grid]");
  if (grid) {
    watch(grid, function swap() {
      return fetch(grid.dataset.liveGrid, {
        headers: { "X-Requested-With": "fetch" }, credentials: "same-origin",
        cache: "no-store"
      }).then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      }).then(function (html) {
        var active = document.activeElement;
        if (active && active !== grid && grid.contains(active) &&
            /^(SELECT|INPUT|TEXTAREA)$/.test(active.tagName)) {
          // The director is choosing in the grid: swap once they leave it.
          return new Promise(function (done) {
            active.addEventListener("blur", done, { once: true });
          }).then(swap);
        }
        grid.innerHTML = html;
        return null;
      });
    });
  }

  var live = document.querySelector("[data-live-version]");
  if (live) {
    var known = live.dataset.version;
    watch(live, function () {
      return fetch(live.dataset.liveVersion, {
        headers: { Accept: "application/json" }, credentials: "same-origin",
        cache: "no-store"
      }).then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.json();
      }).then(function (data) {
        if (data.version && known && data.version !== known) {
          window.location.reload();
        }
        known = known || data.version;
      });
    });
  }
}());
