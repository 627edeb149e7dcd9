# The browser client's texts in English (src/i18n/index.ts). Every key is in de.ftl too
# (src/i18n/catalogue.test.ts checks it), with the same arguments.

loading = Loading…
yes = yes
no = no
none = none
you-mark = (you)
# a bot at the table (src/table/names.ts): 0 where it is the only one
player-bot = { $number ->
    [0] Bot
   *[other] Bot { $number }
}
language-en = English
language-de = Deutsch

## header
nav-label = Main
nav-play = Play
nav-leaderboard = Leaderboard
nav-tournaments = Tournaments
nav-audit = Audit
nav-language = Language
nav-sign-out = sign out
nav-my-games = Your games and ratings

## sign in
signin-title = Sign in
signin-intro = Choose a name to play under. This is a developer server without accounts: anyone may take any name, and the name is your seat at the table.
signin-name = Name
signin-placeholder = your name
signin-button = Sign in
signin-provider = Sign in with your account
signin-none = This gateway offers no sign-in: its operator has configured neither an identity provider nor the development sign-in.

## play
play-title = Play, { $player }
play-game = Game
play-size = Table size
play-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
play-ranked = Ranked (counts for the leaderboard)
play-options = Game options
play-bot-level = House bots' level
play-bot-level-easy = easy (random moves)
play-bot-level-normal = normal
play-bot-level-strong = strong (thinks ahead)
play-bot-level-sentence = When nobody else comes, house bots fill the table after a few seconds: how well they play.
play-queue = Queue
play-mine = Your games in this tab
play-friends = With friends
play-lobby = Open tables to join
play-seat = (seat { $seat })

## queue
queue-title = Looking for a table
queue-joining = Joining the queue…
queue-searching-ranked = Searching for a ranked { $game } table of { $size } { $size ->
    [one] player
   *[other] players
}…
queue-searching-casual = Searching for a casual { $game } table of { $size } { $size ->
    [one] player
   *[other] players
}…
queue-hint-dev = Nobody else here? On this developer server, house bots take the empty seats after a few seconds; bots can also be started from a terminal:
queue-hint = Nobody else here yet? Leave the queue and play with friends:
queue-waited = Waiting: { $time }
queue-found = Table found!
queue-cancelled = Cancelled
queue-cancelled-you = you left the queue
queue-cancelled-by = { $player } called off the search
queue-expired = Expired
queue-cancel = Cancel
queue-again = Queue again
queue-reconnecting = { $error }; reconnecting in { $seconds } s

## the table
status-connecting = connecting…
status-live = live
status-reconnecting = reconnecting from version { $version }…
status-lost = connection lost ({ $error }); reconnecting in { $seconds } s
status-over = game over
status-stopped = stopped
status-no-seat = no seat
no-seat = You have no seat at this table.
seed-taken = Your client seed went into the shuffle.
seed-refused = The deck did not take your client seed in time; the shuffle is still checkable.
seats-label = Players and their time left
clock-label = { $time } left
presence-away = away
presence-bot = a bot plays for them
turn-over = The game is over.
turn-yours = Your turn.
turn-waiting = Waiting for { $players }.
turn-wait = Waiting…
refused = Move refused: { $reason }
log-title = What happened
rules-title = Rules in short
rules-this-table = At this table (not as the rulebook has it)
your-hand = Your hand ({ $count })
card-unknown = a card
card-face-down = a face-down card
generic-table = Table
generic-more = { $count } more

## the end of a game
end-title = Game over
end-won = { $you ->
    [true] You won!
   *[false] { $count ->
        [one] { $winners } won.
       *[other] { $winners } won together.
    }
  }
end-you = you
# a cooperative table's result (src/table/endwords.ts): $you "true" to a seat at it, $players
# its names as a list, $count how many
end-team-won = { $you ->
    [true] { $count ->
        [one] You won!
       *[other] You won together!
    }
   *[false] { $count ->
        [one] { $players } won.
       *[other] { $players } won together.
    }
  }
end-team-lost = { $you ->
    [true] { $count ->
        [one] You lost.
       *[other] You lost together.
    }
   *[false] { $count ->
        [one] { $players } lost.
       *[other] { $players } lost together.
    }
  }
end-over = The game is over.
end-place = place
end-player = player
# the score column's heading where the game names no word of its own (its end-score: src/table/endwords.ts)
end-points = points
end-looking = Looking up your rating…
end-rating = Your rating:
end-placed = placed { $placing } of { $players }
end-casual = A casual game: ratings do not change.
end-not-scored = The leaderboard has not scored this game yet.
end-leaderboard = Leaderboard
end-audit = Verify this game
end-again = Play again

