# The runtime's own texts, shared by every game (shared/i18n.py reads them after a game's own):
# the events every game's stream holds beside the rules' events, the common refusals, the
# fallback prompts and the titles of the rules' sections. Every key is in de.ftl too, with the
# same arguments (tests/rules/test_contract.py). Conventions: docs/i18n.md.

language-name = English

## Events the runtime writes (shared/gamestream.py). $you is "true" when the event is about
## the reading seat.

event-GameCreated = { $ranked ->
    [true] A ranked game for { NAMES($players) } was set up.
   *[false] A game for { NAMES($players) } was set up.
}
event-SeedCommitted = The deck committed to its secret seed ({ $commitment }…); every shuffle can be checked once it is revealed.
event-ShuffleApplied = The { $deck } cards were shuffled.
event-GameOver = The game is over. { $you ->
    [true] { $count ->
        [one] You won!
       *[other] You share first place with { NAMES($others) }.
    }
   *[false] { $count ->
        [one] { NAMES($winners) } won.
       *[other] { NAMES($winners) } share first place.
    }
}
event-GameOver-team = The game is over. { $won ->
    [true] { $you ->
        [true] { $count ->
            [one] You won!
           *[other] You won together!
        }
       *[false] { $count ->
            [one] { $players } won!
           *[other] { NAMES($players) } won together!
        }
    }
   *[false] { $you ->
        [true] { $count ->
            [one] You lost.
           *[other] You lost together.
        }
       *[false] { $count ->
            [one] { $players } lost.
           *[other] { NAMES($players) } lost together.
        }
    }
}
event-GameOver-forfeit = The game is over: { $you ->
    [true] you forfeited.
   *[false] { $player } forfeited.
}
event-SeedRevealed = The deck revealed its secret seed: every shuffle of this game can now be checked.
# A bot at a table (shared.names.bots_at_table): number 0 where it is the table's only one
player-bot = { $number ->
    [0] Bot
   *[other] Bot { $number }
}
event-ClockSet = Every player has { $initial_s } { $initial_s ->
    [one] second
   *[other] seconds
} on the clock, plus { $increment_s } after each move; { $forfeit ->
    [true] whoever runs out of time forfeits.
   *[false] whoever runs out of time has a bot play for them.
}
event-TimeRecorded = The clocks were recorded.
event-TimedOut = { $you ->
    [true] Your time ran out.
   *[false] { $player }'s time ran out.
}
event-BotMoved = { $you ->
    [true] Your bot played for you
   *[false] { $player }'s bot played for them
} { $reason ->
    [timeout] because the time ran out.
   *[takeover] while they are away.
}
event-Forfeited = { $you ->
    [true] You forfeit.
   *[false] { $player } forfeits.
}
event-PlayerConnected = { $you ->
    [true] You are at the table.
   *[false] { $player } is at the table.
}
event-PlayerDisconnected = { $you ->
    [true] You are away.
   *[false] { $player } is away.
}
event-BotTookOver = { $you ->
    [true] A bot plays for you
   *[false] A bot plays for { $player }
} { $reason ->
    [away] while away.
   *[missed-turns] after missed turns.
}
event-PlayerReturned = { $you ->
    [true] You are back and play again.
   *[false] { $player } is back and plays again.
}
event-GameCancelled = The game was cancelled: nobody showed up in time. It is not rated.
event-GameCancelled-abandoned = The game was cancelled: { NAMES($players) } { $count ->
    [one] has
   *[other] have
  } left the table and not come back. It is not rated.

## What to do now, when a game says nothing of its own.

prompt-your-turn = Your turn.
prompt-waiting = Waiting for { NAMES($players) }.
prompt-dealing = The cards are being dealt.
prompt-over = The game is over.

## Titles of the rules' sections (a game may give its own as the attribute .title of rules-<section>).

section-goal = Goal
section-setup = Setup
section-turn = A turn
section-cards = The cards
section-end = The end
section-scoring = Scoring
section-choices = Where the rulebook is silent

