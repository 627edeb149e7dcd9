// Building a move from a seat's move space (ListLegalMoves' `choices_json`, shared/choices.py):
// what the builder has picked so far, and the move it makes. No drawing here (builder.tsx).
import type { Move } from "./store";

export type Spec = {
  name?: string; one_of?: unknown[]; subset_of?: unknown[]; min?: number; max?: number; ordered?: boolean;
  const?: unknown; absent?: boolean; depends_on?: string; cases?: Record<string, Spec>; optional?: boolean;
};
export type Choices = { moves: { type: string; fields: Spec[] }[] };


export function key(value: unknown): string {
  return typeof value === "boolean" ? (value ? "true" : "false") : String(value);
}

export function resolve(spec: Spec, move: Move): Spec {
  if (spec.depends_on !== undefined) return spec.cases?.[key(move[spec.depends_on])] ?? { absent: true };
  return spec;
}

/** Picked indices of each subset field (a card may be listed twice: each copy is its own). */
export type Draft = { type: string | null; entry: number; values: Record<string, unknown>; picks: Record<string, number[]> };

export function moveOf(choices: Choices, draft: Draft): { move: Move; complete: boolean } {
  const entry = choices.moves[draft.entry];
  const move: Move = { type: entry.type };
  let complete = true;
  for (const field of entry.fields) {
    const spec = resolve(field, move);
    const name = field.name!;
    if (spec.absent) continue;
    if (spec.const !== undefined) {
      move[name] = spec.const;
    } else if (spec.one_of) {
      if (name in draft.values) move[name] = draft.values[name];
      else if (!spec.optional) complete = false;
    } else if (spec.subset_of) {
      const picks = draft.picks[name] ?? [];
      const low = spec.min ?? 0;
      if (picks.length < low) complete = false;
      if (picks.length || !spec.optional) move[name] = picks.map((i) => spec.subset_of![i]);
    }
  }
  return { move, complete };
}


/** One kind of move: every entry of the choices with that type (a type may repeat: Foodtown's
 * "play" is a territory or publicity card alone, or an action card with its target). */
export type Kind = { type: string; entries: number[] };

export function kindsOf(choices: Choices): Kind[] {
  const kinds: Kind[] = [];
  choices.moves.forEach((entry, i) => {
    const kind = kinds.find((k) => k.type === entry.type);
    if (kind) kind.entries.push(i);
    else kinds.push({ type: entry.type, entries: [i] });
  });
  return kinds;
}

/** The values of an entry's first field (one_of, or its const), or null when it has none. */
function firstValues(spec: Spec | undefined): unknown[] | null {
  if (!spec || spec.depends_on !== undefined) return null;
  if (spec.one_of) return spec.one_of;
  if (spec.const !== undefined) return [spec.const];
  return null;
}

/** The field a kind of several entries starts with, when they all start with the same one:
 * every entry's values of it (the first entry a value belongs to is the one it builds), so
 * that the card is chosen first and then the fields of its entry. Null: not mergeable. */
export function mergedFirst(choices: Choices, kind: Kind): { name: string; values: unknown[]; entryOf: number[] } | null {
  if (kind.entries.length < 2) return null;
  const name = choices.moves[kind.entries[0]].fields[0]?.name;
  if (!name) return null;
  const values: unknown[] = [];
  const entryOf: number[] = [];
  for (const i of kind.entries) {
    const first = choices.moves[i].fields[0];
    const offered = first?.name === name ? firstValues(first) : null;
    if (!offered) return null;
    for (const v of offered) {
      if (values.some((w) => key(w) === key(v))) continue;
      values.push(v);
      entryOf.push(i);
    }
  }
  return { name, values, entryOf };
}

/** An entry that is a whole move (no field to choose). */
export function whole(entry: { fields: Spec[] }): boolean {
  return entry.fields.every((f) => f.absent || f.const !== undefined);
}

/** An entry that switches a setting: its only field a fixed true or false (Food Fight's
 * auto_pass `on`); the setting is now the opposite of what the move sets. */
export function switchOf(entry: { fields: Spec[] }): { name: string; to: boolean } | null {
  const set = entry.fields.filter((f) => !f.absent);
  if (set.length !== 1 || typeof set[0].const !== "boolean") return null;
  return { name: set[0].name!, to: set[0].const };
}
