// Numbers as the reader's language writes them ("2,36" in German), the same on every page: a
// rating on the end screen, the leaderboard and the player's page is one figure in one form.
import { language } from "./i18n";

// one formatter per language and form: a leaderboard page writes hundreds of figures
const formats = new Map<string, Intl.NumberFormat>();

function format(digits: number, sign: boolean): Intl.NumberFormat {
  const key = `${language.value}/${digits}/${sign}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language.value, { minimumFractionDigits: digits, maximumFractionDigits: digits,
                                                     signDisplay: sign ? "always" : "auto" });
    formats.set(key, found);
  }
  return found;
}

export function decimals(value: number, digits = 2): string {
  return format(digits, false).format(value);
}

/** A change, always signed: "+2.36", "-0.60". */
export function signed(value: number, digits = 2): string {
  return format(digits, true).format(value);
}

/** A score: whole numbers plain, else two decimals. */
export function score(value: number): string {
  return Number.isInteger(value) ? String(value) : decimals(value);
}
