// A move built by tapping, from the seat's whole move space (ListLegalMoves' `choices_json`,
// shared/choices.py): the kind of move, then each of its fields in order (one of these values;
// a set of these cards, within its min and max, in order when the order counts; a field that
// depends on an earlier one), checked with CheckMove as soon as it is complete, and sent with
// its own button. Every control is a button: the whole move is made with a keyboard as well.
// A value's button carries it (a card's tile its `data-card`, any other value `data-value`), so
// that a test taps the value it means.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { Card } from "./card";
import { cardFace, servedText } from "./describe";
import { key, kindsOf, mergedFirst, moveOf, resolve, switchOf, whole, type Choices, type Draft, type Kind, type Spec } from "./choices";
import type { Move, TableStore } from "./store";
import { pickCount } from "./pickcount";

export type { Choices };

export type BuilderWords = {
  /** the title of a kind of move ("Plate an Army"), "" when the game has no word for it */
  moveTitle: (type: string) => string;
  /** the name of a field ("troops"), "" when the game has no word for it */
  fieldTitle: (type: string, field: string) => string;
  /** a card drawn as the game's board draws it (its Yumminess, species, stars), tapped to pick */
  card?: (id: string, pick: { onPick: () => void; picked: boolean; disabled: boolean }) => ComponentChildren;
  /** a value that is not a card, in words ("breakfast" -> "Breakfast") */
  value: (type: string, field: string, value: unknown) => ComponentChildren;
};

/** The setting a move of the seat's move space switches (Food Fight's automatic passing): the
 * kind of move with one entry whose one field is a boolean it sets; null for any other move. */
export function settingOf(choices: Choices | null | undefined, type: string): { name: string; to: boolean } | null {
  if (!choices?.moves) return null;
  const kind = kindsOf(choices).find((k) => k.type === type);
  return kind && kind.entries.length === 1 ? switchOf(choices.moves[kind.entries[0]]) : null;
}

/** A setting's title: the game's word for the move, else the server's words for switching it on. */
export function settingTitle(game: string, words: BuilderWords, type: string, fallback?: string): string {
  return words.moveTitle(type) || servedText(game, `move-${type}-on`) || fallback || t("builder-move");
}

/** A setting switched by a move, drawn as a switch that is now on or off (`to`: what the move
 * sets it to, so it is now the other way); the builder's kinds and the listed moves draw it alike. */
export function SettingSwitch({ type, to, title, busy, onToggle, move }: {
  type: string; to: boolean; title: string; busy: boolean; onToggle: () => void; move?: Move;
}) {
  const now = !to;
  return (
    <button class="move kind switch" role="switch" aria-checked={now} data-kind={type} disabled={busy}
      data-move={move ? JSON.stringify(move) : undefined} onClick={onToggle}>
      <span class={`switch-mark${now ? " on" : ""}`} aria-hidden="true" />
      <span>{title}{" "}<span class="muted">({t(now ? "builder-on" : "builder-off")})</span></span>
    </button>
  );
}

export function isCard(game: string, value: unknown): value is string {
  return typeof value === "string" && cardFace(game, value) !== undefined;
}

const EMPTY: Draft = { type: null, entry: -1, values: {}, picks: {} };

/** A move as text with its keys in order: how a built move finds its listed twin (and label). */
function canonical(move: Move): string {
  return JSON.stringify(Object.keys(move).sort().map((k) => [k, move[k]]));
}

