// Given Go's signed-note test vectors (tests/deck/data/signed_note_vectors.json, golang.org/x/mod/sumdb/note),
// when this implementation opens the note with Go's verifier key, then it opens beside another key's
// signature, and a changed key, text or signature is refused.
import { describe, expect, it } from "vitest";
import go from "../../../tests/deck/data/signed_note_vectors.json";
import { openNote, parseCheckpoint, parseVerifierKey } from "./note";

describe("C2SP signed notes with Ed25519", () => {
  it("Go's signed note opens with Go's verifier key, even beside another key's signature", async () => {
    const key = await parseVerifierKey(go.verifier_key);
    expect(key.name).toBe("PeterNeumann");
    expect(await openNote(go.signed_note, key)).toBe(go.text);
    expect(await openNote(go.signed_note + go.other_signature_line, key)).toBe(go.text);
  });

  it("a note signed only by another key is refused", async () => {
    const key = await parseVerifierKey(go.verifier_key);
    const other = `${go.text}\n${go.other_signature_line}`;
    await expect(openNote(other, key)).rejects.toThrow(/no signature by PeterNeumann/);
  });

  it("a changed character of the text or the signature is refused", async () => {
    const key = await parseVerifierKey(go.verifier_key);
    await expect(openNote(go.signed_note.replace("answer", "Answer"), key)).rejects.toThrow(/does not verify/);
    const sig = go.signed_note.lastIndexOf(" ") + 10;
    const changed = go.signed_note.slice(0, sig) + (go.signed_note[sig] === "A" ? "B" : "A") + go.signed_note.slice(sig + 1);
    await expect(openNote(changed, key)).rejects.toThrow();
  });

  it("every single-character change of Go's verifier key is refused", async () => {
    const k = go.verifier_key;
    for (let i = 0; i < k.length; i++) {
      const changed = k.slice(0, i) + (k[i] === "A" ? "B" : "A") + k.slice(i + 1);
      await expect(parseVerifierKey(changed), `change at ${i}`).rejects.toThrow();
    }
  });

  it("a checkpoint body is origin, decimal size and base64 root", () => {
    const root = "K86QurcL5GRIgYiBdHIDDcq+CZM5OSwQOJQ/5kuZFoo=";
    expect(parseCheckpoint(`foodgames/deck/log/v1\n1234\n${root}\n`).size).toBe(1234);
    expect(() => parseCheckpoint(`foodgames/deck/log/v1\n01234\n${root}\n`)).toThrow(/decimal/);
    expect(() => parseCheckpoint(`foodgames/deck/log/v1\n1234\nAAAA\n`)).toThrow(/32 bytes/);
  });
});
