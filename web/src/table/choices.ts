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

