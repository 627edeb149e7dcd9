// What a game's folder (src/games/<game>/index.tsx) gives the table: its board, and how its
// moves and events read when the server sends no label or message for them.
import type { ComponentChildren, ComponentType } from "preact";
import type { BuilderWords } from "../table/builder";
import type { Message, Move, View } from "../table/store";

export type BoardProps = {
  /** the game's name (e.g. "food-fight") */
  game: string;
  view: View;
  me: string;
  /** the moves offered now and their labels from the server (when it sends them) */
  moves: Move[];
  labels: (Message | undefined)[];
  play: (move: Move) => void;
};

export type GameUi = {
  Board: ComponentType<BoardProps>;
  /** its moves are built by tapping from the API's choices (else: one button per listed move) */
  buildsMoves?: boolean;
  /** the words of the move builder (kinds of move, fields, values) */
  words?: BuilderWords;
  /** why the game ended, in words, from the final view (null: the scores say it) */
  endWhy?: (view: View) => string | null;
  /** a move's label when the server sends none */
  moveLabel?: (move: Move, view: View) => ComponentChildren;
  /** a log line when the server sends no message (null: not shown) */
  eventLine?: (event: { type: string; data: Record<string, any> }, players: string[], me: string) => string | null;
  /** whose turn and what to do, when the server sends no prompt */
  turnLine?: (view: View, me: string) => string;
};
