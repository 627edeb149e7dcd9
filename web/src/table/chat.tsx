// The table chat (docs/friends.md): the players talk among themselves, the spectators among
// themselves (the server puts the caller in their group and never shows either the other's).
// A short message or a quick phrase in the reader's language (one tap, for phones); a player's
// messages can be muted for oneself.
import { useEffect, useState } from "preact/hooks";
import { reasonOf } from "../api";
import { chat } from "../friends";
import type { ChatMessage, ChatPhrase } from "../gen/foodgames/v1/chat_pb";
import { language, t } from "../i18n";
import { shortName, sleep, wideScreen } from "../util";

// the server's limit (services/matchmaking/chat.py MAX_CHARS); the input stops there
const MOST_CHARS = 200;
// quick phrases only a player at the table has a use for: a spectator has no turn to wait
// for, gives none to anyone, and plays no rematch
const PLAYERS_ONLY = ["chat-phrase-your-turn", "chat-phrase-one-moment", "chat-phrase-rematch"];

export function Chat({ game, gameId, me, players }: { game: string; gameId: string; me: string; players: string[] }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [phrases, setPhrases] = useState<ChatPhrase[]>([]);
  const [muted, setMuted] = useState<string[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const playing = players.includes(me);

  useEffect(() => {
    const stop = new AbortController();
    chat.listChatPhrases({ language: language.value }).then((r) => setPhrases(r.phrases), () => {});
    (async () => {
      while (!stop.signal.aborted) {
        try {
          // every (re)connection sends the whole chat again, the muted players' left out
          const seen: ChatMessage[] = [];
          for await (const update of chat.watchChat({ game, gameId, language: language.value }, { signal: stop.signal })) {
            if (!update.message) continue;
            seen.push(update.message);
            setMessages([...seen]);
            setError("");
          }
        } catch (err) {
          if (stop.signal.aborted) return;
          setError(reasonOf(err));
        }
        await sleep(1000, stop.signal);
      }
    })();
    return () => stop.abort();
  }, [game, gameId]);

  async function send(body: { text?: string; phrase?: string }): Promise<void> {
    setBusy(true);
    try {
      await chat.sendChat({ game, gameId, text: body.text ?? "", phrase: body.phrase ?? "" });
      setError("");
      if (body.text !== undefined) setText("");
    } catch (err) {
      setError(reasonOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function mute(player: string, on: boolean): Promise<void> {
    try {
      setMuted((await chat.muteChat({ game, gameId, player, muted: on })).muted);
    } catch (err) {
      setError(reasonOf(err));
    }
  }

  // whoever has written (bots do not) may be muted, and a muted one unmuted
  const others = [...new Set([...messages.map((m) => m.player), ...muted])].filter((p) => p !== me);
  const shown = messages.filter((m) => !muted.includes(m.player));
  const title = t(playing ? "chat-players" : "chat-spectators");
  // folded on a phone as the log is (a table there fits two screens), beside the log's title
  const [wide] = useState(wideScreen);
  return (
    <details class="chat-panel card-panel" id="chat" data-group={playing ? "players" : "spectators"} open={wide}>
      <summary><h2>{title}</h2>{!wide && shown.length > 0 && <span class="muted"> ({shown.length})</span>}</summary>
      <ol id="chat-messages" class="chat-messages" aria-label={title} aria-live="polite" tabIndex={0}>
        {shown.length === 0 && <li class="muted">{t("chat-empty")}</li>}
        {shown.map((m) => (
          <li class={`chat-message${m.player === me ? " mine" : ""}`} data-player={m.player} data-index={String(m.index)}>
            <b title={m.player}>{m.player === me ? t("chat-you") : shortName(m.player)}</b>{" "}
            <span class="chat-text">{m.text}</span>
          </li>
        ))}
      </ol>
      <form class="chat-send" onSubmit={(e) => { e.preventDefault(); if (text.trim()) void send({ text }); }}>
        <input id="chat-text" maxLength={MOST_CHARS} value={text} aria-label={t("chat-write")} placeholder={t("chat-write")}
          onInput={(e) => setText(e.currentTarget.value)} />
        <button id="chat-send" type="submit" disabled={busy || !text.trim()}>{t("chat-send")}</button>
      </form>
      {phrases.length > 0 && (
        <div class="chat-phrases" id="chat-phrases" role="group" aria-label={t("chat-phrases")}>
          {phrases.filter((p) => playing || !PLAYERS_ONLY.includes(p.key)).map((p) => (
            <button type="button" class="chat-phrase" data-phrase={p.key} disabled={busy} onClick={() => void send({ phrase: p.key })}>{p.text}</button>
          ))}
        </div>
      )}
      {others.length > 0 && (
        <div class="chat-mutes" id="chat-mutes" role="group" aria-label={t("chat-mutes")}>
          {others.map((p) => {
            const on = muted.includes(p);
            return (
              <button type="button" class="chat-mute" data-player={p} aria-pressed={on} onClick={() => void mute(p, !on)}>
                {t(on ? "chat-unmute" : "chat-mute", { player: shortName(p) })}
              </button>
            );
          })}
        </div>
      )}
      <p class="error" id="chat-error" role="alert">{error}</p>
    </details>
  );
}
