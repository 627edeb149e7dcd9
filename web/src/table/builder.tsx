// A move built by tapping, from the seat's whole move space (ListLegalMoves' `choices_json`,
// shared/choices.py): the kind of move, then each of its fields in order (one of these values;
// a set of these cards, within its min and max, in order when the order counts; a field that
// depends on an earlier one), checked with CheckMove as soon as it is complete, and sent with
// its own button. Every control is a button: the whole move is made with a keyboard as well.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { Card } from "./card";
import { cardFace } from "./describe";
import { key, moveOf, resolve, type Choices, type Draft } from "./choices";
import type { Move, TableStore } from "./store";

export type { Choices };

export type BuilderWords = {
  /** the title of a kind of move ("Plate an Army") */
  moveTitle: (type: string) => string;
  /** the name of a field ("troops") */
  fieldTitle: (type: string, field: string) => string;
  /** a value that is not a card, in words ("breakfast" -> "Breakfast") */
  value: (type: string, field: string, value: unknown) => ComponentChildren;
};

export function isCard(game: string, value: unknown): value is string {
  return typeof value === "string" && cardFace(game, value) !== undefined;
}

export function MoveBuilder({ store, choices, words, busy }: { store: TableStore; choices: Choices; words: BuilderWords; busy: boolean }) {
  const game = store.game;
  const [draft, setDraft] = useState<Draft>({ type: null, entry: -1, values: {}, picks: {} });
  const [check, setCheck] = useState<{ ok: boolean; reason: string } | null>(null);
  const version = store.version.value;
  // a new version of the table: what was built may no longer fit
  useEffect(() => setDraft({ type: null, entry: -1, values: {}, picks: {} }), [version]);

  const entries = choices.moves;
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

  async function send(move: Move): Promise<void> {
    if (await store.play(move)) setDraft({ type: null, entry: -1, values: {}, picks: {} });
  }

  function start(index: number): void {
    const entry = entries[index];
    if (!entry.fields.length || entry.fields.every((f) => f.absent || f.const !== undefined)) {
      void send(moveOf(choices, { type: entry.type, entry: index, values: {}, picks: {} }).move);
      return;
    }
    setDraft({ type: entry.type, entry: index, values: {}, picks: {} });
  }

  if (!chosen) {
    return (
      <div class="builder" id="builder">
        <div class="moves">
          {entries.map((entry, i) => (
            <button class="move kind" data-kind={entry.type} disabled={busy} onClick={() => start(i)}>{words.moveTitle(entry.type)}</button>
          ))}
        </div>
      </div>
    );
  }

  const partial: Move = { type: chosen.type, ...draft.values };
  return (
    <div class="builder building" id="builder" data-kind={chosen.type}>
      <h3>{words.moveTitle(chosen.type)}</h3>
      {chosen.fields.map((field) => {
        const spec = resolve(field, partial);
        const name = field.name!;
        if (spec.absent || spec.const !== undefined) return null;
        const title = words.fieldTitle(chosen.type, name);
        if (spec.one_of) {
          return (
            <fieldset class="field" data-field={name} data-kind="one" data-optional={String(!!spec.optional)}>
              <legend>{title}{spec.optional ? ` ${t("builder-optional")}` : ""}</legend>
              <div class="cards">
                {spec.one_of.map((value) => {
                  const picked = name in draft.values && key(draft.values[name]) === key(value);
                  const toggle = () => {
                    const values = { ...draft.values };
                    if (picked) delete values[name];
                    else values[name] = value;
                    setDraft({ ...draft, values });
                  };
                  return isCard(game, value)
                    ? <Card game={game} id={value} onPick={toggle} picked={picked} disabled={busy} />
                    : <button type="button" class={`choice${picked ? " picked" : ""}`} aria-pressed={picked} disabled={busy} onClick={toggle}>
                        {words.value(chosen.type, name, value)}</button>;
                })}
              </div>
            </fieldset>
          );
        }
        const items = spec.subset_of ?? [];
        const picks = draft.picks[name] ?? [];
        const low = spec.min ?? 0;
        const high = spec.max ?? items.length;
        return (
          <fieldset class="field" data-field={name} data-kind="set" data-min={low} data-max={high}>
            <legend>{title} <span class="muted">{t("builder-count", { count: picks.length, min: low, max: high })}</span></legend>
            <div class="cards">
              {items.map((value, i) => {
                const at = picks.indexOf(i);
                const toggle = () => {
                  const next = at >= 0 ? picks.filter((p) => p !== i) : picks.length < high ? [...picks, i] : picks;
                  setDraft({ ...draft, picks: { ...draft.picks, [name]: next } });
                };
                const badge = at >= 0 && spec.ordered ? <span class="order">{at + 1}</span> : null;
                return isCard(game, value)
                  ? <span class="pick-wrap"><Card game={game} id={value} onPick={toggle} picked={at >= 0} disabled={busy || (at < 0 && picks.length >= high)} />{badge}</span>
                  : <button type="button" class={`choice${at >= 0 ? " picked" : ""}`} aria-pressed={at >= 0}
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
          onClick={() => built && send(built.move)}>{t("builder-send", { move: words.moveTitle(chosen.type) })}</button>
        <button type="button" class="secondary" id="cancel-move" onClick={() => setDraft({ type: null, entry: -1, values: {}, picks: {} })}>
          {t("builder-cancel")}</button>
      </div>
    </div>
  );
}
