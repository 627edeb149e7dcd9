// A private table said in a line, as the lobby lists it and its join page heads it: ranked or
// casual, its clock, and the options that differ from the rulebook's in the game's words.
import type { PrivateTable } from "../gen/foodgames/v1/tables_pb";
import { t } from "../i18n";
import { changedOptions, optionInWords } from "../table/describe";

export function clockText(table: PrivateTable): string {
  const c = table.clock;
  if (!c || !c.initialSeconds) return t("lobby-no-clock");
  return t("lobby-clock", { minutes: Math.round(c.initialSeconds / 60), increment: c.incrementSeconds });
}

/** The table's options that differ from the rulebook's, in the game's words. */
export function optionsText(table: PrivateTable): string {
  const options = table.options as Record<string, unknown> | undefined;
  return changedOptions(table.game, options).map((o) => optionInWords(o, options![o.name])).join(", ");
}

/** "ranked · no clock · Boot Camp (no draft)". */
export function tableTerms(table: PrivateTable): string {
  return [table.ranked ? t("lobby-ranked") : t("lobby-casual"), clockText(table), optionsText(table)]
    .filter((part) => part).join(" · ");
}