## Refusals every game shares (shared/runtime, shared/moves.py).

refused-no-such-game = There is no game { $game_id }.
refused-bad-game-id = That is not a valid game id (letters, digits, - and _, up to 64).
refused-no-such-seat = Seat { $seat } does not exist: the table has seats 0 to { $last }.
refused-not-your-seat = Seat { $seat } belongs to { $owner }, not to you.
refused-bad-move-id = A move needs a move id of 1 to 128 characters.
refused-move-id-reused = Move id { $move_id } was already used for another move: a new move needs a new move id.
refused-stale-version = The table changed (it is at version { $version }, your move was for version { $expected }): look at it again and make your move.
refused-raced = Another move landed first (the game is at version { $version }): look at the table again.
refused-dealt = The cards were dealt since you looked (version { $version }): look at the table again.
refused-busy = The game kept changing while your move was decided; try again.
refused-game-over = The game is over.
refused-game-cancelled = The game was cancelled.
refused-dealing = The cards are being dealt; ask again in a moment.
refused-not-your-turn = It is not your turn.
refused-no-move = Send a move: a JSON object with a type, e.g. {"{"}"type": "play"{"}"}.
refused-move-not-json = The move is not valid JSON.
refused-move-not-object = A move is a JSON object with a type.
refused-move-no-type = A move needs a type; this game knows: { $known }.
refused-unknown-move-type = This game has no move { $type }; it knows: { $known }.
refused-move-extra-field = A { $move } move has no field { $field }; it takes: { $allowed }.
refused-move-missing-field = A { $move } move needs { $field }.
refused-move-field-kind = The { $field } of a { $move } move must be { $kind ->
    [number] a whole number
    [bool] true or false
    [list] a list of texts
   *[text] a text
}.
refused-move-field-choice = The { $field } of a { $move } move must be one of { $choices }.
refused-move-field-too-long = The { $field } of a { $move } move is too long (at most { $limit } characters).
refused-move-field-range = The { $field } of a { $move } move is out of range.
refused-move-field-items = The { $field } of a { $move } move has { $count } items; at most { $limit }.
refused-no-spectators = This game does not allow spectators.
refused-replay-not-player = Only the game's players and operators may replay it.
refused-replay-not-over = The game is not over yet: follow a game in progress by watching it.
refused-replay-other-seat = A player replays their own seat or the spectator's view.
refused-no-token = Sign in first: this call needs a token.
refused-token-expired = Your sign-in has expired; sign in again.
refused-token-invalid = Your sign-in is not valid; sign in again.
refused-operators-only = Only the stack's operators may read its figures; you are signed in as a { $role }.
refused-too-many-calls = Too many calls: at most { $limit } a minute. Try again in { $wait } s.
refused-too-many-streams = Too many pages of the game are open at once ({ $limit } live connections): close one and try again.
refused-too-many-streams-address = Too many live connections from your network ({ $limit }): close a page and try again.
refused-too-many-requests = Too many requests from your network: at most { $limit } a minute. Try again in { $wait } s.

## Private tables (docs/friends.md)
refused-players-only = Private tables are for players: sign in as a player.
refused-no-such-table = There is no table { $table }.
refused-table-code-unknown = The invite code { $code } is unknown or has expired: ask the host for a new one.
refused-table-code-expired = The invite code { $code } has expired: the table has started or nobody started it in time.
refused-table-seats = This game is played by { $low } to { $high } players.
refused-table-fixed-ranked = A ranked table's seats are drawn: only a casual table keeps fixed seats.
refused-table-rating-gap = { $player } may not join this ranked table: their rating is more than { $gap } from the host's. Play it casual, or meet in the ranked queue.
refused-table-already-seated = You already sit at another open table ({ $game }, hosted by { $host }, invite code { $code }): start or leave it first.
refused-table-joined-twice = You sit at this table already.
refused-table-full = The table is full ({ $seats } { $seats ->
    [one] player
   *[other] players
}).
refused-table-host-only = Only the host, { $host }, may do that.
refused-table-not-open = The table is no longer open.
refused-table-not-seated = You do not sit at this table.
refused-table-none-held = You sit at no open table.
refused-table-too-few = This game needs at least { $needed } players; { $came } came. Fill the rest with bots.
refused-table-not-yours = Only the table's players may ask for a rematch.
refused-table-not-started = A rematch follows a game: this table has not started.
refused-table-spectators-option = Spectators are a setting of the table, not an option of the game.
refused-table-expiry = An invite code works for at most { $hours } hours.
refused-table-id-required = Name the table: its id, as opening it returned.

