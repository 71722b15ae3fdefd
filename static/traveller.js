// Show each traveller line's NS score as the director types, scored by the
// server (one source of truth for Law 77), and move on with Enter.
(function () {
  "use strict";
  var form = document.getElementById("traveller");
  if (!form) { return; }
  var board = form.dataset.board;
  var url = form.dataset.preview;
  var timers = {};

  function value(name) {
    var input = form.elements[name];
    return input ? input.value.trim() : "";
  }

  function preview(index) {
    var cell = form.querySelector('[data-score="' + index + '"]');
    var contract = value("c" + index);
    if (!contract) { cell.textContent = ""; return; }
    var query = new URLSearchParams({
      board: board, contract: contract,
      declarer: value("d" + index), result: value("r" + index)
    });
    fetch(url + "?" + query.toString(), { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        cell.textContent = data.score_ns !== undefined && data.score_ns !== null
          ? String(data.score_ns) : (data.adjusted || "");
        cell.title = data.error || "";
        cell.classList.toggle("error", Boolean(data.error));
      })
      .catch(function () { cell.textContent = "?"; });
  }

  form.addEventListener("input", function (event) {
    var match = /^[cdr](\d+)$/.exec(event.target.name || "");
    if (!match || !url) { return; }
    var index = match[1];
    clearTimeout(timers[index]);
    timers[index] = setTimeout(function () { preview(index); }, 150);
  });

  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.target.tagName !== "INPUT") { return; }
    var inputs = Array.prototype.filter.call(
      form.querySelectorAll("input:not([type=hidden]):not([type=checkbox])"),
      function (input) { return !input.disabled; });
    var position = inputs.indexOf(event.target);
    if (position >= 0 && position < inputs.length - 1) {
      event.preventDefault();
      inputs[position + 1].focus();
    }
  });
}());
