// Sign in: with the identity provider the gateway names (OpenID Connect, src/oidc.ts), or, on a
// `make run` stack only, by a name (the dev sign-in). The provider's answer comes back here.
import { useEffect, useState } from "preact/hooks";
import { devSignIn } from "../api";
import { t } from "../i18n";
import { finishSignIn, isCallback, signInOptions, startSignIn, type SignInOptions } from "../oidc";
import { takeNext } from "../session";
import { go, session, signIn } from "../store";

export function SignInPage() {
  const [name, setName] = useState(session.value?.player ?? "");
  const [options, setOptions] = useState<SignInOptions | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  function failed(err: unknown): void {
    setError(err instanceof Error ? err.message : String(err));
  }

  useEffect(() => {
    signInOptions().then(async (found) => {
      setOptions(found);
      if (found.oidc && isCallback()) {
        setBusy(true);
        try {
          signIn(await finishSignIn(found.oidc));
          go(takeNext() ?? "#/play");
        } catch (err) {
          failed(err);
        } finally {
          setBusy(false);
        }
      }
    }, failed);
  }, []);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setError("");
    setBusy(true);
    try {
      signIn(await devSignIn(name.trim()));
      go(takeNext() ?? "#/play");
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function provider(): Promise<void> {
    setError("");
    setBusy(true);
    try {
      await startSignIn(options!.oidc!);
    } catch (err) {
      failed(err);
      setBusy(false);
    }
  }

  return (
    <div class="card-panel signin">
      <h1>{t("signin-title")}</h1>
      {options?.oidc && <p>
        <button id="signin-oidc" type="button" class="primary" disabled={busy} onClick={() => void provider()}>{t("signin-provider")}</button>
      </p>}
      {options?.dev && <form class="signin-dev" onSubmit={submit}>
        <p>{t("signin-intro")}</p>
        <label for="name">{t("signin-name")}</label>
        <input id="name" name="name" autocomplete="nickname" required maxLength={64} autoFocus
          placeholder={t("signin-placeholder")} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button id="signin" type="submit" class="primary" disabled={busy}>{t("signin-button")}</button>
      </form>}
      {options && !options.dev && !options.oidc && <p id="signin-none">{t("signin-none")}</p>}
      <p class="error" id="signin-error" role="alert">{error}</p>
    </div>
  );
}
