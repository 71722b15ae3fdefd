// Show the NS score while a table enters a result, scored by the server
// (/api/score/), so that the players see it before they save; grey out the
// results the chosen level cannot have.
(function () {
  "use strict";
  var form = document.getElementById("entry");
  if (!form) { return; }
  var output = document.getElementById("score");
  var check = document.getElementById("check");
  if (check) { check.hidden = true; }

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

  // Grey out the results the contract makes impossible: at level L declarer
  // takes at most 7 - L overtricks and at most 6 + L undertricks.
  function limitResults() {
    var level = parseInt(picked("level"), 10);
    form.querySelectorAll('input[name="result"]').forEach(function (input) {
      var value = input.value === "=" ? 0 : parseInt(input.value, 10);
      var impossible = picked("level") === "pass" ||
        (level > 0 && (value > 7 - level || value < -(6 + level)));
      input.disabled = impossible;
      if (impossible) { input.checked = false; }
    });
  }

  form.addEventListener("change", function () { limitResults(); preview(); });
  limitResults();
  preview();
}());
