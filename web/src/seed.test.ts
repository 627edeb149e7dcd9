// A client seed whose call failed in a way that may pass (canceled, unavailable, ...) is sent
// again, the same seed, until the deck takes it; a refusal is final.
import { Code, ConnectError } from "@connectrpc/connect";
import { beforeEach, describe, expect, it, vi } from "vitest";

const addClientSeed = vi.fn();
vi.mock("./api", () => ({
  Code,
  codeOf: (err: unknown) => ConnectError.from(err).code,
  explain: (err: unknown) => String(err),
  deck: { addClientSeed: (...args: unknown[]) => addClientSeed(...args) },
}));
const flags = new Set<string>();
vi.mock("./session", () => ({ flag: (name: string) => flags.has(name), setFlag: (name: string) => flags.add(name) }));

const stored = new Map<string, string>();
vi.stubGlobal("sessionStorage", { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v) });

const { sendClientSeed, seedNote } = await import("./seed");

describe("sendClientSeed", () => {
  beforeEach(() => {
    addClientSeed.mockReset();
    flags.clear();
    stored.clear();
  });

  it("sends a seed whose call was cancelled again, the same seed, until the deck takes it", async () => {
    // given a deck call that ends canceled once, then succeeds
    addClientSeed.mockRejectedValueOnce(new ConnectError("CANCELLED", Code.Canceled)).mockResolvedValueOnce({});
    // when the seat's seed is sent
    await sendClientSeed("g1", 2);
    // then it was sent twice with the same seed, and the table notes it taken
    expect(addClientSeed).toHaveBeenCalledTimes(2);
    const [first, second] = addClientSeed.mock.calls.map((c) => c[0]);
    expect(second).toEqual(first);
    expect(first.gameId).toBe("g1");
    expect(first.seat).toBe(2);
    expect(seedNote("g1")).toBe("seed-taken");
  });

  it("does not send a refused seed again", async () => {
    // given a deck that refuses the seed as too late
    addClientSeed.mockRejectedValue(new ConnectError("too late", Code.FailedPrecondition));
    // when the seat's seed is sent
    await sendClientSeed("g2", 0);
    // then it was sent once, and the table notes it refused
    expect(addClientSeed).toHaveBeenCalledTimes(1);
    expect(seedNote("g2")).toBe("seed-refused");
  });
});
