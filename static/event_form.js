// The director's event form: show only the options of the chosen scoring
// method (Butler, cross-IMPs, both IMP methods, or matchpoints).
(function () {
  "use strict";
  var method = document.querySelector('select[name="method"]');
  if (!method) { return; }
  function show() {
    var chosen = method.value || "mp";
    document.querySelectorAll("fieldset.method-options").forEach(function (group) {
      var which = group.getAttribute("data-method");
      var imps = chosen === "butler" || chosen === "cross-imps";
      group.hidden = !(which === chosen || (which === "imps" && imps));
    });
  }
  method.addEventListener("change", show);
  show();
})();
