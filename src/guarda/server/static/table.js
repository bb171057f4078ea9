// The web table: one WebSocket, the receiver's view, and actions chosen click by click.
// Plain JavaScript, no build step. It never knows more than the server sends it:
// its own view (hand and guard included) and the events it may see. It knows no rules
// either: the server's action builder says, after every click, what may be clicked next
// (a "build" message answered by "choices"), so only legal actions can be made.
"use strict";

const params = new URLSearchParams(window.location.hash.slice(1));
const game = params.get("game");
const token = params.get("token");

const table = {
  socket: null,
  seat: null,
  seats: [],
  config: null,
  ply: 0,
  events: 0, // events held: the next one is number `events`
  log: [],
  over: false,
  retry: 0,
  pending: false, // an act was sent: wait for its answer
  steps: [], // the steps chosen so far ({kind: "Attack"}, {card: "V2"}, ...)
  answers: [], // answers[i]: the server's choices after the first i steps
  asked: 0, // counts the builds sent: only the answer to the last one is shown
  commitment: null,
  sides: null, // each seat's side of the field, by seat
  cards: null, // each card of the deck by name: {svg, words}, from /api/cards/<game>.json
};

// Each group of choices, the key of the step that chooses one, and its label.
const GROUPS = [
  ["kinds", "kind", "Action"],
  ["cards", "card", "Card"],
  ["directions", "direction", "Direction"],
  ["cells", "cell", "Cell"],
  ["distances", "distance", "Distance"],
  ["orientations", "orientation", "Orientation"],
];
const DIRECTIONS = { N: "north", E: "east", S: "south", W: "west" };

function $(id) {
  return document.getElementById(id);
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

async function loadCards() {
  // The pictures of the deck's cards, drawn by the server (guarda.render.card_type_svg):
  // shown as <img> elements with data: addresses, which can run nothing.
  try {
    const answer = await fetch("/api/cards/" + encodeURIComponent(game) + ".json");
    if (!answer.ok) return;
    const pictures = await answer.json();
    table.cards = pictures.cards;
    table.sides = pictures.sides;
  } catch (error) {
    return; // no pictures: the card codes alone
  }
  if (table.view) {
    showMine(table.view);
    showAttack(table.view);
    showPlayers(table.view);
    showBuilder();
  }
  showLog(true);
}

function picture(name) {
  // A card's picture, or null before the pictures arrived (or for an unknown name).
  const card = table.cards && table.cards[name];
  if (!card) return null;
  const image = element("img", undefined, "card-picture");
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(card.svg);
  image.alt = "";
  return image;
}

function cardNode(name, tag, className) {
  // A card: its picture and its code (players learn the notation), and in its title
  // what it covers in words.
  const node = element(tag || "span", undefined, className || "card");
  node.dataset.card = name;
  const image = picture(name);
  if (image) {
    node.appendChild(image);
    node.title = table.cards[name].words;
  }
  node.appendChild(element("span", name, "code"));
  return node;
}

function withCards(text) {
  // A line of text with each card name in it shown as a small card.
  const nodes = [];
  if (!table.cards) return [document.createTextNode(text)];
  let rest = "";
  for (const part of text.split(/\b/)) {
    if (Object.hasOwn(table.cards, part)) {
      if (rest) nodes.push(document.createTextNode(rest));
      rest = "";
      nodes.push(cardNode(part, "span", "card small"));
    } else {
      rest += part;
    }
  }
  if (rest) nodes.push(document.createTextNode(rest));
  return nodes;
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + window.location.host + "/ws");
  table.socket = socket;
  socket.addEventListener("open", () => {
    table.retry = 0;
    const hello = { type: "hello", protocol: 1, game: game, since: table.events, svg: true };
    if (token) hello.token = token;
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (table.over) return;
    // Reconnect and resume: the server sends only the events we do not hold.
    $("status").textContent = "Connection lost: reconnecting…";
    table.retry = Math.min(table.retry + 1, 5);
    window.setTimeout(connect, 300 * table.retry);
  });
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      table.seat = message.seat;
      table.seats = message.seats;
      table.config = message.config.data;
      document.body.dataset.seat = message.seat === null ? "spectator" : String(message.seat);
      keepCommitment(message.commitment);
      if (table.cards === null) {
        table.cards = undefined; // asked for once
        loadCards();
      }
      position(message);
      break;
    case "update":
      position(message);
      break;
    case "accepted":
      $("refused").textContent = "";
      break;
    case "choices":
      if (message.ref !== "b" + table.asked || message.ply !== table.ply) break; // stale
      table.answers[table.steps.length] = message;
      showBuilder();
      break;
    case "refused":
    case "error":
      $("refused").textContent = describeError(message.error);
      if (table.pending || message.ref === "b" + table.asked) {
        // The action (or a step) was refused: start the choice again.
        table.pending = false;
        startBuilding();
      }
      break;
    default:
      break;
  }
}