## leaderboard
lb-title = Leaderboard
lb-game = Game
lb-board = Board
lb-season = Season
lb-rating = rating
lb-wins = wins
lb-all-time = all time
lb-this-season = this season
lb-last-season = last season
lb-top = Top 20
lb-around = Around you
lb-player = player
lb-games = games
lb-provisional = provisional rating
lb-provisional-legend = ? provisional rating: too few games yet to be sure of it.
# why a table with house bots leaves you "rank 1 of 1" (services/leaderboard/writes.py)
lb-bots-unlisted = House bots are rated but not listed.
lb-empty = No one is on this board yet.
lb-total = { $total } { $total ->
    [one] player
   *[other] players
} · season { $season }
lb-total-all-time = { $total } { $total ->
    [one] player
   *[other] players
} · all time
lb-you-are = you are #{ $rank } of { $total }
lb-not-on-board = You are not on this board yet: play a ranked game.
lb-no-rated-game = { $player } has no rated game of { $game } yet.
lb-mine-rating = { $player }: rating
lb-mine-rest = after { $games ->
    [one] one game
   *[other] { $games } games
  }, { $wins ->
    [0] no wins
    [one] one win
   *[other] { $wins } wins
  }; rank { $rank } of { $total }
lb-tournaments = Running and finished tournaments

## audit
audit-title = Audit
audit-title-of = Audit of game { $game }
audit-intro = Every shuffle of a finished game can be checked here, in your browser: the deck's commitment, the seeds, each shuffle re-derived, and the transparency log's signed checkpoint and proofs.
audit-open-hint = Open a finished game's audit from its end screen, or verify a bundle below.
audit-sign-in = Sign in
audit-sign-in-rest = to fetch this game's bundle, or verify one below.
audit-verifying = Verifying…
audit-verified = Verified: all { $count } checks passed
audit-not-verified = NOT verified: { $failed } of { $count } checks failed
audit-pass = pass
audit-fail = fail
audit-skipped = { $count ->
    [one] one check not made in the browser
   *[other] { $count } checks not made in the browser
  }
audit-not-json = Not a bundle (not JSON): { $error }
audit-stopped = The verifier stopped: { $error }
audit-download = Download the bundle
audit-key = key
audit-offline = Verify a bundle offline
audit-file = An audit bundle file
audit-paste = …or paste one
audit-paste-placeholder = paste an audit bundle here
audit-public-key = Public key
audit-public-key-placeholder = the operator's public key (optional)
audit-verify = Verify this bundle

## tournaments
t-title-all = Tournaments
t-title = Tournament
t-intro = A tournament's rounds, tables and standings: the running ones first, then the finished.
t-none = No tournament yet.
t-list-round = round { $round } of { $rounds }
t-list-entrants = { $count ->
    [one] one entrant
   *[other] { $count } entrants
}
t-open = Open a tournament by id
t-id = tournament id
t-open-button = Open
t-game = game
t-ranked = (ranked)
t-phase = phase
t-phase-registration = registration
t-phase-playing = playing
t-phase-between = between rounds
t-phase-finished = finished
t-round-label = round
t-round-of = { $round } of { $rounds }
t-entrants = entrants
t-dropped-count = ({ $count } dropped)
t-won-by = won by
t-standings = standings
t-standings-final = final, after round { $round }
t-standings-after = after round { $round }
t-standings-none = none yet
t-stalled = stalled
t-standings-title = Standings
t-no-round = No round has finished yet.
t-col-player = player
t-col-pts = pts
t-col-pts-title = tournament points
t-col-gp = GP
t-col-gp-title = game points (1st tie-break)
t-col-oa = OA
t-col-oa-title = opponents' average tournament points (2nd tie-break)
t-col-h2h = H2H
t-col-h2h-title = head to head among the tied (3rd tie-break)
t-col-seed = seed
t-col-seed-title = seed: round 1's drawn order (last tie-break)
t-col-byes = byes
t-col-table = table
t-col-players = players
t-col-wins = wins
t-col-best = best
t-col-total = total
t-col-games = games
t-legend = Ranked by tournament points (pts), then game points (GP), opponents' average points (OA), head to head among the tied (H2H) and round 1's drawn seed.
t-dropped = (dropped)
t-table = Table { $number }
t-status-finished = finished
t-status-playing = playing
t-status-seated = seated
t-status-waiting = waiting for its draw
t-seat = seat { $seat }
t-points = { $count ->
    [one] { $points } game point
   *[other] { $points } game points
}
t-team-won = the table won
t-team-lost = the table lost
t-game-link = the game's audit
t-round = Round { $number }
t-round-closed = finished
t-round-playing = in play
t-round-planned = planned
t-byes = bye: { $players }

