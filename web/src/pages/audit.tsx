// A finished game's audit: its bundle and the deck's public key fetched through the gateway,
// verified here in the browser (src/audit/verify.ts), each check shown; or any bundle chosen
// as a file (or pasted), verified offline.
import { useEffect, useState } from "preact/hooks";
import { deck, explain } from "../api";
import { verifyBundle } from "../audit/verify";
import { t } from "../i18n";
import type { PageProps } from "./props";
import { setNext } from "../session";
import { session } from "../store";

type Skipped = { name: string; reason: string };
type Verdict =
  | { state: "working" }
  | { state: "error"; text: string }
  | { state: "done"; ok: boolean; checks: { name: string; ok: boolean; detail: string }[]; skipped: Skipped[] };

async function verify(bundleText: string, publicKey: string | undefined): Promise<Verdict> {
  let bundle: unknown;
  try {
    bundle = JSON.parse(bundleText);
  } catch (err) {
    return { state: "error", text: t("audit-not-json", { error: (err as Error).message }) };
  }
  try {
    const result = await verifyBundle(bundle, publicKey || undefined);
    return { state: "done", ok: result.ok, checks: result.checks, skipped: (result as { skipped?: Skipped[] }).skipped ?? [] };
  } catch (err) {
    return { state: "error", text: t("audit-stopped", { error: String((err as Error).message ?? err) }) };
  }
}

function VerdictView({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) return null;
  if (verdict.state === "working") return <p class="muted">{t("audit-verifying")}</p>;
  if (verdict.state === "error") return <p class="verdict bad" data-ok="false">{verdict.text}</p>;
  const failed = verdict.checks.filter((c) => !c.ok).length;
  return (
    <>
      <p class={`verdict ${verdict.ok ? "good" : "bad"}`} data-ok={String(verdict.ok)}>
        {verdict.ok ? t("audit-verified", { count: verdict.checks.length }) : t("audit-not-verified", { failed, count: verdict.checks.length })}
      </p>
      <ul class="checks">
        {verdict.checks.map((c) => (
          <li class={`check ${c.ok ? "pass" : "fail"}`} data-ok={String(c.ok)}>
            <span class="mark">{c.ok ? `✔ ${t("audit-pass")}` : `✘ ${t("audit-fail")}`}</span> <b>{c.name}</b>
            <div class="detail">{c.detail}</div>
          </li>
        ))}
      </ul>
      {verdict.skipped.length > 0 && (
        <details class="skipped">
          <summary>{t("audit-skipped", { count: verdict.skipped.length })}</summary>
          <ul>{verdict.skipped.map((s) => <li><b>{s.name}</b>: {s.reason}</li>)}</ul>
        </details>
      )}
    </>
  );
}

export function AuditPage({ params: [gameId] }: PageProps) {
  const me = session.value;
  const [online, setOnline] = useState<Verdict | null>(null);
  const [onlineError, setOnlineError] = useState("");
  const [offline, setOffline] = useState<Verdict | null>(null);
  const [key, setKey] = useState("");
  const [text, setText] = useState("");
  const [download, setDownload] = useState<string | null>(null);

  useEffect(() => {
    if (!gameId || !me) return;
    let gone = false;
    let url: string | null = null;
    (async () => {
      setOnline({ state: "working" });
      try {
        const [bundle, publicKey] = await Promise.all([deck.exportAuditBundle({ gameId }), deck.getPublicKey({})]);
        if (gone) return;
        setKey(publicKey.publicKey);
        url = URL.createObjectURL(new Blob([bundle.bundleJson], { type: "application/json" }));
        setDownload(url);
        const result = await verify(bundle.bundleJson, publicKey.publicKey);
        if (!gone) setOnline(result);
      } catch (err) {
        if (!gone) {
          setOnline(null);
          setOnlineError(explain(err));
        }
      }
    })();
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [gameId]);

  async function offlineCheck(bundleText: string): Promise<void> {
    setOffline({ state: "working" });
    setOffline(await verify(bundleText, key.trim()));
  }

  async function chosen(event: Event): Promise<void> {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (file) await offlineCheck(await file.text());
  }

  let intro: preact.ComponentChildren = null;
  if (!gameId) intro = <p class="muted">{t("audit-open-hint")}</p>;
  else if (!me) {
    setNext(location.hash);
    intro = <p><a href="#/signin">{t("audit-sign-in")}</a> {t("audit-sign-in-rest")}</p>;
  }
  return (
    <>
      <section class="card-panel">
        <h1>{gameId ? t("audit-title-of", { game: gameId }) : t("audit-title")}</h1>
        <p>{t("audit-intro")}</p>
        <div id="online">
          {intro}
          <VerdictView verdict={online} />
          {onlineError && <p class="error" id="audit-error">{onlineError}</p>}
        </div>
        <p id="download">
          {download && <><a href={download} download={`audit-${gameId}.json`}>{t("audit-download")}</a>{" · "}{t("audit-key")}{" "}
            <code id="fetched-key">{key}</code></>}
        </p>
      </section>
      <section class="card-panel">
        <h2>{t("audit-offline")}</h2>
        <label for="bundle-file">{t("audit-file")}</label>
        <input id="bundle-file" type="file" accept=".json,application/json" onChange={chosen} />
        <label for="bundle-text">{t("audit-paste")}</label>
        <textarea id="bundle-text" rows={4} placeholder={t("audit-paste-placeholder")} spellcheck={false}
          value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <label for="public-key">{t("audit-public-key")}</label>
        <input id="public-key" placeholder={t("audit-public-key-placeholder")} spellcheck={false}
          value={key} onInput={(e) => setKey(e.currentTarget.value)} />
        <button id="verify-offline" class="primary" onClick={() => offlineCheck(text)}>{t("audit-verify")}</button>
        <div id="offline-result"><VerdictView verdict={offline} /></div>
      </section>
    </>
  );
}
