/* The table sign-in page, while the room's network is flooded with wrong
   codes: the server reads a new tablet's code in its turn and answers when
   that comes (data-resend-after, seconds); the page counts down and sends
   the same code again by itself, so the player only waits. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-resend-after]");
  if (!form) { return; }
  var left = parseInt(form.dataset.resendAfter, 10);
  var shown = document.getElementById("resend-count");
  if (!(left >= 0)) { return; }
  function tick() {
    if (shown) { shown.textContent = String(left); }
    if (left <= 0) {
      form.requestSubmit ? form.requestSubmit() : form.submit();
      return;
    }
    left -= 1;
    setTimeout(tick, 1000);
  }
  tick();
}());
