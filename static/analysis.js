// Move the double-dummy progress bar while the solver runs, and reload the
// page once it has finished so the tables and par appear.
(function () {
  "use strict";
  var box = document.querySelector("[data-analysis]");
  if (!box) { return; }
  var bar = box.querySelector("[data-analysis-bar]");
  var count = box.querySelector("[data-analysis-count]");
  var timer = window.setInterval(function () {
    fetch(box.dataset.analysis, {
      headers: { Accept: "application/json" }, credentials: "same-origin",
      cache: "no-store"
    }).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      return response.json();
    }).then(function (data) {
      if (bar) { bar.max = data.total; bar.value = data.done; }
      if (count) { count.textContent = data.done + " / " + data.total; }
      if (data.status !== "queued" && data.status !== "running") {
        window.clearInterval(timer);
        window.location.reload();
      }
    }).catch(function () { return null; });
  }, 1500);
}());
