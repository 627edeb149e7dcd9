// Which of a game's options a table offers now: an option the game describes `only_with` other
// options' values (Foodie Forest's unlisted cards, for the English edition only) is offered, and
// sent, only while those options have one of them; the rules would refuse it otherwise.
import type { GameOption } from "./describe";

/** The options to offer and send, given the value each option has now (`valueOf`). */
export function offered(options: GameOption[], valueOf: (option: GameOption) => unknown): GameOption[] {
  const byName = new Map(options.map((o) => [o.name, o]));
  return options.filter((o) => Object.entries(o.only_with ?? {}).every(([name, values]) => {
    const other = byName.get(name);
    return other !== undefined && values.some((v) => v === valueOf(other));
  }));
}
