# The terminal client's own words (apps/terminal: app.py, tui.py, render.py, build.py, talk.py and
# `foodgames play`), in English. The games' words are their own (services/<game>/texts/), the
# runtime's shared ones come after these (shared/texts/). A message's leading spaces are the
# code's (Fluent trims them).

## Finding a table (app.py)
queue-unreadable = the remembered game { $game_id } cannot be read ({ $error })
queue-rejoining = Rejoining game { $game_id } as { $player } (seat { $seat }), version { $version }
queue-table-started = The table started: game { $game_id }, you are seat { $seat }
queue-no-invitation = Nobody invited you ({ $player }) to a party of { $title }: ask them to run `foodgames play { $game } --party { $player }`
ended-ticket = The search { $state ->
        [cancelled] was called off
       *[expired] expired
    }: { $reason }
ended-stream = The matchmaker stopped answering about this search: start the client again to rejoin it.
ended-table-expired = The table expired before it started.
ended-table-closed = { $host } closed the table before it started.
ended-no-rematch = No rematch: still waiting for { NAMES($players) }.
queue-joined-party = joined the party of ticket { $ticket }
queue-already = you already queue with ticket { $ticket }; following it
queue-searching = Searching for a { $title } table as { $player } ({ $ranked ->
        [true] ranked
       *[false] casual
    }, ticket { $ticket })...
queue-ticket = ticket { $state ->
        [inviting] inviting (for { $seconds }s)
        [searching] searching (for { $seconds }s)
        [matched] matched after { $seconds }s
        [cancelled] cancelled after { $seconds }s
        [expired] expired after { $seconds }s
       *[other] { $state } after { $seconds }s
    }
queue-spinner = searching for players...
queue-matched = Matched: game { $game_id }, you are seat { $seat }

## A private table (app.py)
table-sit-at = You sit at { $host }'s table ({ $players } of { $seats }); waiting for it to start...
table-open = Your table is open. Invite code: { $code }
table-link = Link: { $link }   (or: foodgames play { $game } --invite { $code })
table-not-left = could not leave the table: { $error }
table-no-answer = no answer within { $seconds } seconds
table-closed = You closed your table.
table-left = You left the table.
table-waiting = at the table: { NAMES($players) } ({ $free } { $free ->
        [one] seat
       *[other] seats
    } free)

## Playing (app.py, cli/play.py)
play-refused-move = the server refused { $move }: { $error }
play-seed-sent = client seed sent to the deck
play-seed-refused = the deck did not take our client seed: { $error }
play-sample = These { $count } moves are only some of yours: type b to build any move from all of them, field by field.
play-not-built = no move built: pick from the list, or b to build again
play-not-legal = not a legal move: { $reason }
play-rematch = rematch? (y/n)>
# the answers to the rematch question that mean yes, separated by commas
play-yes = y, yes
play-rematch-started = The rematch started: game { $game_id }, you are seat { $seat }
play-left = You left the table; `foodgames play { $game } --name { $player }` rejoins it.
play-nobody = nobody answered ({ $error }): is the stack up? (make run)
play-refused = the server refused: { $error }
play-name-needed = foodgames play: --name is needed to play (or --spectate GAME_ID to watch)

## What the player types (typed.py)
input-empty = type the number of a move
input-off-list = { $number } is not on the list: pick 1 to { $count }
input-not-a-move = '{ $text }' is not a move: type a number, or a move such as '{ $example }'

## Building a move from choices (build.py)
build-kind = Which kind of move?
build-example = { $kind } (e.g. { $label })
build-field = { $field }:
build-field-optional = { $field }: (empty: leave it out)
build-subset = { $field }: { $low } to { $high } of these ({ $ordered ->
        [true] in order,{" "}
       *[false] {""}
    }numbers separated by spaces; each at most once{ $low ->
        [0] ; empty: none
       *[other] {""}
    })
build-subset-again = type { $low } to { $high } different numbers from 1 to { $count }
build-pick = pick>
build-pick-again = type a number from 1 to { $count }

## The table chat and the rematch (talk.py)
talk-hint = Table chat: say WORDS, phrases (the quick ones), phrase N, mute NAME, unmute NAME
talk-chat = [chat] { $player }: { $text }
talk-you = you
talk-unavailable = the table chat is not available: { $error }
talk-say-what = say what? e.g. say good game
talk-phrase-number = phrase takes a number from 1 to { $count } (phrases lists them)
talk-whom = { $command } whom? e.g. { $command } bob
talk-muted = muted: { NAMES($players) }
talk-nobody = nobody
talk-refused = the chat refused: { $error }
talk-rematch-waiting = You asked for a rematch; waiting for { NAMES($players) }...
talk-the-table = the table

## The screen around a game's own drawing (render.py)
screen-moves = Your moves
screen-game = game { $game_id }
screen-log = Table talk
screen-you = { $player } (you)
log-table = table: { NAMES($players) }{ $ranked ->
        [true] {" "}(ranked)
       *[false] {""}
    }
log-seed-committed = the deck committed to its seed { $commitment }...
log-seed-revealed = the deck revealed its seed: every shuffle can now be audited
final-title = Final placings
final-place = { $place }. { $player }: { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
final-casual = A casual game: ratings do not change
final-unrated = unrated
final-rating = Your rating: { $before } -> { $after }
final-rating-change = Your rating: { $before } -> { $after } ({ $change })
final-pending = Your rating: not updated yet (the leaderboard has not scored this game)

## The full-screen client (tui.py, cli/replay.py)
tui-presence = { $where ->
        [connected] connected
        [away] away
        [bot] bot
       *[other] { $where }
    }
tui-key-back = back
tui-key-forward = forward
tui-key-first = first
tui-key-last = last
tui-key-scroll-up = scroll up
tui-key-scroll-down = scroll down
tui-key-quit = quit
tui-key-leave = leave
tui-key-palette = palette
tui-move-line = your move: a number from the list, or e.g. 'play bug-3'; q leaves
tui-waiting = waiting for the table...
tui-step = step { $step }/{ $steps } v{ $version }
tui-finished = finished
tui-no-steps = the replay has no steps
tui-behind = ({ $moves } { $moves ->
        [one] move
       *[other] moves
    } behind)
tui-over-watch = the game is over (q quits)
tui-over-play = the game is over: Enter or Escape leaves
tui-title-play = { $title } | { $player }
tui-title-replay = replay { $title } { $game_id } as { $seat }
tui-title-watch = watching { $title } { $game_id }
tui-spectator = spectator
