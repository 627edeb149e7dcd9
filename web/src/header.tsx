// The bar on every page: where to go, who is signed in, and the language.
import { chooseLanguage, language, LANGUAGES, t, type Language } from "./i18n";
import { go, session, signOut } from "./store";
import { shortName } from "./util";

export function Header() {
  const me = session.value;
  const lang = language.value;
  return (
    <>
      <a class="brand" href={me ? "#/play" : "#/signin"}>foodgames</a>
      {me && (
        <span class="me" id="me" title={me.player}>
          <a id="my-games" href="#/player" title={t("nav-my-games")}>{shortName(me.player, 20)}</a>{" "}
          <button class="link" id="sign-out" onClick={() => { signOut(); go("#/signin"); }}>{t("nav-sign-out")}</button>
        </span>
      )}
      <nav aria-label={t("nav-label")}>
        {me && <a href="#/play">{t("nav-play")}</a>}
        {me && <a href="#/leaderboard">{t("nav-leaderboard")}</a>}
        {me && <a href="#/tournament">{t("nav-tournaments")}</a>}
        <a href="#/audit">{t("nav-audit")}</a>
        <select id="lang" aria-label={t("nav-language")} value={lang}
          onChange={(e) => chooseLanguage((e.currentTarget as HTMLSelectElement).value as Language)}>
          {LANGUAGES.map((l) => <option value={l}>{t(`language-${l}`)}</option>)}
        </select>
      </nav>
    </>
  );
}
