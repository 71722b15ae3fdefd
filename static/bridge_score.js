// The duplicate bridge score (WBF Laws, Law 77) computed on the tablet, so
// that the bid box shows the NS score with no server.  It mirrors
// games/bridge.py figure for figure; tests/browser/test_bridge_score_browser.py
// compares the two on every contract, doubling, vulnerability and result.
(function (root) {
  "use strict";

  var TRICK_VALUES = { C: 20, D: 20, H: 30, S: 30, NT: 30 };
  var NT_FIRST_TRICK_EXTRA = 10;
  var DOUBLING_FACTORS = [1, 2, 4];
  var GAME_THRESHOLD = 100;
  var BOOK = 6;
  var GAME_BONUS = [300, 500]; // by vulnerability: not vulnerable, vulnerable
  var PART_SCORE_BONUS = 50;
  var SLAM_BONUS = { 6: [500, 750], 7: [1000, 1500] };
  var MAKING_DOUBLED_BONUS = [0, 50, 100]; // the "insult"
  var DOUBLED_OVERTRICK = [100, 200];
  var UNDOUBLED_UNDERTRICK = [50, 100];
  var DOUBLED_UNDERTRICKS = [[100, 200, 200, 300], [200, 300, 300, 300]];
  var VULNERABILITIES = [
    "None", "NS", "EW", "All", "NS", "EW", "All", "None",
    "EW", "All", "None", "NS", "All", "None", "NS", "EW"
  ];
  var DEALERS = ["N", "E", "S", "W"];

  function trickScore(level, denomination, doubled) {
    var base = level * TRICK_VALUES[denomination];
    if (denomination === "NT") { base += NT_FIRST_TRICK_EXTRA; }
    return base * DOUBLING_FACTORS[doubled];
  }

  function undertrickPenalty(doubled, undertricks, vul) {
    if (!doubled) { return undertricks * UNDOUBLED_UNDERTRICK[vul]; }
    var steps = DOUBLED_UNDERTRICKS[vul];
    var penalty = 0;
    for (var index = 0; index < undertricks; index += 1) {
      penalty += steps[Math.min(index, steps.length - 1)];
    }
    return penalty * doubled;
  }

  // The declaring side's score: level 1-7, "C".."NT", doubled 0/1/2,
  // tricks taken 0-13, vulnerable true/false.
  function contractScore(level, denomination, doubled, tricks, vulnerable) {
    var vul = vulnerable ? 1 : 0;
    var difference = tricks - (BOOK + level);
    if (difference < 0) { return -undertrickPenalty(doubled, -difference, vul); }
    var score = trickScore(level, denomination, doubled);
    score += score >= GAME_THRESHOLD ? GAME_BONUS[vul] : PART_SCORE_BONUS;
    score += SLAM_BONUS[level] ? SLAM_BONUS[level][vul] : 0;
    score += MAKING_DOUBLED_BONUS[doubled];
    if (doubled) {
      score += difference * DOUBLED_OVERTRICK[vul] * doubled;
    } else {
      score += difference * TRICK_VALUES[denomination];
    }
    return score;
  }

  function boardVulnerability(number) {
    return VULNERABILITIES[(number - 1) % VULNERABILITIES.length];
  }

  function boardDealer(number) {
    return DEALERS[(number - 1) % DEALERS.length];
  }

  // NS's score of a line as the bid box gives it: level "1".."7" or "pass",
  // denomination, doubling "", "X" or "XX", declarer seat, result "=",
  // "+1", "-2"; vulnerability "None", "NS", "EW" or "All".  null when the
  // line is not complete or not possible (the server names the fault).
  function nsScore(line, vulnerability) {
    if (line.level === "pass") { return 0; }
    var level = parseInt(line.level, 10);
    var doubled = { "": 0, X: 1, XX: 2 }[line.doubled || ""];
    if (!(level >= 1 && level <= 7) || !TRICK_VALUES[line.denomination] ||
        doubled === undefined || DEALERS.indexOf(line.declarer) < 0) {
      return null;
    }
    var result = line.result === "=" ? 0 : parseInt(line.result, 10);
    if (isNaN(result)) { return null; }
    var tricks = BOOK + level + result;
    if (tricks < 0 || tricks > 13) { return null; }
    var side = line.declarer === "N" || line.declarer === "S" ? "NS" : "EW";
    var vulnerable = vulnerability === "All" || vulnerability === side;
    var score = contractScore(level, line.denomination, doubled, tricks, vulnerable);
    return side === "NS" ? score : -score;
  }

  root.DonneBridge = {
    contractScore: contractScore,
    nsScore: nsScore,
    boardVulnerability: boardVulnerability,
    boardDealer: boardDealer
  };
}(window));
