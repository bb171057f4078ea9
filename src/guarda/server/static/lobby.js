// The lobby: create a game against bots, or watch one. Plain JavaScript, no build step.
"use strict";

async function getJSON(url) {
  const response = await fetch(url);
  return response.json();
}

function option(select, value, label) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = label;
  select.appendChild(element);
}

async function setUp() {
  const info = await getJSON("/api/info");
  const preset = document.getElementById("preset");
  for (const name of info.presets) option(preset, name, name[0].toUpperCase() + name.slice(1));
  preset.value = "modern";
  const bot = document.getElementById("bot");
  for (const name of info.bots) option(bot, name, name);
  document.getElementById("new-game").addEventListener("submit", create);
  await listGames();
}

async function create(event) {
  event.preventDefault();
  const form = new FormData(event.target);
  const players = Number(form.get("players"));
  const options = { players: players, win: form.get("win") };
  if (form.get("turn_limit")) options.turn_limit = Number(form.get("turn_limit"));
  const seats = [{ kind: "person", name: form.get("name") }];
  for (let seat = 1; seat < players; seat++) seats.push({ kind: "bot", bot: form.get("bot") });
  const request = {
    preset: form.get("preset"),
    options: options,
    seats: seats,
    bot_delay: Number(form.get("bot_delay") || 0),
  };
  const response = await fetch("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  const answer = await response.json();
  if (!response.ok) {
    const error = answer.error;
    document.getElementById("create-error").textContent =
      (error.path ? error.path + ": " : "") + error.message;
    return;
  }
  const token = answer.seats[0].token;
  // The token stays in the fragment: browsers never send it to the server in a URL.
  window.location.href = "/table#game=" + answer.game + "&token=" + token;
}

async function listGames() {
  const body = document.querySelector("#games tbody");
  const { games } = await getJSON("/api/games");
  body.replaceChildren();
  for (const game of games) {
    const row = document.createElement("tr");
    const cells = [
      game.game,
      game.config + " · " + game.players + " players",
      game.seats.map((seat) => seat.name).join(", "),
      String(game.ply),
      game.status,
    ];
    for (const text of cells) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.appendChild(cell);
    }
    const link = document.createElement("a");
    link.href = "/table#game=" + game.game;
    link.textContent = game.status === "over" ? "review" : "watch";
    const cell = document.createElement("td");
    cell.appendChild(link);
    row.appendChild(cell);
    body.appendChild(row);
  }
}

setUp();