export function MoveBuilder({ store, choices, words, busy }: { store: TableStore; choices: Choices; words: BuilderWords; busy: boolean }) {
  const game = store.game;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [check, setCheck] = useState<{ ok: boolean; reason: string } | null>(null);
  const version = store.version.value;
  // a new version of the table: what was built may no longer fit
  useEffect(() => setDraft(EMPTY), [version]);

  const entries = choices.moves;
  const kinds = kindsOf(choices);
  const kind: Kind | undefined = draft.type !== null ? kinds.find((k) => k.type === draft.type) : undefined;
  const merged = kind ? mergedFirst(choices, kind) : null;
  const chosen = draft.entry >= 0 && draft.entry < entries.length ? entries[draft.entry] : null;
  const built = chosen ? moveOf(choices, draft) : null;
  const builtKey = built ? JSON.stringify(built.move) : "";
  useEffect(() => {
    setCheck(null);
    if (!built?.complete) return;
    let gone = false;
    store.check(built.move).then((answer) => { if (!gone && answer) setCheck(answer); });
    return () => { gone = true; };
  }, [builtKey, built?.complete]);

  // the server's label of a listed move (its words for a move the game's texts have no title for)
  const listed = store.listed.value;
  const labelOf = (move: Move): string | undefined => {
    if (!listed) return undefined;
    const i = listed.moves.findIndex((m) => canonical(m) === canonical(move));
    return i >= 0 ? listed.labels[i]?.text : undefined;
  };
  const wholeMove = (index: number) => moveOf(choices, { type: entries[index].type, entry: index, values: {}, picks: {} }).move;
  const titleOf = (k: Kind): string => {
    const own = words.moveTitle(k.type);
    if (own) return own;
    if (k.entries.length === 1 && whole(entries[k.entries[0]])) {
      const said = labelOf(wholeMove(k.entries[0]));
      if (said) return said;
    }
    const any = listed?.moves.findIndex((m) => m.type === k.type) ?? -1;
    return (any >= 0 && k.entries.every((i) => whole(entries[i])) ? listed?.labels[any]?.text : undefined) ?? t("builder-move");
  };

  async function send(move: Move): Promise<void> {
    if (await store.play(move)) setDraft(EMPTY);
  }

  function start(k: Kind): void {
    if (k.entries.length === 1) {
      const index = k.entries[0];
      if (whole(entries[index])) {
        void send(wholeMove(index));
        return;
      }
      setDraft({ type: k.type, entry: index, values: {}, picks: {} });
      return;
    }
    // several entries of one type: the first field (the card) says which entry is built
    setDraft({ type: k.type, entry: -1, values: {}, picks: {} });
  }

  if (!kind) {
    return (
      <div class="builder" id="builder">
        <div class="moves">
          {kinds.map((k) => {
            const index = k.entries[0];
            const setting = k.entries.length === 1 ? switchOf(entries[index]) : null;
            if (setting) {
              // a setting switched by a move: shown as a switch that is now on or off
              return <SettingSwitch type={k.type} to={setting.to} busy={busy} onToggle={() => void send(wholeMove(index))}
                title={settingTitle(game, words, k.type, labelOf(wholeMove(index)))} />;
            }
            return <button class="move kind" data-kind={k.type} disabled={busy} onClick={() => start(k)}>{titleOf(k)}</button>;
          })}
        </div>
      </div>
    );
  }

  const title = titleOf(kind);
  const partial: Move = { type: kind.type, ...draft.values };
  const tile = (id: string, pick: { onPick: () => void; picked: boolean; disabled: boolean }) =>
    words.card ? words.card(id, pick) : <Card game={game} id={id} {...pick} />;
  const legend = (type: string, name: string) => words.fieldTitle(type, name) || t("builder-choose");

  function oneOf(name: string, type: string, spec: Spec, values: unknown[], pick: (value: unknown, picked: boolean) => void) {
    return (
      <fieldset class="field" data-field={name} data-kind="one" data-optional={String(!!spec.optional)}>
        <legend>{legend(type, name)}{spec.optional ? ` ${t("builder-optional")}` : ""}</legend>
        <div class="cards">
          {values.map((value) => {
            const picked = name in draft.values && key(draft.values[name]) === key(value);
            const toggle = () => pick(value, picked);
            return isCard(game, value)
              ? tile(value, { onPick: toggle, picked, disabled: busy })
              : <button type="button" class={`choice${picked ? " picked" : ""}`} data-value={key(value)} aria-pressed={picked} disabled={busy} onClick={toggle}>
                  {words.value(type, name, value)}</button>;
          })}
        </div>
      </fieldset>
    );
  }

  return (
    <div class="builder building" id="builder" data-kind={kind.type}>
      <h3>{title}</h3>
      {merged && oneOf(merged.name, kind.type, {}, merged.values, (value, picked) => {
        // the card chosen names its entry; another card may start another entry's fields
        if (picked) return setDraft({ type: kind.type, entry: -1, values: {}, picks: {} });
        const entry = merged.entryOf[merged.values.findIndex((v) => key(v) === key(value))];
        setDraft({ type: kind.type, entry, values: { [merged.name]: value }, picks: {} });
      })}
      {!merged && kind.entries.length > 1 && (
        // entries of one type that start differently: which of them, by their first field's words
        <fieldset class="field" data-field="" data-kind="one" data-optional="false">
          <legend>{t("builder-choose")}</legend>
          <div class="cards">
            {kind.entries.map((index, n) => {
              const first = entries[index].fields.find((f) => !f.absent);
              const picked = draft.entry === index;
              return (
                <button type="button" class={`choice${picked ? " picked" : ""}`} aria-pressed={picked} disabled={busy}
                  onClick={() => setDraft({ type: kind.type, entry: picked ? -1 : index, values: {}, picks: {} })}>
                  {(first && words.fieldTitle(kind.type, first.name!)) || `${title} ${n + 1}`}</button>
              );
            })}
          </div>
        </fieldset>
      )}
      {chosen && chosen.fields.map((field, at) => {
        if (merged && at === 0) return null;
        const spec = resolve(field, partial);
        const name = field.name!;
        if (spec.absent || spec.const !== undefined) return null;
        if (spec.one_of) {
          return oneOf(name, chosen.type, spec, spec.one_of, (value, picked) => {
            const values = { ...draft.values };
            if (picked) delete values[name];
            else values[name] = value;
            setDraft({ ...draft, values });
          });
        }
        const items = spec.subset_of ?? [];
        const picks = draft.picks[name] ?? [];
        const low = spec.min ?? 0;
        const high = spec.max ?? items.length;
        return (
          <fieldset class="field" data-field={name} data-kind="set" data-min={low} data-max={high}>
            <legend>{legend(chosen.type, name)} <span class="muted">{pickCount(picks.length, low, high, items.length)}</span></legend>
            <div class="cards">
              {items.map((value, i) => {
                const at = picks.indexOf(i);
                const toggle = () => {
                  const next = at >= 0 ? picks.filter((p) => p !== i) : picks.length < high ? [...picks, i] : picks;
                  setDraft({ ...draft, picks: { ...draft.picks, [name]: next } });
                };
                const badge = at >= 0 && spec.ordered ? <span class="order">{at + 1}</span> : null;
                return isCard(game, value)
                  ? <span class="pick-wrap">{tile(value, { onPick: toggle, picked: at >= 0, disabled: busy || (at < 0 && picks.length >= high) })}{badge}</span>
                  : <button type="button" class={`choice${at >= 0 ? " picked" : ""}`} data-value={key(value)} aria-pressed={at >= 0}
                      disabled={busy || (at < 0 && picks.length >= high)} onClick={toggle}>{words.value(chosen.type, name, value)}{badge}</button>;
              })}
            </div>
          </fieldset>
        );
      })}
      <p class="check" id="check" aria-live="polite" data-state={!built?.complete ? "incomplete" : check ? (check.ok ? "ok" : "refused") : "checking"}>
        {!built?.complete ? t("builder-incomplete") : check ? (check.ok ? t("builder-ok") : check.reason) : ""}
      </p>
      <div class="moves">
        <button class="move primary-move" id="send-move" disabled={busy || !built?.complete || (check !== null && !check.ok)}
          onClick={() => built && send(built.move)}>{t("builder-send", { move: title })}</button>
        <button type="button" class="secondary" id="cancel-move" onClick={() => setDraft(EMPTY)}>
          {t("builder-cancel")}</button>
      </div>
    </div>
  );
}
