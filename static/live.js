// Keep live pages current without a framework.
// [data-live-grid="url"]: fetch the url every few seconds and swap the HTML in.
// [data-live-version="url"][data-version="v"]: poll the JSON version every 5 s
// and reload the page once it differs.
(function () {
  "use strict";
  var PERIOD = 5000;

  function every(task) {
    var busy = false;
    window.setInterval(function () {
      if (busy || document.hidden) { return; }
      busy = true;
      task().catch(function () { return null; }).then(function () { busy = false; });
    }, PERIOD);
  }

  var grid = document.querySelector("[data-live-grid]");
  if (grid) {
    every(function () {
      return fetch(grid.dataset.liveGrid, {
        headers: { "X-Requested-With": "fetch" }, credentials: "same-origin"
      }).then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      }).then(function (html) { grid.innerHTML = html; });
    });
  }

  var live = document.querySelector("[data-live-version]");
  if (live) {
    var known = live.dataset.version;
    every(function () {
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
