// What several games' boards share: the words of a builder from a game's texts, a player's
// name shortened, a section with a title.
import type { ComponentChildren } from "preact";
import { has, t, tg } from "../i18n";
import type { BuilderWords } from "../table/builder";
import { cardFace, description, servedText } from "../table/describe";
import type { Move } from "../table/store";

/** A term of the game ("meal-breakfast"): DescribeGame's terms, else the board's own texts. */
export function term(game: string, id: string, fallback?: string): string {
  const served = description(game).value?.terms?.[id];
  if (served) return served;
  if (has(id, game)) return tg(game, id);
  return fallback ?? id.replace(/^[a-z]+-/, "").replace(/[-_]/g, " ");
}

/** Why a game ended as a sentence, in the game's own words (DescribeGame's `reason-<reason>`,
 * the view's `end_reason`); null when the game names no reason or serves no words for it. */
export function endSentence(game: string, reason: unknown): string | null {
  const words = reason ? term(game, `reason-${String(reason)}`, "") : "";
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}.` : null;
}

export function builderWords(game: string, value?: BuilderWords["value"]): BuilderWords {
  return {
    // never the type or field name: the board's word, else the server's label of the move
    // (DescribeGame's `move-<type>`), else "" (the builder then says it from the listed move)
    moveTitle: (type) => term(game, `build-${type}`, servedText(game, `move-${type}`) ?? ""),
    fieldTitle: (type, field) => term(game, `build-${type}-${field}`, ""),
    value: value ?? ((_type, field, v) => term(game, `${field}-${String(v)}`, String(v))),
  };
}

export function Panel({ title, id, children, class: extra = "" }: { title: ComponentChildren; id?: string; children: ComponentChildren; class?: string }) {
  return <section class={`panel ${extra}`} id={id}><h2>{title}</h2>{children}</section>;
}

/** A move in words from the builder's words: "Plate an Army: Breakfast · Broccoli Brigadier". */
export function moveInWords(game: string, words: BuilderWords, move: Move): string {
  const one = (field: string, v: unknown): string => {
    if (typeof v === "string" && cardFace(game, v)?.name) return cardFace(game, v)!.name!;
    const said = words.value(move.type, field, v);
    return typeof said === "string" || typeof said === "number" ? String(said) : String(v);
  };
  const parts = Object.entries(move).filter(([k, v]) => k !== "type" && v !== null && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => (Array.isArray(v) ? v.map((x) => one(k, x)).join(", ") : one(k, v)));
  const title = words.moveTitle(move.type) || t("builder-move");
  return parts.length ? `${title}: ${parts.join(" · ")}` : title;
}
