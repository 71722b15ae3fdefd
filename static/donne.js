// Donne's small page behaviours, in a file rather than inline: the pages'
// Content-Security-Policy runs no inline script nor event handler.
//   <button data-print>                 prints the page
//   <select data-submit-on-change>      sends its form when changed (language)
//   <table data-input-list="players">   its text inputs suggest from that datalist
(function () {
  "use strict";

  function ready() {
    document.querySelectorAll("[data-print]").forEach(function (button) {
      button.addEventListener("click", function () { window.print(); });
    });
    document.querySelectorAll("select[data-submit-on-change]").forEach(function (select) {
      select.addEventListener("change", function () { select.form.submit(); });
    });
    document.querySelectorAll("[data-input-list]").forEach(function (box) {
      var list = box.getAttribute("data-input-list");
      box.querySelectorAll('input[type="text"]').forEach(function (input) {
        input.setAttribute("list", list);
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