function describeError(error) {
  let text = error.class + ": " + (error.path ? error.path + ": " : "") + error.message;
  if (error.rule) text += " (" + error.rule + ")";
  return text;
}

function position(message) {
  table.ply = message.ply;
  table.pending = false;
  for (let index = 0; index < message.log.length; index++) {
    const number = message.first + index;
    if (number < table.events) continue; // held already
    table.log.push(message.log[index]);
    table.events = number + 1;
  }
  table.socket.send(JSON.stringify({ type: "ack", events: table.events }));
  const view = message.view.data;
  table.view = view;
  table.over = message.status === "over";
  document.body.dataset.ply = String(message.ply);
  document.body.dataset.status = message.status;
  showStatus(view, message);
  showField(message);
  showAttack(view);
  showPlayers(view);
  showMine(view);
  startBuilding();
  showLog();
  if (table.over) showResult(view, message);
}

function name(seat) {
  return table.seats[seat] ? table.seats[seat].name : "Player " + seat;
}

function side(seat) {
  // The side of the field a seat plays from (a hint beside the name).
  return (table.sides && table.sides[seat]) || "";
}

function edition() {
  // A ruleset a preset makes travels as the preset's call ({"preset": "modern", ...}).
  const config = table.config;
  if (config.name) return config.name;
  if (config.preset) return config.preset[0].toUpperCase() + config.preset.slice(1);
  return "Guarda";
}

function showStatus(view, message) {
  let text = edition() + " · turn " + view.turn_number + " · ply " + message.ply;
  if (table.over) text += " · game over";
  else if (view.actor === table.seat) text += " · your decision (" + view.phase + ")";
  else text += " · " + name(view.actor) + " decides (" + view.phase + ")";
  if (table.seat === null) text += " · watching";
  $("status").textContent = text;
}

function showField(message) {
  // The picture is drawn by the server (guarda.render) from this client's own view.
  const field = $("field");
  field.innerHTML = message.svg;
  const picture = field.querySelector("svg");
  if (picture) {
    picture.removeAttribute("width");
    picture.removeAttribute("height");
  }
}

function showAttack(view) {
  const box = $("attack");
  const attack = view.attack;
  if (!attack) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(
    ...withCards(
      name(attack.attacker) + " attacks " + name(attack.defender) + " with " +
      attack.cards.join(" ") + ": " + attack.damage + " damage"
    )
  );
}

function showPlayers(view) {
  const body = document.querySelector("#players tbody");
  body.replaceChildren();
  view.players.forEach((player, seat) => {
    const row = element("tr");
    row.dataset.seat = String(seat);
    if (seat === view.actor) row.classList.add("actor");
    if (player.is_out) row.classList.add("out");
    const label = element("td", undefined, "who");
    label.appendChild(element("strong", name(seat) + (seat === table.seat ? " (you)" : "")));
    const where = side(seat);
    label.appendChild(element("span", " " + seat + (where ? " · " + where : ""), "hint"));
    row.appendChild(label);
    const guard = player.guard === null ? "none" : player.guard;
    const cells = player.is_out
      ? ["out", String(player.points), "", "", "", ""]
      : [String(player.health), String(player.points), String(player.hand_size),
         String(player.draw_pile_size), String(player.discard_size), guard];
    const heads = document.querySelectorAll("#players thead th");
    cells.forEach((text, index) => {
      const cell = element("td", text);
      // The column's name, shown beside the value where the table is stacked (phones).
      if (heads[index + 1]) cell.dataset.label = heads[index + 1].textContent;
      row.appendChild(cell);
    });
    body.appendChild(row);
  });
}