## The queue (services/matchmaking/service.py): a search is a ticket
refused-live-ticket = { $player } is already searching for a table of { $game }: cancel that search or wait for it to end.
refused-live-ticket-join = { $player } is already searching for a table of { $game }: cancel that search to join this party.
refused-no-such-ticket = There is no search { $ticket }: it never was, or it ended more than a day ago.
refused-ticket-not-yours = This search belongs to { $players }, not to you.
refused-no-invitation = There is no invitation to accept here any more.
refused-ticket-being-seated = A table for this search is being set up; try again in a moment.
refused-ticket-matched = This search has found its table already: it can no longer be called off.
refused-ticket-ended = This search has ended already.
refused-game-options = { $game } cannot be played with these options: { $reason }
refused-game-required = Choose a game.
refused-unknown-game = There is no game { $game } here; the games are: { $known }.
refused-options-too-large = The game options are too long: at most { $limit } bytes.
refused-party-without-you = You may only search for a party you are in: { $players }.
refused-party-not-a-name = { $name } is not a player name.
refused-party-twice = A party names each player once.
refused-party-too-large = A party has at most { $limit } players.
refused-party-too-big = A party of { $party } does not fit at a table of at most { $high } players.
refused-ticket-min-max = The smallest table asked for ({ $low } players) is larger than the largest ({ $high }).
refused-invitation-players-only = Only a member of the party accepts its invitation, signed in as themself.
refused-bot-level-ranked = The bots' level is for casual tables: at ranked tables the house bots play at the operator's level.
refused-bot-level-unknown = The bots' level is one of { $levels }, not { $level }.

## The leaderboard (services/leaderboard/service.py)
refused-not-on-board = { $player } is not on that board of { $game } yet.
refused-no-rated-game = { $player } has no rated game of { $game } yet.

## Table chat (docs/friends.md): quick phrases, one tap each
chat-phrase-hello = Hello!
chat-phrase-good-luck = Good luck, have fun!
chat-phrase-your-turn = Your turn!
chat-phrase-one-moment = One moment, please.
chat-phrase-nice-move = Nice move!
chat-phrase-oops = Oops!
chat-phrase-thanks = Thanks!
chat-phrase-well-played = Well played!
chat-phrase-rematch = Rematch?
refused-chat-no-spectators = This game has no spectators, so no spectators' chat.
refused-chat-no-phrase = There is no such quick phrase.
refused-chat-empty = A chat message needs some words, or a quick phrase.
refused-chat-too-long = A chat message has at most { $limit } characters.
refused-chat-too-fast = At most { $count } messages in { $seconds } seconds: wait a moment.
refused-chat-mute-whom = Name another player to mute.

# A matchmaking ticket's reason (services/matchmaking/reasons.py): why it ended or what it waits on.
ticket-no-house-bots = no house bots free: waiting for players
ticket-cancelled-by = cancelled by { $player }
ticket-declined-by = declined by { $player }
ticket-invitation-lapsed = the invitation was not accepted within { $seconds } s (by { $waiting }); a party queues once every member accepts
ticket-no-table = no table formed within { $seconds } s for { $game } with { $size } players; queue again, perhaps accepting more table sizes
ticket-left = nobody watched or asked about this ticket for { $seconds } s: its players left the queue (queue again to play)
ticket-not-created = the game could not be created ({ $why }); back in the queue, waiting time kept
