// What a set field of the move builder says beside its title: how many are chosen of how many
// it takes, or that there is nothing to choose ("Mascots to plate: none in your hand", not
// "0 chosen (0–0)").
import { t } from "../i18n";

export function pickCount(chosen: number, low: number, high: number, available: number): string {
  if (available === 0 || high === 0) return t("builder-nothing");
  return t("builder-count", { count: chosen, min: low, max: high });
}