function showMine(view) {
  $("me").hidden = table.seat === null;
  const hand = $("hand");
  hand.replaceChildren(...view.hand.map((card) => cardNode(card)));
  const guard = $("guard");
  guard.replaceChildren();
  if (view.guard) {
    const node = cardNode(view.guard.card);
    const parts = [view.guard.status];
    if (view.guard.orientation) parts.push(view.guard.orientation);
    // A defensive guard is the card turned around (R6): so is its picture.
    if (view.guard.orientation === "defensive") node.classList.add("turned");
    node.appendChild(element("span", parts.join(" · "), "status"));
    guard.appendChild(node);
  } else if (table.seat !== null) {
    guard.appendChild(element("span", "no guard", "none"));
  }
}

function mustDecide() {
  return table.seat !== null && !table.over && table.view && table.view.actor === table.seat;
}

function startBuilding() {
  table.steps = [];
  table.answers = [];
  if (mustDecide()) ask();
  else showBuilder();
}

function ask() {
  // What may be chosen after the steps so far? The server answers from its action builder.
  table.asked += 1;
  document.body.dataset.building = "1";
  table.socket.send(JSON.stringify({ type: "build", ply: table.ply, chosen: table.steps, ref: "b" + table.asked }));
  showBuilder();
}

function choose(step) {
  if (table.pending || document.body.dataset.building === "1") return;
  $("refused").textContent = "";
  table.steps.push(step);
  ask();
}

function back() {
  if (!table.steps.length || table.pending) return;
  table.steps.pop();
  table.answers.length = table.steps.length + 1; // the earlier answer still holds
  table.asked += 1; // an answer on its way is for a longer choice: ignore it
  showBuilder();
}

function cancel() {
  if (table.pending) return;
  table.steps = [];
  table.answers.length = 1;
  table.asked += 1;
  showBuilder();
}

function words(kind) {
  // "PrepareNewGuard" -> "Prepare new guard"
  const spaced = kind.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced[0].toUpperCase() + spaced.slice(1);
}

function stepText(step) {
  const [key, value] = Object.entries(step)[0];
  if (key === "kind") return words(value);
  if (key === "direction") return DIRECTIONS[value] || value;
  if (key === "distance") return value + (value === 1 ? " cell" : " cells");
  return String(value);
}

function showBuilder() {
  const answer = table.answers[table.steps.length];
  const building = mustDecide() && !answer;
  document.body.dataset.building = building ? "1" : "0";
  document.body.dataset.steps = String(table.steps.length);
  $("builder").hidden = !mustDecide();
  const waiting = $("waiting");
  if (table.seat === null) waiting.textContent = "You are watching.";
  else if (table.over) waiting.textContent = "The game is over.";
  else if (!mustDecide()) waiting.textContent = "Waiting for the others…";
  else waiting.textContent = "";
  markChosenCards();
  if (!mustDecide()) return;
  const steps = $("steps");
  steps.replaceChildren();
  if (!table.steps.length) steps.appendChild(element("span", "Choose what to do."));
  table.steps.forEach((step, index) => {
    if (index) steps.appendChild(document.createTextNode(" › "));
    steps.appendChild(element("span", stepText(step), "step"));
  });
  $("back").disabled = table.pending || !table.steps.length;
  $("cancel").disabled = table.pending || !table.steps.length;
  const box = $("choices");
  box.replaceChildren();
  const confirm = $("confirm");
  if (!answer) {
    confirm.hidden = true;
    box.appendChild(element("p", "…", "hint"));
    return;
  }
  const kind = table.steps.length ? table.steps[0].kind : null;
  for (const [group, key, label] of GROUPS) {
    const values = answer.open[group];
    if (!values.length) continue;
    const row = element("div", undefined, "group");
    let text = label;
    if (group === "cells" && (kind === "Move" || kind === "Push")) text = "Destination";
    if (group === "cards" && table.steps.length > 1) text = "Add a card";
    row.appendChild(element("span", text, "label"));
    for (const value of values) {
      const step = { [key]: value };
      const button = key === "card"
        ? cardNode(value, "button", "choice card")
        : element("button", stepText(step), "choice " + key);
      button.type = "button";
      button.dataset.step = JSON.stringify(step);
      button.disabled = table.pending;
      button.addEventListener("click", () => choose(step));
      row.appendChild(button);
    }
    box.appendChild(row);
  }
  confirm.hidden = answer.action === null;
  if (answer.action !== null) {
    $("describe").textContent = answer.describe;
    const play = $("play");
    play.dataset.action = answer.action;
    play.textContent = "Play " + answer.action;
    play.disabled = table.pending;
  }
}

