// Any game's table from its JSON view, for a game without a folder of its own: lists that
// look like cards are drawn as cards (with their text from DescribeGame), everything else as
// readable names and values.
import type { ComponentChildren } from "preact";
import type { BoardProps, GameUi } from "../games/types";
import { t } from "../i18n";
import { Card } from "./card";
import { cardFace } from "./describe";
import { seatName } from "./names";
import type { Move, View } from "./store";

const HIDDEN = new Set(["legal_moves", "game", "seat", "clocks", "presence", "you", "options", "finished"]);

function label(key: string): string {
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function looksLikeCard(game: string, value: unknown): value is string {
  return typeof value === "string" && (cardFace(game, value) !== undefined || (/^[a-z]+(-[a-z0-9]+)+$/.test(value)));
}

function Value({ game, v, depth, names }: { game: string; v: unknown; depth: number; names: Set<string> }): ComponentChildren {
  if (v === null || v === undefined) return <span class="muted">–</span>;
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return looksLikeCard(game, v) && !names.has(v) ? <Card game={game} id={v} label={v} /> : names.has(v) ? seatName(v, 64) : v;
  if (Array.isArray(v)) {
    if (v.length === 0) return <span class="muted">{t("none")}</span>;
    if (v.every((x) => looksLikeCard(game, x) && !names.has(x as string))) {
      return <span class="cards">{v.map((c) => <Card game={game} id={c as string} label={c as string} />)}</span>;
    }
    if (v.every((x) => typeof x !== "object" || x === null)) return v.map(String).join(", ");
    if (depth > 2) return t("generic-more", { count: v.length });
    return <ol class="kv-list">{v.map((x) => <li><Value game={game} v={x} depth={depth + 1} names={names} /></li>)}</ol>;
  }
  if (typeof v === "object") {
    if (depth > 2) return t("generic-more", { count: Object.keys(v).length });
    return <Pairs game={game} obj={v as Record<string, unknown>} depth={depth + 1} names={names} />;
  }
  return String(v);
}

function Pairs({ game, obj, depth, names }: { game: string; obj: Record<string, unknown>; depth: number; names: Set<string> }) {
  return (
    <dl class="kv">
      {Object.entries(obj).filter(([k]) => !HIDDEN.has(k)).map(([k, v]) => (
        <><dt>{label(k)}</dt><dd><Value game={game} v={v} depth={depth} names={names} /></dd></>
      ))}
    </dl>
  );
}

function Board({ game, view }: BoardProps) {
  const names = new Set<string>(Array.isArray(view.players) ? view.players.map(String) : []);
  const hand = Array.isArray(view.hand) ? (view.hand as unknown[]) : null;
  const rest = { ...view };
  delete rest.hand;
  return (
    <div class="board generic">
      {hand && (
        <section class="hand-panel">
          <h2>{t("your-hand", { count: hand.length })}</h2>
          <div class="cards" id="hand">{hand.map((c) => (typeof c === "string" ? <Card game={game} id={c} label={c} /> : null))}</div>
        </section>
      )}
      <section class="state-panel"><h2>{t("generic-table")}</h2><Pairs game={game} obj={rest} depth={0} names={names} /></section>
    </div>
  );
}

function moveLabel(move: Move, _view: View) {
  const parts = Object.entries(move).filter(([k]) => k !== "type").map(([k, v]) =>
    `${label(k).toLowerCase()} ${Array.isArray(v) ? v.join(", ") : typeof v === "object" && v ? Object.values(v).join(", ") : String(v)}`);
  return `${label(String(move.type ?? "move"))} ${parts.join(" · ")}`.trim();
}

export const genericUi: GameUi = { Board, moveLabel };
