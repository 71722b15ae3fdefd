// "Tonight", step 1: only the number box of the kind chosen (pairs or teams)
// shows:
//   <form class="tonight-count"><input type="radio" name="kind" value="teams">
//     <div class="count-box" data-kind="teams">...</div>
// Without JavaScript both boxes show; only the kind chosen's is read.
// "Tonight", step 2: the club's players suggested as a name is typed.
//   <form data-players-url="/director/tonight/players/" data-club="3">
//     <span class="autocomplete"><input data-player><ul class="suggestions" hidden></ul></span>
// Typing asks the URL (?club=3&q=typed) for the club's players; a click on a
// suggestion, or the arrow keys and Enter, puts it in the box and goes on to
// the next box.  A name already typed in another box is not suggested again.
// Without JavaScript the boxes are plain text boxes: any name is accepted.
(function () {
  "use strict";

  var WAIT_MS = 120;

  function setUp(form) {
    var url = form.getAttribute("data-players-url");
    var club = form.getAttribute("data-club");
    var boxes = Array.prototype.slice.call(form.querySelectorAll("input[data-player]"));

    function typedElsewhere(input) {
      var names = {};
      boxes.forEach(function (box) {
        if (box !== input && box.value.trim()) { names[box.value.trim().toLowerCase()] = true; }
      });
      return names;
    }

    function nextBox(input) {
      var index = boxes.indexOf(input);
      return index >= 0 && index + 1 < boxes.length ? boxes[index + 1] : null;
    }

    boxes.forEach(function (input) {
      var list = input.parentNode.querySelector("ul.suggestions");
      var timer = null;
      var asked = 0;
      var active = -1;

      function items() { return Array.prototype.slice.call(list.querySelectorAll("li")); }

      function hide() { list.hidden = true; list.textContent = ""; active = -1; }

      function mark(index) {
        var all = items();
        all.forEach(function (item, i) { item.classList.toggle("active", i === index); });
        active = index;
      }

      function pick(name) {
        input.value = name;
        hide();
        var next = nextBox(input);
        if (next) { next.focus(); }
      }

      function show(names) {
        list.textContent = "";
        names.forEach(function (name) {
          var item = document.createElement("li");
          item.textContent = name;
          item.setAttribute("role", "option");
          // mousedown, not click: it comes before the box loses the focus.
          item.addEventListener("mousedown", function (event) {
            event.preventDefault();
            pick(name);
          });
          list.appendChild(item);
        });
        list.hidden = names.length === 0;
        active = -1;
      }

      function ask() {
        var typed = input.value.trim();
        if (!typed) { hide(); return; }
        var number = ++asked;
        var query = "?club=" + encodeURIComponent(club) + "&q=" + encodeURIComponent(typed);
        fetch(url + query, { credentials: "same-origin", headers: { Accept: "application/json" } })
          .then(function (response) { return response.ok ? response.json() : { players: [] }; })
          .then(function (answer) {
            if (number !== asked || document.activeElement !== input) { return; }
            var taken = typedElsewhere(input);
            show(answer.players.map(function (player) { return player.name; }).filter(function (name) {
              return !taken[name.toLowerCase()] && name.toLowerCase() !== typed.toLowerCase();
            }));
          })
          .catch(hide);
      }

      input.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(ask, WAIT_MS);
      });
      input.addEventListener("keydown", function (event) {
        var all = items();
        if (list.hidden || !all.length) { return; }
        if (event.key === "ArrowDown") {
          event.preventDefault();
          mark((active + 1) % all.length);
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          mark((active - 1 + all.length) % all.length);
        } else if (event.key === "Enter" && active >= 0) {
          event.preventDefault();
          pick(all[active].textContent);
        } else if (event.key === "Escape") {
          hide();
        }
      });
      input.addEventListener("blur", hide);
    });
  }

  function kindBoxes(form) {
    var radios = Array.prototype.slice.call(form.querySelectorAll("input[name=kind]"));
    function show() {
      var chosen = radios.filter(function (radio) { return radio.checked; })[0];
      var kind = chosen ? chosen.value : "pairs";
      form.querySelectorAll(".count-box").forEach(function (box) {
        box.hidden = box.getAttribute("data-kind") !== kind;
      });
    }
    radios.forEach(function (radio) {
      radio.addEventListener("change", function () {
        show();
        var box = form.querySelector(".count-box:not([hidden]) input");
        if (box) { box.focus(); }
      });
    });
    show();
  }

  function ready() {
    document.querySelectorAll("form[data-players-url]").forEach(setUp);
    document.querySelectorAll("form.tonight-count").forEach(kindBoxes);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