function markChosenCards() {
  // Highlight in the hand the copies of the cards chosen so far.
  const wanted = table.steps.filter((step) => "card" in step).map((step) => step.card);
  for (const card of document.querySelectorAll("#hand .card")) {
    const index = wanted.indexOf(card.dataset.card);
    card.classList.toggle("chosen", index >= 0);
    if (index >= 0) wanted.splice(index, 1);
  }
}

function play() {
  const answer = table.answers[table.steps.length];
  if (table.pending || !answer || answer.action === null) return;
  table.pending = true;
  showBuilder();
  table.socket.send(JSON.stringify({ type: "act", ply: table.ply, action: answer.action, ref: "a" + table.ply }));
}

function showLog(again) {
  const list = $("log");
  if (again) list.replaceChildren(); // the card pictures arrived: draw every line with them
  while (list.children.length < table.log.length) {
    const item = element("li");
    item.replaceChildren(...withCards(table.log[list.children.length]));
    list.appendChild(item);
  }
  list.scrollTop = list.scrollHeight;
}

function showResult(view, message) {
  const box = $("result");
  box.hidden = false;
  const outcome = view.outcome;
  let text;
  if (outcome.winners.length) text = outcome.winners.map(name).join(" and ") + (outcome.winners.length > 1 ? " win" : " wins");
  else text = "A draw between " + outcome.drawn.map(name).join(" and ");
  text += " (" + outcome.reason + ").";
  box.replaceChildren(element("strong", text));
  const link = element("a", " Download the record (with its seed)");
  link.href = "/api/games/" + game + "/record";
  link.download = "guarda-" + game + ".json";
  box.appendChild(link);
  if (message.fairness) showFairness(message.fairness);
}

function keepCommitment(commitment) {
  // The commitment published at the start is kept in the browser, so that a server
  // cannot change it later: the revealed seed and salt are checked against this one.
  const key = "guarda-commitment-" + game;
  let kept = null;
  try {
    kept = window.localStorage.getItem(key);
    if (kept === null && commitment) window.localStorage.setItem(key, commitment);
  } catch (error) {
    kept = null; // storage refused (private mode): keep it for this page only
  }
  table.commitment = kept || table.commitment || commitment;
  $("commitment").textContent = table.commitment || "none";
}

async function sha256(text) {
  const digest = await window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function showFairness(fairness) {
  // P23: the SHA-256 of "guarda-deal-v1", the seed and the salt, one per line, must be
  // the commitment published before the first card; the server also replays the record
  // against everything this seat was shown (guarda.verify_fair).
  const check = $("fair-check");
  const lines = ["Revealed seed " + fairness.seed + ", salt \"" + fairness.salt + "\"."];
  let good = fairness.verified;
  if (window.crypto && window.crypto.subtle) {
    const hashed = await sha256("guarda-deal-v1\n" + fairness.seed + "\n" + fairness.salt);
    const matches = hashed === table.commitment;
    good = good && matches;
    lines.push(matches
      ? "Your browser hashed them: they give the commitment shown at the start."
      : "Your browser hashed them: they do NOT give the commitment shown at the start!");
  } else {
    lines.push("This browser cannot hash here (not a secure context): check the record yourself.");
  }
  lines.push(fairness.verified
    ? "The server replayed the record: every card you saw is what the seed dealt (verify_fair passed)."
    : "The record does not prove a fair game: " + describeError(fairness.error));
  check.textContent = lines.join(" ");
  check.className = good ? "good" : "bad";
  document.body.dataset.fair = good ? "yes" : "no";
}

$("play").addEventListener("click", play);
$("back").addEventListener("click", back);
$("cancel").addEventListener("click", cancel);
if (!game) {
  $("status").textContent = "No game: start one from the lobby.";
} else {
  connect();
}
