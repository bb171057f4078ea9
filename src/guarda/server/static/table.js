// The web table: one WebSocket, the receiver's view, and a click per action.
// Plain JavaScript, no build step. It never knows more than the server sends it:
// its own view (hand and guard included) and the events it may see.
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
  pending: false,
};

function $(id) {
  return document.getElementById(id);
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
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
      position(message);
      break;
    case "update":
      position(message);
      break;
    case "accepted":
      $("refused").textContent = "";
      break;
    case "refused":
    case "error":
      table.pending = false;
      $("refused").textContent = describeError(message.error);
      showLegal(table.lastLegal || []);
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
  table.over = message.status === "over";
  document.body.dataset.ply = String(message.ply);
  document.body.dataset.status = message.status;
  showStatus(view, message);
  showField(message);
  showAttack(view);
  showPlayers(view);
  showMine(view);
  table.lastLegal = message.legal;
  showLegal(message.legal);
  showLog();
  if (table.over) showResult(view, message);
}

function name(seat) {
  return table.seats[seat] ? table.seats[seat].name : "Player " + seat;
}

function showStatus(view, message) {
  let text = table.config.name + " · turn " + view.turn_number + " · ply " + message.ply;
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
  box.textContent =
    name(attack.attacker) + " attacks " + name(attack.defender) + " with " + attack.cards.join(" ") +
    ": " + attack.damage + " damage";
}

function showPlayers(view) {
  const body = document.querySelector("#players tbody");
  body.replaceChildren();
  view.players.forEach((player, seat) => {
    const row = element("tr");
    row.dataset.seat = String(seat);
    if (seat === view.actor) row.classList.add("actor");
    if (player.is_out) row.classList.add("out");
    const label = element("td");
    label.textContent = seat + " · " + name(seat) + (seat === table.seat ? " (you)" : "");
    row.appendChild(label);
    const guard = player.guard === null ? "none" : player.guard;
    const cells = player.is_out
      ? ["out", String(player.points), "", "", "", ""]
      : [String(player.health), String(player.points), String(player.hand_size),
         String(player.draw_pile_size), String(player.discard_size), guard];
    for (const text of cells) row.appendChild(element("td", text));
    body.appendChild(row);
  });
}

function showMine(view) {
  $("me").hidden = table.seat === null;
  const hand = $("hand");
  hand.replaceChildren(...view.hand.map((card) => element("span", card, "card")));
  const guard = $("guard");
  guard.replaceChildren();
  if (view.guard) {
    const parts = [view.guard.card, view.guard.status];
    if (view.guard.orientation) parts.push(view.guard.orientation);
    guard.appendChild(element("span", parts.join(" · "), "card"));
  } else if (table.seat !== null) {
    guard.appendChild(element("span", "no guard", "none"));
  }
}

function showLegal(legal) {
  const box = $("legal");
  box.replaceChildren();
  if (table.seat === null) {
    box.appendChild(element("p", "You are watching.", "hint"));
    return;
  }
  if (!legal.length) {
    box.appendChild(element("p", table.over ? "The game is over." : "Waiting for the others…", "hint"));
    return;
  }
  // Group the legal actions by their kind (the first word of the notation).
  const groups = new Map();
  for (const action of legal) {
    const kind = action.split(" ")[0];
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(action);
  }
  for (const [kind, actions] of groups) {
    const group = element("div", undefined, "group");
    group.appendChild(element("span", kind, "kind"));
    for (const action of actions) {
      const button = element("button", action, "action");
      button.type = "button";
      button.dataset.action = action;
      button.addEventListener("click", () => play(action));
      group.appendChild(button);
    }
    box.appendChild(group);
  }
}

function play(action) {
  if (table.pending) return;
  table.pending = true;
  for (const button of document.querySelectorAll("#legal button")) button.disabled = true;
  table.socket.send(JSON.stringify({ type: "act", ply: table.ply, action: action, ref: table.ply }));
}

function showLog() {
  const list = $("log");
  while (list.children.length < table.log.length) {
    list.appendChild(element("li", table.log[list.children.length]));
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
}

if (!game) {
  $("status").textContent = "No game: start one from the lobby.";
} else {
  connect();
}
