// A card: a tile with its name (from DescribeGame's `cards`, or the game's own drawing) whose
// text shows on hover (title) and on a tap (a small panel under it), so every card reads on
// a phone too.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { hyphenate } from "../hyphenate";
import { t } from "../i18n";
import { cardFace } from "./describe";

export type CardProps = {
  game: string;
  id: string;
  /** the face drawn on the tile (default: the card's name) */
  children?: ComponentChildren;
  class?: string;
  /** a tile that plays or picks: tapping it does that (the text is on hover and long-press) */
  onPick?: () => void;
  picked?: boolean;
  disabled?: boolean;
  label?: string;
  /** drawn inside another control (a move's button): a plain tile, its text on hover */
  still?: boolean;
};

export function Card({ game, id, children, class: extra = "", onPick, picked, disabled, label, still }: CardProps) {
  const face = cardFace(game, id);
  const [open, setOpen] = useState(false);
  const name = face?.name ?? label ?? "";
  const text = face?.text ?? "";
  const title = [name, text].filter(Boolean).join(": ");
  const body = children ?? <b class="word"><TileName text={name} /></b>;
  if (still) return <span class={`card ${extra}`} data-card={id} title={title}>{body}</span>;
  if (onPick) {
    return (
      <button type="button" class={`card pick ${extra}${picked ? " picked" : ""}`} data-card={id} title={title}
        aria-pressed={picked} disabled={disabled} onClick={onPick}>{body}</button>
    );
  }
  return (
    <span class="card-wrap">
      <button type="button" class={`card ${extra}`} data-card={id} title={title} aria-expanded={open}
        onClick={() => setOpen(!open)}>{body}{!children && !name && <span class="sr-only">{t("card-unknown")}</span>}</button>
      {open && text && <span class="card-text" role="note">{name && <b>{name}: </b>}{text}</span>}
    </span>
  );
}

/**
 * A name on a tile, drawn with soft hyphens (src/hyphenate.ts: a long word breaks at a
 * hyphenation point with a hyphen on a narrow tile) and read without them: the drawn text is
 * hidden from screen readers and the name as served stands beside it for them (Chromium keeps
 * U+00AD in a button's accessible name).
 */
export function TileName({ text }: { text: string }) {
  const shown = hyphenate(text);
  if (shown === text) return <>{text}</>;
  return <><span aria-hidden="true">{shown}</span><span class="sr-only">{text}</span></>;
}

/** A face-down card (its back), with what may be known of it (a size, a count). */
export function CardBack({ children }: { children?: ComponentChildren }) {
  return <span class="card back" aria-label={t("card-face-down")}>{children}</span>;
}
