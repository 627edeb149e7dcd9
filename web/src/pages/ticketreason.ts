// A ticket's reason as a player reads it on the queue page.
import type { Ticket } from "../gen/foodgames/v1/matchmaking_pb";
import { t } from "../i18n";

// The ticket's reason as the matchmaker says it in the reader's language (reasonMessage); a
// cancel is said as who left: "you left the queue", "bob called off the search".
export function reasonText(ticket: Ticket, me: string): string {
  const message = ticket.reasonMessage;
  if (!message) return ticket.reason;
  if (message.key === "ticket-cancelled-by") {  // after "Cancelled:", not "Cancelled: cancelled by bob"
    const by = JSON.parse(message.argsJson || "{}").player;
    return by === me ? t("queue-cancelled-you") : t("queue-cancelled-by", { player: by });
  }
  return message.text;
}
