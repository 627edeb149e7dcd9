// Numbers as the reader's language writes them ("2,36" in German), the same on every page: a
// rating on the end screen, the leaderboard and the player's page is one figure in one form.
import { language } from "./i18n";

export function decimals(value: number, digits = 2): string {
  return new Intl.NumberFormat(language.value, { minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(value);
}

/** A change, always signed: "+2.36", "-0.60". */
export function signed(value: number, digits = 2): string {
  return new Intl.NumberFormat(language.value, { minimumFractionDigits: digits, maximumFractionDigits: digits,
                                                 signDisplay: "always" }).format(value);
}

/** A score: whole numbers plain, else two decimals. */
export function score(value: number): string {
  return Number.isInteger(value) ? String(value) : decimals(value);
}
