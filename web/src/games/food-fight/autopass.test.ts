// Food Fight's automatic passing is a setting: where the seat is offered whole moves only (Pass,
// and the switch), the listed moves draw it as the builder does, a switch that reads on or off,
// never as a plain button beside "Pass" (the table page's list: tests/web/test_games.py checks it
// on every turn of a game played in the browser).
import { describe, expect, it, vi } from "vitest";
import type { VNode } from "preact";
import { SettingSwitch, settingOf } from "../../table/builder";
import type { Choices } from "../../table/choices";

// the builder's module asks the API for a game's description: no gateway in a unit test
vi.mock("../../api", () => ({ gameService: () => ({}) }));

// an Instant round where the seat can play nothing: Pass, or switch automatic passing on
const wholeMovesOnly: Choices = { moves: [
  { type: "pass", fields: [] },
  { type: "auto_pass", fields: [{ name: "on", const: true }] },
] };

function text(node: unknown): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(text).join("");
  return text((node as VNode<{ children?: unknown }>).props.children);
}

describe("Food Fight's automatic passing", () => {
  it("given only whole moves are offered, when the auto-pass move is listed, then it is a switch now off", () => {
    expect(settingOf(wholeMovesOnly, "pass")).toBeNull();
    const setting = settingOf(wholeMovesOnly, "auto_pass");
    expect(setting).toEqual({ name: "on", to: true });
    const drawn = SettingSwitch({ type: "auto_pass", to: setting!.to, title: "Pass automatically", busy: false,
      onToggle: () => {}, move: { type: "auto_pass", on: true } }) as VNode<Record<string, unknown>>;
    expect(drawn.props.role).toBe("switch");
    expect(drawn.props["aria-checked"]).toBe(false);
    expect(drawn.props["data-move"]).toBe(JSON.stringify({ type: "auto_pass", on: true }));
    expect(text(drawn)).toMatch(/Pass automatically \(off\)/);
  });
});
