import { devSignIn } from "../api";
import { h } from "../dom";
import { current, signIn, takeNext } from "../session";

export function signInPage(root: HTMLElement): void {
  const me = current();
  const error = h("p", { class: "error", id: "signin-error", role: "alert" });
  const name = h("input", {
    id: "name", name: "name", autocomplete: "nickname", required: true, maxlength: 64,
    placeholder: "your name", value: me?.player ?? "",
  });
  const button = h("button", { id: "signin", type: "submit", class: "primary" }, "Sign in");
  const form = h("form", { class: "card-panel signin" },
    h("h1", {}, "Sign in"),
    h("p", {}, "Choose a name to play under. This is the development sign-in of a ",
      h("code", {}, "make run"), " stack: anyone may take any name, and the name is your seat at the table."),
    h("label", { for: "name" }, "Name"), name, button, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    button.disabled = true;
    try {
      const session = await devSignIn(name.value.trim());
      signIn(session);
      location.hash = takeNext() ?? "#/play";
    } catch (err) {
      error.textContent = err instanceof Error ? err.message : String(err);
    } finally {
      button.disabled = false;
    }
  });
  root.append(form);
  name.focus();
}
