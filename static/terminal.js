// Show the NS score while a table enters a result, scored by the server
// (/api/score/), so that the players see it before they save; grey out the
// results the chosen contract cannot have (every bid-box form with a
// data-book: bridge and Whiz alike).
(function () {
  "use strict";
  var form = document.querySelector("form.entry[data-book]");
  if (!form) { return; }
  var output = document.getElementById("score");
  var check = document.getElementById("check");
  if (check) { check.hidden = true; }
  // Tricks bid = the level chosen + the book: 6 in bridge (4S is ten
  // tricks), 0 in Whiz, whose bid box names the tricks (7 to 13).
  var book = parseInt(form.dataset.book, 10) || 0;

  function picked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  function contract() {
    var level = picked("level");
    if (level === "pass") { return "Pass"; }
    if (!level || !picked("denomination")) { return ""; }
    return level + picked("denomination") + picked("doubled");
  }

  function preview() {
    if (!output || !form.dataset.preview) { return; }
    var text = contract();
    if (!text || (text !== "Pass" && (!picked("declarer") || !picked("result")))) {
      output.textContent = "";
      return;
    }
    var query = new URLSearchParams({
      board: form.dataset.board, contract: text,
      declarer: picked("declarer"), result: picked("result")
    });
    fetch(form.dataset.preview + "?" + query.toString(),
      { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        output.textContent = data.error ? data.error
          : (data.score_ns === null || data.score_ns === undefined
            ? "" : String(data.score_ns));
        output.classList.toggle("error", Boolean(data.error));
      })
      .catch(function () { output.textContent = "?"; });
  }

  // Grey out the results the contract makes impossible: declarer bid for
  // level + book tricks, so he takes at most 13 - that many overtricks and
  // at most that many undertricks (+2 on a 12-trick Whiz contract, +1 on 7NT
  // cannot happen).  The server refuses them anyway, naming the result.
  function limitResults() {
    var level = parseInt(picked("level"), 10);
    var bid = level + book;
    form.querySelectorAll('input[name="result"]').forEach(function (input) {
      var value = input.value === "=" ? 0 : parseInt(input.value, 10);
      var impossible = picked("level") === "pass" ||
        (level > 0 && (value > 13 - bid || value < -bid));
      input.disabled = impossible;
      if (impossible) { input.checked = false; }
    });
  }

  form.addEventListener("change", function () { limitResults(); preview(); });
  limitResults();
  preview();
}());