## building a move by tapping
builder-optional = (if you want)
builder-count = { $count } chosen ({ $min }–{ $max })
builder-nothing = nothing to choose
builder-incomplete = Choose what the move still needs.
builder-ok = The rules accept this move.
builder-send = Confirm: { $move }
builder-move = Another move
builder-choose = Choose
builder-on = on
builder-off = off
builder-cancel = Start over

moves-back = Other kinds of move

## private tables, the lobby, a player's page (issue 32, docs/friends.md)
host-title = Open a table for friends
host-seats = Seats
host-ranked = Ranked
host-public = List it in the lobby
host-create = Open the table
join-title = A table for friends
join-code = Invite code: { $code }
join-link = The invite link
join-copy = Copy the link
join-copied = Copied
join-players = At the table: { $players } ({ $free } free)
join-fill = Fill the rest with bots
join-start = Start with whoever came
join-seats = { $seats } seats
join-leave = Leave the table
# a guest who has joined (docs/friends.md: the host starts it, or the last seat taken does)
join-waiting = { $free ->
    [0] Every seat is taken: the game is starting…
   *[other] Waiting for { $host } to start the game.
}
join-close = Close the table
join-closed = { $host } closed the table before it started.
join-expired = Nobody started this table in time.
join-back = Find another table
join-elsewhere = Go to the table you sit at
table-spectating = You are watching this game: you see what every player may see.
chat-players = Table chat
chat-spectators = Spectators' chat
chat-empty = No messages yet.
chat-you = You:
chat-write = Write a message
chat-send = Send
chat-mutes = Mute a player
chat-phrases = Quick phrases
chat-mute = Mute { $player }
chat-unmute = Unmute { $player }
rematch-ask = Ask for a rematch
rematch-asked = { $count ->
    [one] Asked for a rematch: { $players }
   *[other] Asked for a rematch: { $players }
}
rematch-starting = Everyone wants a rematch: the new table is starting…
rematch-go = To the rematch
lobby-title = Open tables
lobby-host = Open a table of your own
lobby-empty = No open table right now.
lobby-row = { $host }'s table, { $free } of { $seats } seats free
lobby-ranked = ranked
lobby-casual = casual
lobby-clock = { $minutes } min + { $increment } s
lobby-no-clock = no clock
lobby-join = Join
player-title = { $player }'s games
player-none = No games yet.
player-chart = Rating in { $game }
player-rating = rating
player-games-axis = games played
player-placing = place { $placing } of { $players }, { $word }: { $score }
player-cancelled = cancelled: { $reason }
player-delta = rating { $rating } ({ $delta })
player-casual = casual
player-replay-button = Replay
player-replay = Replay of { $game } ({ $when })
player-replay-own = my seat's view
player-back = Back
player-forward = Forward
player-jump = Jump to a step
player-step = step { $step } of { $steps }
player-audit = audit
player-more = Older games

## The operators' page (docs/operations.md)
operators-title = The stack, live
operators-token-label = Operator token
operators-token-hint = Only operators read these figures. Mint a token on the stack's machine with
operators-open = Show the figures
operators-forget = Forget the token
operators-updated = Updated { $time }, every { $seconds } seconds; the charts show the last { $minutes ->
    [one] minute
   *[other] { $minutes } minutes
}.
operators-waiting = Asking the stack for its figures…
operators-service = service
operators-state = state
operators-tables = tables
operators-moves = moves per second
operators-refused = refused per second
operators-p50 = median latency (milliseconds)
operators-p99 = 99th percentile latency (milliseconds)
operators-queued = tickets queued
operators-wait-p50 = median queue wait (seconds)
operators-wait-p99 = 99th percentile queue wait (seconds)
operators-lag = consumer lag (messages)
operators-errors = server errors per second
operators-cpu = processor (per cent of a core)
operators-memory = memory (megabytes)
operators-loop = event loop lag (milliseconds)
operators-up = up
operators-down = not answering
operators-restarted = restarted
operators-stack = whole stack
operators-stack-state = { $up } of { $services } up
operators-time = time
operators-chart-moves = Moves per second
operators-chart-latency = Slowest engine's 99th percentile move latency (milliseconds)
operators-chart-waits = Queue waits, 99th percentile (seconds)
operators-chart-lag = Leaderboard consumer lag (messages)
operators-chart-errors = Server errors per second
operators-accepted = accepted
operators-refused-series = refused
operators-why-down = Why not:
