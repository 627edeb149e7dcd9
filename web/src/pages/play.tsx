// Choose a game, a table size and the game's options, and queue through the matchmaker.
import { useEffect, useState } from "preact/hooks";
import { explain, listGames, matchmaking, refusalOf, type GameInfo } from "../api";
import { titleIn } from "../titles";
import { t } from "../i18n";
import { seats } from "../session";
import { choicesOf, description, optionList, type GameOption } from "../table/describe";
import { offered } from "../table/offered";
import { go, session } from "../store";
import { shortName } from "../util";

const BOT_LEVELS = ["easy", "normal", "strong"];
const LEVEL_TEXT: Record<string, string> = { easy: "play-bot-level-easy", normal: "play-bot-level-normal", strong: "play-bot-level-strong" };

export function PlayPage() {
  const me = session.value!;
  const [games, setGames] = useState<GameInfo[]>([]);
  const [game, setGame] = useState("foodie-forest");
  const [players, setPlayers] = useState(4);
  const [ranked, setRanked] = useState(true);
  // a casual table's house bots: how well they play (services/matchmaking/botfill.py BOT_LEVELS);
  // ranked tables' bots play at the operator's level, so the choice is offered for casual only
  const [botLevel, setBotLevel] = useState("normal");
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState("");
  const info = games.find((g) => g.name === game);
  // the game's options (DescribeGame): only those changed from their default go on the ticket,
  // so that tickets with the defaults still match each other
  const [chosen, setChosen] = useState<Record<string, Record<string, unknown>>>({});
  const mine = chosen[game] ?? {};
  const valueOf = (o: GameOption) => (o.name in mine ? mine[o.name] : o.default);
  const options = offered(optionList(description(game).value?.options), valueOf);
  const changed = Object.fromEntries(options.filter((o) => o.name in mine && mine[o.name] !== o.default).map((o) => [o.name, mine[o.name]]));

  useEffect(() => {
    listGames().then((found) => {
      setGames(found);
      setBusy(false);
    }, (err) => setError(String(err)));
  }, []);

  function choose(name: string): void {
    setGame(name);
    const g = games.find((x) => x.name === name);
    if (g) setPlayers(Math.min(4, g.max_players));
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setError("");
    setBusy(true);
    try {
      const options = ranked ? changed : { ...changed, bot_level: botLevel };
      const reply = await matchmaking.createTicket({ game, minPlayers: players, maxPlayers: players, ranked, options: options as any });
      go(`#/queue/${encodeURIComponent(reply.ticket!.ticketId)}`);
    } catch (err) {
      // one live ticket per player and game: the matchmaker names it; follow that one
      const refused = refusalOf(err);
      const live = refused?.key === "refused-live-ticket" ? refused.args.ticket_id : undefined;
      if (typeof live === "string" && live) {
        go(`#/queue/${encodeURIComponent(live)}`);
        return;
      }
      setError(explain(err));
      setBusy(false);
    }
  }

  const remembered = Object.values(seats()).reverse();
  const sizes = info ? Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => info.min_players + i) : [];
  return (
    <>
      <form class="card-panel" onSubmit={submit}>
        <h1>{t("play-title", { player: shortName(me.player, 24) })}</h1>
        <label for="game">{t("play-game")}</label>
        <select id="game" name="game" value={game} onChange={(e) => choose(e.currentTarget.value)}>
          {games.map((g) => <option value={g.name}>{g.title}</option>)}
        </select>
        <label for="players">{t("play-size")}</label>
        <select id="players" name="players" value={String(players)} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
          {sizes.map((n) => <option value={String(n)}>{t("play-players", { count: n })}</option>)}
        </select>
        {options.length > 0 && (
          <fieldset class="options" id="options">
            <legend>{t("play-options")}</legend>
            {options.map((o) => (
              <OptionField option={o} value={valueOf(o)}
                set={(v) => setChosen({ ...chosen, [game]: { ...mine, [o.name]: v } })} />
            ))}
          </fieldset>
        )}
        <label class="inline">
          <input id="ranked" type="checkbox" checked={ranked} onChange={(e) => setRanked(e.currentTarget.checked)} />
          {" "}{t("play-ranked")}
        </label>
        {!ranked && (
          <div class="option">
            <label for="bot-level">{t("play-bot-level")}</label>
            <select id="bot-level" value={botLevel} aria-describedby="bot-level-sentence" onChange={(e) => setBotLevel(e.currentTarget.value)}>
              {BOT_LEVELS.map((level) => <option value={level}>{t(LEVEL_TEXT[level])}</option>)}
            </select>
            <small class="muted option-sentence" id="bot-level-sentence">{t("play-bot-level-sentence")}</small>
          </div>
        )}
        <button id="queue" type="submit" class="primary" disabled={busy}>{t("play-queue")}</button>
        <p class="error" id="queue-error" role="alert">{error}</p>
      </form>
      <section class="card-panel" id="with-friends">
        <h2>{t("play-friends")}</h2>
        <p><a id="play-host" href="#/host">{t("host-title")}</a>{" · "}<a id="play-lobby" href="#/lobby">{t("play-lobby")}</a>
          {" · "}<a id="play-my-games" href="#/player">{t("nav-my-games")}</a></p>
      </section>
      {remembered.length > 0 && (
        <section class="card-panel">
          <h2>{t("play-mine")}</h2>
          <ul id="my-games">
            {remembered.map((s) => (
              <li><a href={`#/table/${s.game}/${s.gameId}`}>{titleIn(games, s.game)}</a>
                {" "}{t("play-seat", { seat: s.seat + 1 })}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** One option of the game: its label, a choice (or a number in its range) and its sentence. */
export function OptionField({ option: o, value, set }: { option: GameOption & { minimum?: number; maximum?: number }; value: unknown; set: (v: unknown) => void }) {
  const id = `option-${o.name}`;
  const choices = choicesOf(o);
  const sentence = o.sentence ? <small class="muted option-sentence" id={`${id}-sentence`}>{o.sentence}</small> : null;
  if (choices.length) {
    const index = Math.max(0, choices.findIndex((c) => c.value === value));
    return (
      <div class="option">
        <label for={id}>{o.label ?? o.name}</label>
        <select id={id} aria-describedby={sentence ? `${id}-sentence` : undefined} value={String(index)}
          onChange={(e) => set(choices[Number(e.currentTarget.value)].value)}>
          {choices.map((c, i) => <option value={String(i)}>{c.label}</option>)}
        </select>
        {sentence}
      </div>
    );
  }
  if (typeof o.default === "boolean") {
    return (
      <div class="option">
        <label class="inline"><input id={id} type="checkbox" checked={value === true} aria-describedby={sentence ? `${id}-sentence` : undefined}
          onChange={(e) => set(e.currentTarget.checked)} /> {o.label ?? o.name}</label>
        {sentence}
      </div>
    );
  }
  return (
    <div class="option">
      <label for={id}>{o.label ?? o.name}</label>
      <input id={id} type="number" min={o.minimum} max={o.maximum} value={String(value ?? "")}
        aria-describedby={sentence ? `${id}-sentence` : undefined} onInput={(e) => set(Number(e.currentTarget.value))} />
      {sentence}
    </div>
  );
}
