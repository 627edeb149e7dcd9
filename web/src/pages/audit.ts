// A finished game's audit: its bundle and the deck's public key fetched through the gateway,
// verified here in the browser (src/audit/verify.ts), each check shown; or any bundle pasted or
// uploaded, verified offline.
import { deck, explain } from "../api";
import { verifyBundle } from "../audit/verify";
import { fill, h } from "../dom";
import { current, setNext } from "../session";

type Skipped = { name: string; reason: string };

/** Checks the verifier says it cannot make in a browser (if it lists any), each with why. */
function skippedList(skipped: Skipped[]): HTMLElement | null {
  if (!skipped.length) return null;
  return h("details", { class: "skipped" }, h("summary", {}, `${skipped.length} check${skipped.length > 1 ? "s" : ""} not made in the browser`),
    h("ul", {}, skipped.map((s) => h("li", {}, h("b", {}, s.name), ": ", s.reason))));
}

async function verdict(target: HTMLElement, bundleText: string, publicKey: string | undefined): Promise<void> {
  fill(target, h("p", { class: "muted" }, "Verifying…"));
  let bundle: unknown;
  try {
    bundle = JSON.parse(bundleText);
  } catch (err) {
    fill(target, h("p", { class: "verdict bad", "data-ok": "false" }, `Not JSON: ${(err as Error).message}`));
    return;
  }
  try {
    const result = await verifyBundle(bundle, publicKey || undefined);
    fill(target,
      h("p", { class: `verdict ${result.ok ? "good" : "bad"}`, "data-ok": String(result.ok) },
        result.ok ? `Verified: all ${result.checks.length} checks passed` :
          `NOT verified: ${result.checks.filter((c) => !c.ok).length} of ${result.checks.length} checks failed`),
      h("ul", { class: "checks" }, result.checks.map((c) => h("li", { class: `check ${c.ok ? "pass" : "fail"}`, "data-ok": String(c.ok) },
        h("span", { class: "mark" }, c.ok ? "✔ pass" : "✘ fail"), " ", h("b", {}, c.name), h("div", { class: "detail" }, c.detail)))),
      skippedList((result as { skipped?: Skipped[] }).skipped ?? []));
  } catch (err) {
    fill(target, h("p", { class: "verdict bad", "data-ok": "false" }, `The verifier stopped: ${(err as Error).message ?? err}`));
  }
}

export function auditPage(root: HTMLElement, [gameId]: string[]): void {
  const online = h("div", { id: "online" });
  const offline = h("div", { id: "offline-result" });
  const key = h("input", { id: "public-key", placeholder: "the operator's public key (optional)", spellcheck: "false" });
  const text = h("textarea", { id: "bundle-text", rows: 6, placeholder: "paste an audit bundle (JSON) here", spellcheck: "false" });
  const file = h("input", { id: "bundle-file", type: "file", accept: ".json,application/json" });
  const verify = h("button", { id: "verify-offline", class: "primary" }, "Verify this bundle");
  const download = h("p", { id: "download" });

  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen) {
      text.value = await chosen.text();
      verdict(offline, text.value, key.value.trim());
    }
  });
  verify.addEventListener("click", () => verdict(offline, text.value, key.value.trim()));

  root.append(
    h("section", { class: "card-panel" }, h("h1", {}, "Audit", gameId ? ` of ${gameId}` : ""),
      h("p", {}, "Every shuffle of a finished game can be checked here, in your browser: the deck's commitment, ",
        "the seeds, each shuffle re-derived, and the transparency log's signed checkpoint and proofs (docs/audit.md)."),
      online, download),
    h("section", { class: "card-panel" }, h("h2", {}, "Verify a bundle offline"),
      h("label", { for: "bundle-text" }, "Audit bundle"), text, file,
      h("label", { for: "public-key" }, "Public key"), key, verify, offline));

  if (!gameId) {
    fill(online, h("p", { class: "muted" }, "Open a finished game's audit from its end screen, or verify a bundle below."));
    return;
  }
  if (!current()) {
    setNext(location.hash);
    fill(online, h("p", {}, h("a", { href: "#/signin" }, "Sign in"), " to fetch this game's bundle, or verify one below."));
    return;
  }
  (async () => {
    fill(online, h("p", { class: "muted" }, "Fetching the audit bundle and the deck's public key…"));
    try {
      const [bundle, publicKey] = await Promise.all([deck.exportAuditBundle({ gameId }), deck.getPublicKey({})]);
      key.value = publicKey.publicKey;
      text.value = bundle.bundleJson;
      const url = URL.createObjectURL(new Blob([bundle.bundleJson], { type: "application/json" }));
      fill(download, h("a", { href: url, download: `audit-${gameId}.json` }, "Download the bundle"), " · key ",
        h("code", { id: "fetched-key" }, publicKey.publicKey));
      await verdict(online, bundle.bundleJson, publicKey.publicKey);
    } catch (err) {
      fill(online, h("p", { class: "error", id: "audit-error" }, explain(err)));
    }
  })();
}
