// The tablet hears of its table's changes without a tap.
// <main data-push="stream url" data-push-table="3"> (or a tablet waiting
// for its event's next session: <section class="waiting">): on a change at this
// table (the opponents' agreement, a dispute, the director's correction or
// move, a line entered from another device) or of the section's movement
// (a withdrawal, a late pair, the arrow switch), the page is loaded again,
// unless the players are entering something (a field touched, a form on its
// way, a line kept on the tablet still to send): then the change shows with
// the next page.  A page waiting for boards still in play at other tables
// (<main data-push-watch="1 5">) is loaded again on a change at those too,
// and every 30 s while nobody touches it (a change pushed while the page
// was loading is not lost: the players are only waiting there).
// <main data-push-event="event:4">: a new round or session of the event
// (the director paired it, or it started) loads the page again, which shows
// the table where it plays now: one sign-in serves the whole event.
// <main data-push-every="10">: the page is loaded again every 10 s while
// nobody touches it (a tablet waiting for its event's next round).
(function () {
  "use strict";
  var main = document.querySelector("main[data-push], .waiting[data-push]");
  if (!main || !window.EventSource) { return; }
  var table = Number(main.dataset.pushTable);
  var watched = (main.dataset.pushWatch || "").split(" ").filter(Boolean).map(Number);
  var touched = false;

  function busy(event) {
    if (event.target && event.target.closest && event.target.closest("main form")) {
      touched = true;
    }
  }
  document.addEventListener("input", busy, true);
  document.addEventListener("change", busy, true);
  document.addEventListener("click", busy, true);
  document.addEventListener("submit", function () { touched = true; }, true);

  // Lines kept on the tablet still to send (static/terminal_queue.js): a
  // reload would cut the one on its way; the queue's own page follows.
  function sending() {
    var queue = window.DonneQueue;
    return Boolean(queue) && queue.items().some(queue.pending);
  }

  // The event's own topic: only a new round or session is the tablet's
  // concern there (its table moves on to it, signed in as it is).
  var eventTopic = main.dataset.pushEvent || "";

  function concerns(change) {
    if (eventTopic && change.topic === eventTopic) {
      return change.changes.indexOf("event") >= 0;
    }
    return change.tables.indexOf(table) >= 0 ||
      change.changes.indexOf("movement") >= 0 ||
      watched.some(function (other) { return change.tables.indexOf(other) >= 0; });
  }

  if (watched.length) {
    window.setInterval(function () {
      if (!touched && !sending()) { window.location.replace(window.location.href); }
    }, 30000);
  }

  // A table waiting for its event's next round or session
  // (data-push-every="10") also looks again every so many seconds: a new
  // round pushed while the page was loading is not missed.
  var every = Number(main.dataset.pushEvery || 0);
  if (every > 0) {
    window.setInterval(function () {
      if (!touched && !sending()) { window.location.replace(window.location.href); }
    }, every * 1000);
  }

  var source = new EventSource(main.dataset.push);
  source.addEventListener("ready", function () {
    main.dataset.pushState = "open";
  });
  source.addEventListener("change", function (event) {
    var change;
    try { change = JSON.parse(event.data); } catch (error) { return; }
    // The round clock (static/clock.js) hears every change too.
    document.dispatchEvent(new CustomEvent("donne:push", { detail: change }));
    if (!concerns(change) || touched || sending()) { return; }
    source.close();
    window.location.replace(window.location.href);
  });
  source.addEventListener("error", function () {
    main.dataset.pushState = "closed";
  });
}());
