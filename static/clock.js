// The round clock on the console, the room screen and the tablets.
// <… data-clock="json url" data-text-…>: fetch the clock, then count down
// here from its seconds_left (the device's own clock may be wrong: only the
// time since the answer counts), and show the move once the time is up.
// It fetches again when the push says the clock changed ("donne:push",
// sent by live.js and push.js; the room screen opens its own [data-push]
// stream), when the time runs out (the late tables), and every 15 s (5 s
// while no push stream is open).  A tablet's bar ([data-clock-idle="hide"])
// stays hidden until the director first starts the clock.
(function () {
  "use strict";
  var box = document.querySelector("[data-clock]");
  if (!box) { return; }
  var TICK = 250;
  var POLL = 15000;
  var POLL_ALONE = 5000;
  var answer = null;
  var endsAt = 0;
  var askedAtEnd = false;
  var busy = false;
  var lastFetch = 0;
  var ownStream = false;

  function part(name) { return box.querySelector("[data-clock-" + name + "]"); }

  function text(key, values) {
    var found = box.dataset["text" + key] || "";
    Object.keys(values || {}).forEach(function (name) {
      found = found.replace("{" + name + "}", values[name]);
    });
    return found;
  }

  function clockTime(seconds) {
    var whole = Math.max(0, Math.ceil(seconds));
    var rest = whole % 60;
    return Math.floor(whole / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function fill(list, lines) {
    if (!list) { return; }
    list.textContent = "";
    (lines || []).forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    });
  }

  function secondsLeft() {
    if (answer.state === "running") {
      return Math.max(0, (endsAt - Date.now()) / 1000);
    }
    return answer.seconds_left;
  }

  function render() {
    if (!answer) { return; }
    var seconds = secondsLeft();
    var running = answer.state === "running";
    var ended = answer.ended || (running && seconds <= 0);
    var state = ended ? "ended" : answer.state;
    box.dataset.clockState = state;
    if (box.dataset.clockIdle === "hide") {
      box.hidden = answer.state === "stopped" && !ended;
    }
    part("round").textContent = text("Round", { n: answer.round });
    part("time").textContent = clockTime(ended ? 0 : seconds);
    var end = part("ended");
    part("state").textContent = ended ? (end ? "" : text("Ended")) :
      text(state.charAt(0).toUpperCase() + state.slice(1));
    if (end) { end.hidden = !ended; }
    var move = part("move");
    fill(move, answer.move);
    if (move && !end) { move.hidden = !ended; }
    fill(part("table-moves"), answer.table_moves);
    var late = part("late");
    if (late && answer.late_tables) {
      late.hidden = answer.late_tables.length === 0;
      late.textContent = text("Late", { tables: answer.late_tables.join(", ") });
    }
    if (running && seconds <= 0 && !askedAtEnd) {
      askedAtEnd = true;
      refresh();
    }
  }

  function refresh() {
    if (busy) { return; }
    busy = true;
    lastFetch = Date.now();
    fetch(box.dataset.clock, {
      headers: { Accept: "application/json" }, credentials: "same-origin",
      cache: "no-store"
    }).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      return response.json();
    }).then(function (data) {
      answer = data;
      endsAt = Date.now() + data.seconds_left * 1000;
      if (data.state === "running" && data.seconds_left > 0) { askedAtEnd = false; }
      render();
    }).catch(function () { return null; }).then(function () { busy = false; });
  }

  function heard(change) {
    if (!change || !change.changes) { return; }
    // The console's late tables follow every line; the others the clock.
    if (change.changes.indexOf("clock") >= 0 || answer && answer.late_tables) {
      refresh();
    }
  }

  document.addEventListener("donne:push", function (event) { heard(event.detail); });

  if (box.dataset.push && window.EventSource) {
    var source = new EventSource(box.dataset.push);
    source.addEventListener("ready", function () {
      if (ownStream) { refresh(); }  // back after a break: catch up
      ownStream = true;
      box.dataset.pushState = "open";
    });
    source.addEventListener("change", function (event) {
      try { heard(JSON.parse(event.data)); } catch (error) { return; }
    });
    source.addEventListener("error", function () { box.dataset.pushState = "polling"; });
  }

  function streaming() {
    return box.dataset.pushState === "open" ||
      Boolean(document.querySelector("[data-push-state='open']"));
  }

  window.setInterval(render, TICK);
  window.setInterval(function () {
    if (document.hidden) { return; }
    if (Date.now() - lastFetch >= (streaming() ? POLL : POLL_ALONE)) { refresh(); }
  }, 1000);
  refresh();
}());
