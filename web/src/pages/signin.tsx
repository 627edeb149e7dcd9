import { useState } from "preact/hooks";
import { devSignIn } from "../api";
import { t } from "../i18n";
import { takeNext } from "../session";
import { go, session, signIn } from "../store";

export function SignInPage() {
  const [name, setName] = useState(session.value?.player ?? "");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setError("");
    setBusy(true);
    try {
      signIn(await devSignIn(name.trim()));
      go(takeNext() ?? "#/play");
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card-panel signin" onSubmit={submit}>
      <h1>{t("signin-title")}</h1>
      <p>{t("signin-intro")}</p>
      <label for="name">{t("signin-name")}</label>
      <input id="name" name="name" autocomplete="nickname" required maxLength={64} autoFocus
        placeholder={t("signin-placeholder")} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <button id="signin" type="submit" class="primary" disabled={busy}>{t("signin-button")}</button>
      <p class="error" id="signin-error" role="alert">{error}</p>
    </form>
  );
}
