// A ticket's reason reads after "Cancelled:" as who left, in the reader's language; any other
// reason is the matchmaker's own text in that language, and a client's own words as given.
import { create } from "@bufbuild/protobuf";
import { afterEach, describe, expect, it } from "vitest";
import { MessageSchema } from "../gen/foodgames/v1/event_pb";
import { TicketSchema } from "../gen/foodgames/v1/matchmaking_pb";
import { language } from "../i18n";
import { reasonText } from "./ticketreason";

afterEach(() => { language.value = "en"; });

function cancelledBy(player: string) {
  return create(TicketSchema, { reason: `cancelled by ${player}`, reasonMessage: create(MessageSchema, {
    key: "ticket-cancelled-by", argsJson: JSON.stringify({ player }), text: `cancelled by ${player}` }) });
}

describe("a ticket's reason on the queue page", () => {
  it("says the reader left the queue, or who called off the party's search", () => {
    expect(reasonText(cancelledBy("ann"), "ann")).toBe("you left the queue");
    expect(reasonText(cancelledBy("bob"), "ann")).toBe("bob called off the search");
    language.value = "de";
    expect(reasonText(cancelledBy("bob"), "ann")).toBe("bob hat die Suche abgebrochen");
  });

  it("shows any other reason as the matchmaker wrote it for the reader", () => {
    const expired = create(TicketSchema, { reason: "no table formed", reasonMessage: create(MessageSchema, {
      key: "ticket-no-table", argsJson: "{}", text: "Binnen 600 s kam kein Tisch zustande." }) });
    expect(reasonText(expired, "ann")).toBe("Binnen 600 s kam kein Tisch zustande.");
    expect(reasonText(create(TicketSchema, { reason: "dinner" }), "ann")).toBe("dinner");
  });
});
