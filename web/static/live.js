// The page's live updates (server-sent events) and the replay's player: no framework, no page reload.
// Every HTML fragment comes from the server, already escaped there.
"use strict";
(function () {
  const game = document.getElementById("game");
  if (game) {
    const table = document.getElementById("table");
    const mine = document.getElementById("mine");
    const live = document.getElementById("live");
    let shown = Number(table.firstElementChild ? table.firstElementChild.dataset.version : -1);
    const say = (text) => { live.textContent = text; live.hidden = !text; };
    const refreshMine = () => {
      if (!game.dataset.mine) return;
      const at = game.dataset.at ? "?at=" + encodeURIComponent(game.dataset.at) : "";
      fetch(game.dataset.mine + at, { credentials: "same-origin", cache: "no-store" })
        .then((answer) => (answer.ok ? answer.text() : Promise.reject(answer.status)))
        .then((html) => { mine.innerHTML = html; })
        .catch(() => {});
    };
    const localTimes = (root) => {
      for (const time of root.querySelectorAll("time[datetime]")) {
        const when = new Date(time.getAttribute("datetime"));
        if (!isNaN(when)) time.textContent = when.toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
      }
    };
    // The table as the server last drew it: the stream opens with it, and drawing it again would close a trait's
    // effect the reader has just tapped open.
    let drawn = table.innerHTML;
    localTimes(table);
    const events = new EventSource(game.dataset.events);
    events.addEventListener("table", (event) => {
      const data = JSON.parse(event.data);
      if (data.html === drawn) return;
      drawn = data.html;
      if (data.version !== shown) game.dataset.at = "";
      table.innerHTML = data.html;
      localTimes(table);
      shown = data.version;
      say("");
      refreshMine();
    });
    events.addEventListener("gone", () => { events.close(); say(game.dataset.gone); });
    events.onerror = () => { if (events.readyState === EventSource.CLOSED) say(game.dataset.lost); };
  }
  const replay = document.getElementById("replay");
  if (replay) {
    const frame = document.getElementById("frame");
    const total = Number(replay.dataset.steps);
    const play = document.getElementById("play");
    let step = Number(replay.dataset.step);
    let timer = null;
    const target = (go) => Math.max(0, Math.min(total - 1, { first: 0, previous: step - 1, next: step + 1, last: total - 1 }[go]));
    const show = (wanted) => {
      step = Math.max(0, Math.min(total - 1, wanted));
      return fetch("replay/" + step, { cache: "force-cache" })
        .then((answer) => (answer.ok ? answer.text() : Promise.reject(answer.status)))
        .then((html) => {
          frame.innerHTML = html;
          history.replaceState(null, "", "?step=" + step);
          for (const link of replay.querySelectorAll("nav a[data-go]")) link.href = "?step=" + target(link.dataset.go);
        });
    };
    const stop = () => { clearInterval(timer); timer = null; play.textContent = play.dataset.play; };
    replay.addEventListener("click", (event) => {
      const link = event.target.closest("nav a[data-go]");
      if (!link) return;
      event.preventDefault();
      stop();
      show(target(link.dataset.go));
    });
    play.hidden = false;
    play.addEventListener("click", () => {
      if (timer) { stop(); return; }
      play.textContent = play.dataset.pause;
      if (step >= total - 1) step = -1;
      timer = setInterval(() => { if (step >= total - 1) stop(); else show(step + 1); }, 1200);
    });
  }
})();
