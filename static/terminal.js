// The table terminal, offline first.  Every entry (a bridge board, the
// opponents' answer, a Whiz, Barbu, Chinese or Bridgeote line) is kept on
// the tablet (terminal_queue.js) before it is sent; the round goes on with
// no server: the bid box greys out impossible results, the NS score is
// computed on the device (bridge_score.js), and the next board of the round
// opens in the page.  Each board shows its state (kept on this tablet, sent,
// confirmed), and what the server refuses stays on screen, with the board
// and the server's message, until the players dismiss or correct it.
(function () {
  "use strict";
  var queue = window.DonneQueue;
  var bridge = window.DonneBridge;
  var texts = document.getElementById("queue-text");
  if (!queue || !texts) { return; }
  var text = texts.dataset;
  queue.signInPath = text.signIn;
  var ROUND = "donne.round.v1";
  var main = document.querySelector("main");
  var entry = document.querySelector("form.entry[data-book]");

  function say(template, number) { return template.replace("#", number); }

  function element(tag, className, content) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (content !== undefined) { node.textContent = content; }
    return node;
  }

  function stateText(item) {
    if (item.state === "kept") { return item.signedOut ? text.signedOut : text.kept; }
    if (item.state === "refused") { return text.refused + ": " + item.message; }
    if (item.state === "sent" && item.answer && !item.answered) { return text.answerKept; }
    return { sent: text.sent, agreed: text.agreed, disputed: text.disputed }[item.state] || "";
  }

  function path(url) { return new URL(url, location.href).pathname; }

  // ---- The round: its boards cached for the board pages, states shown.

  function cachedRound() {
    try { return JSON.parse(localStorage.getItem(ROUND) || "null"); } catch (error) { return null; }
  }

  function rememberRound() {
    var links = document.querySelectorAll("a.board-link[data-board-number]");
    if (!links.length) { return; }
    localStorage.setItem(ROUND, JSON.stringify({
      boards: Array.prototype.map.call(links, function (link) {
        return {
          number: link.dataset.boardNumber, page: path(link.href),
          vulnerability: link.dataset.vulnerability, heading: link.dataset.heading,
          state: link.dataset.state
        };
      })
    }));
  }

  function showLinkStates() {
    document.querySelectorAll("a.board-link").forEach(function (link) {
      var item = queue.find(path(link.href));
      var shown = link.querySelector(".queue-state");
      // What the server shows is the truth once it holds the line; the
      // tablet's word is needed while a line waits, was refused, or the
      // page is an old copy (the service worker's, offline).
      var told = item && (queue.pending(item) || item.state === "refused" ||
        link.dataset.state === "todo");
      var serverState = link.querySelector(".state");
      if (serverState) { serverState.hidden = Boolean(told) && link.dataset.state === "todo"; }
      if (!told) {
        if (shown) { shown.remove(); }
        delete link.dataset.queue;
        if (item) { link.dataset.queue = item.state; }
        return;
      }
      if (!shown) { shown = element("span", "queue-state"); link.appendChild(shown); }
      shown.textContent = stateText(item);
      link.dataset.queue = item.state;
    });
  }

  // ---- Every page: the lines kept and not sent, and the refusals.

  function showBanner(items) {
    var banner = document.getElementById("queue-banner");
    if (!banner) {
      banner = element("section", "queue-banner");
      banner.id = "queue-banner";
      banner.setAttribute("role", "status");
      main.insertBefore(banner, main.firstChild);
    }
    banner.textContent = "";
    var waiting = items.filter(queue.pending);
    if (waiting.length) {
      var line = element("p", "queue-waiting", text.waiting + " " +
        waiting.map(function (item) { return item.title; }).join(", "));
      banner.appendChild(line);
      if (waiting.some(function (item) { return item.signedOut; })) {
        banner.appendChild(element("p", "alert", text.signedOut));
      }
    }
    items.filter(function (item) { return item.state === "refused"; }).forEach(function (item) {
      var box = element("div", "alert queue-refused");
      box.setAttribute("role", "alert");
      box.dataset.board = item.board || "";
      box.appendChild(element("p", "", item.title + (item.label ? " (" + item.label + ")" : "") +
        " · " + text.refused + ": " + item.message));
      var buttons = element("div", "buttons");
      if (path(location.href) !== item.page && item.page.indexOf("?") < 0) {
        var open = element("a", "big-button quiet", text.open);
        open.href = item.page;
        buttons.appendChild(open);
      }
      var dismiss = element("button", "big-button quiet queue-dismiss", text.dismiss);
      dismiss.type = "button";
      dismiss.addEventListener("click", function () { queue.dismiss(item.key); });
      buttons.appendChild(dismiss);
      box.appendChild(buttons);
      banner.appendChild(box);
    });
    banner.hidden = !banner.childNodes.length;
  }

  // ---- The bid box: impossible results greyed out, the score on the device.

  function picked(name) {
    var input = entry.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  function chosenLine() {
    return {
      level: picked("level"), denomination: picked("denomination"),
      doubled: picked("doubled"), declarer: picked("declarer"), result: picked("result")
    };
  }

  function complete(line) {
    return line.level === "pass" ||
      Boolean(line.level && line.denomination && line.declarer && line.result);
  }

  function deviceScore() {
    var line = chosenLine();
    if (!bridge || entry.dataset.book !== "6" || !complete(line)) { return null; }
    return bridge.nsScore(line, entry.dataset.vulnerability ||
      bridge.boardVulnerability(parseInt(entry.dataset.boardNumber, 10)));
  }

  function preview() {
    var output = document.getElementById("score");
    if (!output) { return; }
    var score = deviceScore();
    output.textContent = score === null ? "" : String(score);
    output.classList.remove("error");
  }

  // Declarer bid for level + book tricks (6 in bridge, 0 in Whiz, whose bid
  // box names the tricks): he takes at most 13 - that many overtricks and at
  // most that many undertricks.  The server refuses the others anyway.
  function limitResults() {
    var book = parseInt(entry.dataset.book, 10) || 0;
    var level = parseInt(picked("level"), 10);
    entry.querySelectorAll('input[name="result"]').forEach(function (input) {
      var value = input.value === "=" ? 0 : parseInt(input.value, 10);
      var impossible = picked("level") === "pass" ||
        (level > 0 && (value > 13 - (level + book) || value < -(level + book)));
      input.disabled = impossible;
      if (impossible) { input.checked = false; }
    });
  }

  function contractText(line) {
    if (line.level === "pass") { return text.passed; }
    var strain = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" }[line.denomination];
    return line.level + strain + line.doubled + " " + line.declarer + " " + line.result;
  }

  function fillForm(body) {
    var values = new URLSearchParams(body);
    entry.querySelectorAll('input[type="radio"]').forEach(function (input) {
      input.checked = values.get(input.name) === input.value;
    });
  }

  function freshForm(board) {
    entry.querySelectorAll('input[type="radio"]').forEach(function (input) {
      input.checked = input.name === "doubled" && input.value === "";
    });
    var lead = entry.querySelector("details.lead");
    if (lead) { lead.open = false; }
    entry.querySelector('input[name="key"]').value = queue.newKey();
    if (board) {
      entry.setAttribute("action", board.page);
      entry.dataset.boardNumber = board.number;
      entry.dataset.vulnerability = board.vulnerability || "";
      var heading = document.getElementById("board-heading");
      if (heading && board.heading) { heading.textContent = board.heading; }
      if (path(location.href) !== board.page) { history.replaceState(null, "", board.page); }
    }
    main.querySelectorAll("p.alert").forEach(function (node) { node.remove(); });
    limitResults();
    preview();
  }

  function boardPage() { return path(entry.getAttribute("action") || location.href); }

  // The next board of the round, from the round page seen last: the first
  // after this one with nothing entered, on the server or on this tablet.
  function nextBoard(page) {
    var round = cachedRound();
    if (!round) { return null; }
    var after = false;
    var later = round.boards.filter(function (board) {
      if (board.page === page) { after = true; return false; }
      var item = queue.find(board.page);
      return after && board.state === "todo" && (!item || item.state === "refused");
    });
    return later[0] || null;
  }

  // The line kept for the board open: contract, score, state, the
  // opponents' answer, and the next board, all with no server.
  // Whether E-W are still to answer the line kept: the panel offers them
  // the two buttons.
  function answering(item) {
    return !item.answer && item.state !== "agreed" && item.state !== "disputed";
  }

  // Update the kept line's panel in place when only its sending state
  // changed: rebuilding it would lose a tap on a button as it is redrawn.
  function refreshKept(panel, item) {
    var state = panel.querySelector(".queue-state");
    if (!state || panel.dataset.key !== item.key ||
        panel.dataset.answering !== String(answering(item))) {
      return false;
    }
    state.className = "queue-state " + (queue.pending(item) ? "pending" : "ok");
    state.textContent = stateText(item);
    return true;
  }

  function showKept(item) {
    var panel = document.getElementById("kept");
    if (!panel) {
      panel = element("section", "entered kept-line");
      panel.id = "kept";
      entry.parentNode.insertBefore(panel, entry);
    }
    entry.hidden = true;
    var check = document.getElementById("check");
    if (check) { check.hidden = true; }
    panel.hidden = false;
    panel.textContent = "";
    panel.dataset.key = item.key;
    panel.dataset.answering = String(answering(item));
    panel.appendChild(element("h2", "", item.title));
    panel.appendChild(element("p", "contract", item.label));
    if (item.score !== null && item.score !== undefined) {
      var score = element("p", "score", text.nsScore + ": ");
      score.appendChild(element("strong", "", String(item.score)));
      panel.appendChild(score);
    }
    panel.appendChild(element("p", "queue-state " + (queue.pending(item) ? "pending" : "ok"),
      stateText(item)));
    if (answering(item)) {
      var answers = element("div", "buttons");
      [["agree", text.agree, "big-button"], ["dispute", text.dispute, "big-button danger"]]
        .forEach(function (choice) {
          var button = element("button", choice[2], choice[1]);
          button.type = "button";
          button.value = choice[0];
          button.dataset.answer = choice[0];
          button.addEventListener("click", function () {
            var kept = queue.answer(item.page, choice[0], {});
            showKept(kept);
            send(kept);
          });
          answers.appendChild(button);
        });
      panel.appendChild(answers);
    }
    var next = nextBoard(item.page);
    if (next) {
      var go = element("button", "big-button quiet next-board", say(text.next, next.number));
      go.type = "button";
      go.addEventListener("click", function () { openBoard(next, item); });
      var row = element("div", "buttons");
      row.appendChild(go);
      panel.appendChild(row);
    }
  }

  function openBoard(board, from) {
    var current = from ? queue.find(from.page) : null;
    if (current && current.state !== "kept" && navigator.onLine) {
      location.assign(board.page);
      return;
    }
    var panel = document.getElementById("kept");
    if (panel) { panel.hidden = true; }
    entry.hidden = false;
    freshForm(board);
    window.scrollTo(0, 0);
  }

  // Send at once; once the server holds the line, show its own page (unless
  // the players went on to another board meanwhile).
  function send(item, whileKept) {
    queue.drain(true).then(function () {
      var now = queue.find(item.page);
      if (whileKept && now && now.state === "kept") { whileKept(); }
      if (!now || now.state === "kept" || (now.answer && !now.answered)) { return; }
      if (entry && entry.dataset.queue === "entry" && boardPage() !== item.page) { return; }
      if (now.state === "refused") { showRefusedHere(now); return; }
      location.assign(now.sentTo || item.page);
    });
  }

  function showRefusedHere(item) {
    if (!entry || item.page !== boardPage()) { return; }
    var panel = document.getElementById("kept");
    if (panel) { panel.hidden = true; }
    entry.hidden = false;
    fillForm(item.body || "");
    entry.querySelector('input[name="key"]').value = queue.newKey();
    limitResults();
    preview();
  }

  function keepEntry(event) {
    var submitter = event.submitter;
    if (submitter && submitter.name === "check") {
      if (!navigator.onLine) { event.preventDefault(); preview(); }
      return;
    }
    var line = chosenLine();
    event.preventDefault();
    main.querySelectorAll("p.alert.incomplete").forEach(function (node) { node.remove(); });
    if (!complete(line)) {
      var warning = element("p", "alert incomplete", text.incomplete);
      warning.setAttribute("role", "alert");
      entry.parentNode.insertBefore(warning, entry);
      return;
    }
    var key = entry.querySelector('input[name="key"]');
    var body = new URLSearchParams(new FormData(entry, submitter));
    var page = boardPage();
    var number = entry.dataset.boardNumber;
    var item = queue.keep({
      key: key.value, page: page, url: new URL(page, location.href).href,
      body: body.toString(), board: number, title: say(text.board, number),
      label: contractText(line), score: deviceScore(), replaces: true,
      answerUrl: page + "answer/"
    });
    showKept(item);
    send(item);
  }

  function setUpEntry() {
    if (!entry.querySelector('input[name="key"]')) { return; }
    var check = document.getElementById("check");
    if (check && entry.dataset.book === "6") { check.hidden = true; }
    var asked = location.pathname.match(/\/board\/(\d+)\/$/);
    var round = cachedRound();
    if (asked && asked[1] !== entry.dataset.boardNumber && round) {
      // A page kept by the service worker for another board: turn it into
      // the board asked for.
      var board = round.boards.filter(function (b) { return b.number === asked[1]; })[0];
      if (board) { freshForm(board); }
    }
    var key = entry.querySelector('input[name="key"]');
    if (queue.items().some(function (item) { return item.key === key.value; })) {
      key.value = queue.newKey();
    }
    entry.addEventListener("change", function () { limitResults(); preview(); });
    if (entry.dataset.queue === "entry") {
      entry.addEventListener("submit", keepEntry);
      var kept = queue.find(boardPage());
      if (kept && kept.state === "refused") { showRefusedHere(kept); }
      else if (kept && kept.url && (kept.state === "kept" || !navigator.onLine)) {
        showKept(kept);
      }
    }
    limitResults();
    preview();
  }

  // ---- The opponents' answer on the server's result page.

  function setUpAnswers() {
    document.querySelectorAll('form[data-queue="answer"]').forEach(function (form) {
      var page = path(location.href);
      var kept = queue.find(page);
      if (kept && kept.answer && !kept.answered) {
        form.hidden = true;
        form.parentNode.insertBefore(element("p", "queue-state pending", stateText(kept)), form);
        // The answer kept before this page loaded is sent by the queue, not
        // by this form: once it is through, show the server's page again.
        queue.onChange(function () {
          var now = queue.find(page);
          if (!now || now.answered || now.state === "refused") {
            location.replace(location.href);
          }
        });
      }
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var submitter = event.submitter;
        var number = form.dataset.queueBoard;
        var item = queue.answer(page, submitter ? submitter.value : "agree", {
          answerUrl: form.action, board: number, title: say(text.board, number),
          result: form.querySelector('input[name="result"]').value
        });
        form.hidden = true;
        form.parentNode.insertBefore(element("p", "queue-state pending", stateText(item)), form);
        send(item);
      });
    });
  }

  // ---- The other games' forms: kept, sent, the server's page shown after.
  // A form holding the page's one line (data-queue-one: a Whiz or Bridgeote
  // board, a Barbu manche) replaces the line kept or refused before.  A
  // page loaded with no server (the service worker's copy) shows again the
  // values of the lines kept and not sent yet; a form stepping through the
  // round's deals (data-queue-step) opens the next deal in the page once a
  // line is kept, as the bridge terminal's next board.

  // The lines kept for ``form``: those whose hidden fields (round, hand,
  // deal) are the form's, ``name`` aside; of its board (a Whiz or Bridgeote
  // board page), or of this very page for a form with no such field.
  function keptLines(form, name, pendingOnly) {
    var hidden = Array.prototype.filter.call(form.querySelectorAll('input[type="hidden"]'),
      function (input) {
        return input.name !== "key" && input.name !== "csrfmiddlewaretoken" && input.name !== name;
      });
    var board = form.dataset.queueBoard;
    var here = location.pathname + location.search;
    return queue.items().filter(function (item) {
      if (!item.body || item.state === "refused" || (pendingOnly && !queue.pending(item)) ||
          (board && item.board !== board) || (!hidden.length && item.page !== here)) {
        return false;
      }
      var values = new URLSearchParams(item.body);
      return !values.has("answer") && hidden.every(function (input) {
        return values.get(input.name) === input.value;
      });
    });
  }

  function restoreLine(form) {
    var lines = keptLines(form, "", true);
    if (!lines.length) { return; }
    var values = new URLSearchParams(lines[lines.length - 1].body);
    form.querySelectorAll("input").forEach(function (input) {
      if (input.type === "hidden" ||
          (!values.has(input.name) && input.type !== "checkbox" && input.type !== "radio")) {
        return;
      }
      if (input.type === "radio") { input.checked = values.get(input.name) === input.value; }
      else if (input.type === "checkbox") { input.checked = values.has(input.name); }
      else { input.value = values.get(input.name); }
    });
  }

  // The round's first deal neither entered (on the server's page) nor kept
  // on this tablet; null when there is none.
  function nextStep(form) {
    var name = form.dataset.queueStep;
    var kept = keptLines(form, name, false).map(function (item) {
      return new URLSearchParams(item.body).get(name);
    });
    var links = document.querySelectorAll("a[data-queue-step-to]");
    return Array.prototype.filter.call(links, function (link) {
      return !link.classList.contains("done") && kept.indexOf(link.dataset.queueStepTo) < 0;
    })[0] || null;
  }

  function step(form) {
    var link = nextStep(form);
    if (!link) { return; }
    form.reset();
    form.querySelector('input[name="' + form.dataset.queueStep + '"]').value =
      link.dataset.queueStepTo;
    var key = form.querySelector('input[name="key"]');
    if (key) { key.value = queue.newKey(); }
    form.dataset.queueTitle = link.dataset.queueStepTitle;
    var heading = document.getElementById("deal-heading");
    if (heading) { heading.textContent = link.dataset.queueStepTitle; }
    document.querySelectorAll("a[data-queue-step-to]").forEach(function (other) {
      if (other === link) { other.setAttribute("aria-current", "page"); }
      else { other.removeAttribute("aria-current"); }
    });
    main.querySelectorAll("p.alert, #marks").forEach(function (node) { node.remove(); });
    window.scrollTo(0, 0);
  }

  // A match to a number of points (Chinese bridge) shows one hand to enter
  // (data-queue-more): once it is kept, the next hand's form, a copy of its
  // own, follows it, the dealer in turn (player a the odd hands).
  function addHand(form) {
    var section = form.closest("section");
    var number = parseInt(form.querySelector('input[name="hand"]').value, 10) + 1;
    if (!section || document.getElementById("hand-" + number)) { return; }
    var copy = section.cloneNode(true);
    copy.id = "hand-" + number;
    copy.querySelector("h2").textContent =
      say(number % 2 ? form.dataset.odd : form.dataset.even, number);
    var next = copy.querySelector("form");
    next.querySelector('input[name="hand"]').value = String(number);
    next.dataset.queueTitle = say(form.dataset.title, number);
    next.querySelectorAll('input:not([type="hidden"])').forEach(function (input) {
      input.value = "";
    });
    section.parentNode.insertBefore(copy, section.nextSibling);
    setUpLine(next);
  }

  function whileKept(form) {
    if (form.dataset.queueStep) { step(form); }
    if (form.hasAttribute("data-queue-more")) { addHand(form); }
  }

  function setUpLines() {
    document.querySelectorAll('form[data-queue="line"]').forEach(setUpLine);
  }

  function setUpLine(form) {
    // A deal kept opens the next one; the last one kept shows its line.
    var asked = new URLSearchParams(location.search).has(form.dataset.queueStep);
    var kept = keptLines(form, "", true).length > 0;
    if (form.dataset.queueStep && !asked && kept && nextStep(form)) {
      step(form);
    } else {
      restoreLine(form);
      if (kept && form.hasAttribute("data-queue-more")) { addHand(form); }
    }
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.name === "check") { return; }
      event.preventDefault();
      var key = form.querySelector('input[name="key"]');
      var board = form.dataset.queueBoard;
      var round = form.dataset.queueRound;
      var title = form.dataset.queueTitle ||
        (board ? say(text.board, board) : say(text.round, round));
      var item = queue.keep({
        key: key ? key.value : queue.newKey(), page: location.pathname + location.search,
        url: form.action, body: new URLSearchParams(new FormData(form, submitter)).toString(),
        board: board || "", title: title,
        label: "", replaces: form.hasAttribute("data-queue-one")
      });
      if (key) { key.value = queue.newKey(); }
      send(item, function () { whileKept(form); });
    });
  }

  // ---- The service worker, where the site is a secure context (HTTPS).

  function registerWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    navigator.serviceWorker.register(text.worker, { scope: text.scope }).catch(function () {});
  }

  function render(items) {
    showBanner(items);
    showLinkStates();
    if (entry && entry.dataset.queue === "entry") {
      var kept = queue.find(boardPage());
      var panel = document.getElementById("kept");
      if (kept && kept.url && panel && !panel.hidden) {
        if (kept.state === "refused") {
          showRefusedHere(kept);
        } else if (!refreshKept(panel, kept)) {
          showKept(kept);
        }
      }
    }
  }

  if (location.pathname === text.signIn) { localStorage.removeItem(ROUND); }
  rememberRound();
  if (entry) { setUpEntry(); }
  setUpAnswers();
  setUpLines();
  queue.onChange(render);
  render(queue.items());
  registerWorker();
  queue.start();
}());
