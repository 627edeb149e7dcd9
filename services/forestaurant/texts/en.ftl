# Forestaurant: every text a client shows, in English (shared/i18n.py, Fluent syntax).
# Tables are numbered 1 to 9 as on the board, row by row from the top-left (moves and events hold
# 0 to 8; messages.py and the rules' refusals pass the number a player reads); the values of cards mark lines.

game-title = Forestaurant
game-summary = A cooperative game for 1 to 5 players: run a restaurant for forest animals, seat guests, take their orders, buy ingredients and cook together before the clouds cover your stars.

## Options (the rulebook's Game Variations)

option-difficulty = Difficulty
    .sentence = A preset of the three variations below; an option given as well overrides it. When playing with 5 players, the rulebook recommends some of the easier modifications.
option-difficulty-easy = Easy (1 star covered, 4 satisfied per species, no clouds on eating guests)
option-difficulty-normal = Normal (the standard game: 2 stars covered, 5 satisfied per species)
option-difficulty-hard = Hard (3 stars covered, 6 satisfied per species)
option-stars_covered = Stars covered at the start
    .sentence = How many of the five stars a cloud covers at the start; the other clouds start on the mushrooms (easier: 1, harder: 3).
option-stars_covered-1 = 1 star
option-stars_covered-2 = 2 stars
option-stars_covered-3 = 3 stars
option-satisfied_needed = Satisfied guests per species
    .sentence = The value of satisfied guests you must collect from each of the 8 species to win (easier: 3 or 4, harder: 6 or 7).
option-ignore_eating_clouds = No clouds on eating guests
    .sentence = Predators and prey place no cloud on guests who are already eating their meal (an easier game; recommended, like the others, when playing with 5 players).
option-ignore_eating_clouds-true = Yes
option-ignore_eating_clouds-false = No

## Terms a client needs to draw the table

species-hare = hare
species-squirrel = squirrel
species-deer = deer
species-boar = boar
species-fox = fox
species-marten = marten
species-wolf = wolf
species-bear = bear
colour-green = green
colour-blue = blue
colour-yellow = yellow
colour-red = red
class-green = small game
class-blue = big game
class-yellow = small predators
class-red = large predators
pile-vegetables = vegetables
pile-meats = meats
deck-animals = animal deck
deck-menus = menu deck
deck-vegetables = vegetables
deck-meats = meats
status-empty = an empty table
status-seated = a guest at the table
status-bell = a guest with a bell
status-menu = a guest with a face-up menu card
status-eating = a guest eating
phase-events = events
phase-actions = actions
phase-cooking = cooking together
phase-discard = discarding ingredients
phase-shuffling = shuffling
phase-over = game over
line-1 = the top row
line-2 = the middle row
line-3 = the bottom row
line-4 = the left column
line-5 = the middle column
line-6 = the right column
reason-mushrooms = all 12 clouds are on the mushrooms
reason-satisfied = enough satisfied guests of every species
reason-chaos = the restaurant descended into chaos (no cloud was left on the mushrooms and one more was needed)
reason-bankrupt = the restaurant went bankrupt (all stars were covered and one more had to be covered)
reason-time = the restaurant ran out of time (the animal deck ran out)
term-clouds = clouds
term-mushrooms = mushrooms
term-stars = stars
term-bell = bell
term-hand = your hand
term-storage = ingredient storage
term-minimal-hand = minimal hand size
term-storage-limit = ingredient storage limit
term-draw-number = cards drawn at the end of a turn

## The terminal client's table (services/forestaurant/render.py): its headers and labels
phase-setup = setting up
screen-turn = turn { $turn }
screen-line = line { $tables }
screen-table = #{ $table } ({ $chairs ->
        [one] one chair
       *[other] { $chairs } chairs
    })
screen-empty = empty
screen-seated = deciding what to eat
screen-bell = bell: waiting to order
screen-menu = menu: { CARDS($ingredients) }
screen-eating = eating
screen-mushrooms = clouds on the mushrooms { $clouds }, stars covered { $covered }/{ $stars }, end draw { $draw }
screen-decks = animal deck { $animals }{ $last ->
        [true] {" "}(last deck)
       *[false] {""}
    }, menu deck { $menus } (top: { $top }), vegetables { $vegetables }, meats { $meats }
screen-satisfied = satisfied (need { $need } each):
screen-score = score { $score } - difficulty { $difficulty ->
        [easy] easy
        [normal] normal
        [hard] hard
       *[other] custom
    }
screen-team = Team
screen-you = { $player } (you)
screen-player = { $player }: { $cards ->
        [one] one card
       *[other] { $cards } cards
    }, storage { $storage }
screen-no-cards = (no cards)
screen-hand = Your hand (minimal { $minimal })
screen-cooking = Cooking together
screen-proposal = meal at table { $table }: { $player } gives { $cards } + { $ingredients }
screen-offer = { $player } offers { $cards } + { $ingredients }
screen-may-offer = may still offer: { NAMES($players) }
screen-moves = Your moves

## Rules at the table

rules-goal = Together you run a restaurant for forest animals. You win at once when all 12 clouds are on the mushrooms, or when the satisfied guests of every one of the 8 species add up to the goal (5 in the standard game; card values count, not cards).
rules-setup = An early bird guest from the animal deck sits at the middle table. Each player gets a starting hand of animal cards (1 player: 9, 2: 7, 3 to 5: 6). Ten clouds lie on the mushrooms and two cover stars. The minimal hand size is 7, 5, 4, 3, 3 and the ingredient storage limit 8, 6, 5, 5, 5 for 1 to 5 players.
rules-turn = On your turn you draw an animal card and keep it: its value marks a line of three tables (1 to 3 a row, 4 to 6 a column). You resolve the event of each of those tables in any order, then act until your hand is down to the minimal hand size, then discard ingredients above the storage limit and draw as many cards as the highest visible number on the mushrooms.
rules-events = A table moves through five states: an empty table, a guest at the table, a guest with a bell, a guest with a face-up menu card, and a guest eating. Events: at an empty table guests sit down from your hand (a card no bigger than the chairs, unless none fits or your hand is at the minimal size); a guest at the table decides what to eat and places its bell; a guest with a bell or with a face-up menu loses patience (a cloud from the mushrooms; a third cloud covers a star instead); eating guests leave (no cloud: satisfied; one cloud: semi-satisfied, the cloud covers a star; two clouds: the card is discarded, one cloud covers a star and one goes back).
rules-actions = Every action costs one animal card from your hand. Free seating: seat a card at an empty table with enough chairs. Taking an order from a guest with a bell: draw face-up menus until one of its species and put it on the guest. Purchasing: draw as many ingredients as the card's value (green and blue cards buy vegetables, red and yellow ones meats). Cooking: discard the menu's two ingredients and cards whose values add up to at least the guest's value; the menu turns face down. Each card that touches a guest (seated next to it, taking its order, cooking for it) adds a cloud if it is its predator or prey and removes one if it is the same species; for a meal only the netted result counts.
rules-cooking = Cooking together: the active player proposes a meal with at least one card of their own; every other player above the minimal hand may offer cards and ingredients once (a helper who gives ingredients gives at least as many cards) or decline. The active player then cooks with the offers they accept, or withdraws the proposal; a table whose proposal was withdrawn cannot be proposed again in the same turn. Nobody may discard below the minimal hand size.
rules-end = You lose at once when a cloud is needed and none is left on the mushrooms (chaos), when a star must be covered and all five are (bankruptcy), or when the animal deck runs out for the second time (it is formed once more from 20 cards of the discards).
rules-scoring = The score is the total value of all satisfied guests (semi-satisfied ones included), the same for the whole table. Each time a species' satisfied value reaches 5, 10, 15 and so on, a cloud comes back from a star to the mushrooms.
rules-variations = Easier game: cover only 1 star at the start, ask 4 or 3 satisfied guests per species, or place no clouds on guests who are already eating. When playing with 5 players, it is recommended to use some of these modifications! More difficult game: cover 3 stars, or ask 6 or 7 satisfied guests per species.
rules-choices = Where the rulebook is silent: the species are hare and squirrel (small game, green), deer and boar (big game, blue), fox and marten (small predators, yellow), wolf and bear (large predators, red); each species has 12 cards of values 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6. The tables have 4, 3, 4 / 5, 6, 5 / 4, 3, 4 chairs. The mushrooms show 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 6 as their clouds leave (tuned by self-play). The first seat plays first. Seating, by an event or freely, is the card's discard. A menu can be ordered only while a menu of the guest's species is left in the menu deck or its discards. The score is the satisfied value of all species. A table whose cooking-together proposal was withdrawn cannot be proposed again in the same turn, so that nobody can stall the table.
advice-five-players = When playing with 5 players, it is recommended to use some of these modifications! Easier game: cover only 1 star at the start (option “Stars covered at the start”), ask 4 or 3 satisfied guests per species (“Satisfied guests per species”), or place no clouds on guests who are already eating (“No clouds on eating guests”); the option “Difficulty: Easy” does all three.

## Events (the log)

event-GameStarted = The restaurant opens for { NAMES($players) } ({ $difficulty }): { $stars ->
    [one] one star is
   *[other] { $stars } stars are
} covered.
event-DeckShuffled = { $deck ->
    [animals] The animal deck was shuffled.
    [menus] The menu deck was shuffled.
   *[other] The { $deck } were shuffled.
}
event-DeckShuffled-reshuffle = { $deck ->
    [animals] The animal deck ran out: its discards were shuffled into a last deck of { $kept } cards.
    [menus] The menu deck ran out: its discards were shuffled into a new menu deck.
   *[other] The { $deck } ran out: their discards were shuffled into a new pile.
}
event-EarlyBirdSeated = The early bird { CARD($card) } sits down at table { $table }.
event-HandsDealt = The hands are dealt.
event-HandsDealt-yours = You receive { $count } cards: { CARDS($cards) }.
event-CardsDrawn-turn = { $you ->
    [true] You draw a card to start your turn.
   *[false] { $player } draws a card to start the turn.
}
event-CardsDrawn-turn-yours = You draw { CARDS($cards) } to start your turn.
event-CardsDrawn-end = { $you ->
    [true] You draw { $count ->
        [one] one card
       *[other] { $count } cards
    }.
   *[false] { $player } draws { $count ->
        [one] one card
       *[other] { $count } cards
    }.
}
event-CardsDrawn-end-yours = You draw { CARDS($cards) }.
event-TurnStarted = Turn { $turn }: the { $value } marks tables { $tables }, where events take place.
event-GuestSeated = { $you ->
    [true] You seat
   *[false] { $player } seats
} { CARD($card) } at table { $table }.
event-GuestSeated-free = { $you ->
    [true] You seat
   *[false] { $player } seats
} { CARD($card) } at table { $table } (free seating).
event-BellPlaced = The guests at table { $table } have decided what to eat and call a waiter: a bell.
event-SeatingSkipped = Nobody sits down at table { $table }.
event-EventResolved = The event of table { $table } is done.
event-PhaseChanged = Now: { $phase ->
    [events] events
    [actions] actions
    [cooking] cooking together
    [discard] discarding ingredients
   *[other] { $phase }
}.
event-CloudMoved-on-guest = A cloud from the mushrooms lands on the guests at table { $table }: { $cause ->
    [patience-order] nobody has taken their order yet.
    [patience-meal] nobody has served their meal yet.
    [neighbour] { CARD($about) } was seated next to them.
    [order] { CARD($about) } took their order.
    [cooking] the cooks' cards upset them.
   *[other] they lose patience.
}
event-CloudMoved-on-star = A cloud covers a star: { $cause ->
    [unsatisfied] the unsatisfied guests of table { $table } leave.
    [semi-satisfied] the semi-satisfied guests of table { $table } leave.
    [patience-order] it would be the third cloud on the guests at table { $table } (nobody has taken their order).
    [patience-meal] it would be the third cloud on the guests at table { $table } (nobody has served their meal).
   *[other] it would be the third cloud on the guests at table { $table }.
}
event-CloudMoved-off-guest = A cloud leaves the guests at table { $table } for the mushrooms: { $cause ->
    [neighbour] { CARD($about) }, of their own species, was seated next to them.
    [order] { CARD($about) }, of their own species, took their order.
    [cooking] cooks of their own species calmed them.
    [unsatisfied] the unsatisfied guests leave.
    [semi-step] the semi-satisfied guests reach the next 5-level.
   *[other] they calm down.
}
event-CloudMoved-star-back = A star is uncovered and its cloud goes back to the mushrooms: { $cause ->
    [step] the satisfied { $about } reached the next 5-level.
   *[other] the restaurant's reputation grows.
}
event-GuestLeft-satisfied = The guests { CARD($card) } leave table { $table } satisfied.
event-GuestLeft-semi-satisfied = The guests { CARD($card) } leave table { $table } semi-satisfied.
event-GuestLeft-unsatisfied = The guests { CARD($card) } leave table { $table } unsatisfied: the card is discarded.
event-CardPaid-order = { $you ->
    [true] You pay
   *[false] { $player } pays
} { CARD($card) } to take an order.
event-CardPaid-purchase = { $you ->
    [true] You pay
   *[false] { $player } pays
} { CARD($card) } to buy ingredients.
event-MenusDrawn = Menus drawn for table { $table }.
event-OrderTaken = The guests at table { $table } order { CARD($menu) }{ $count ->
    [0] .
    [one] ; one other menu drawn is discarded.
   *[other] ; { $count } other menus drawn are discarded.
}
event-IngredientsDrawn = { $you ->
    [true] You buy
   *[false] { $player } buys
} { $count ->
    [0] nothing: the pile is empty
   *[other] { CARDS($tokens) }
}.
event-PileRanOut = { $pile ->
    [animals] The animal deck ran out: its discards are shuffled.
    [menus] The menu deck ran out: its discards are shuffled.
   *[other] The { $pile } ran out: their discards are shuffled.
}
event-CookProposed = { $you ->
    [true] You propose
   *[false] { $player } proposes
} to cook at table { $table } together, giving { CARDS($items) }.
event-HelpOffered = { $you ->
    [true] You offer
   *[false] { $player } offers
} { CARDS($items) }.
event-HelpDeclined = { $you ->
    [true] You do not help.
   *[false] { $player } does not help.
}
event-CookWithdrawn = { $you ->
    [true] You withdraw the meal.
   *[false] { $player } withdraws the meal.
}
event-MealCooked = The meal at table { $table } is cooked by { $you ->
    [true] { $count ->
        [0] you
        [1] you and { $players }
       *[other] you, { NAMES($players, after: 1) }
    }
   *[false] { NAMES($players) }
} with { CARDS($items) }: the guests are eating.
event-IngredientDiscarded = { $you ->
    [true] You discard
   *[false] { $player } discards
} { CARD($token) }.
event-GameEnded-won = You won together: { $reason ->
    [mushrooms] all 12 clouds are on the mushrooms
    [satisfied] enough satisfied guests of every species
   *[other] { $reason }
}. Score { $score }.
event-GameEnded-lost = The restaurant is closed: { $reason ->
    [chaos] it descended into chaos (no cloud was left on the mushrooms and one more was needed)
    [bankrupt] it went bankrupt (all stars were covered and one more had to be covered)
    [time] it ran out of time (the animal deck ran out)
   *[other] { $reason }
}. Score { $score }.
# the step that closed the restaurant (GameEnded's table, cause and card): it never happened, so no
# cloud's line says it
event-GameEnded-chaos = The restaurant descends into chaos and must close: no cloud was left on the mushrooms and the guests at table { $table } needed one more ({ $cause ->
    [patience-order] nobody had taken their order
    [patience-meal] nobody had served their meal
    [neighbour] { CARD($about) } was seated next to them
    [order] { CARD($about) } took their order
    [cooking] the cooks' cards upset them
   *[other] they lost patience
}). Score { $score }.
event-GameEnded-bankrupt = The restaurant goes bankrupt and must close: all { $stars } stars were already covered and { $cause ->
    [unsatisfied] the unsatisfied guests leaving table { $table } needed one more star
    [semi-satisfied] the semi-satisfied guests leaving table { $table } needed one more star
    [patience-order] a third cloud for the guests at table { $table } needed one more star (nobody had taken their order)
    [patience-meal] a third cloud for the guests at table { $table } needed one more star (nobody had served their meal)
    [neighbour] a third cloud for the guests at table { $table } needed one more star ({ CARD($about) } was seated next to them)
    [order] a third cloud for the guests at table { $table } needed one more star ({ CARD($about) } took their order)
    [cooking] a third cloud for the guests at table { $table } needed one more star (the cooks' cards upset them)
   *[other] a third cloud for the guests at table { $table } needed one more star
}. Score { $score }.

## Moves (the labels of legal moves)

move-resolve_event = Resolve the event of table { $table }
move-resolve_event-seat = Event at table { $table }: seat { CARD($card) }
move-seat = Seat { CARD($card) } at table { $table }
move-take_order = Take the order at table { $table }, paying { CARD($card) }
move-purchase = Buy ingredients with { CARD($card) }
move-cook = Cook at table { $table } with { CARDS($items) }
move-propose_cook = Propose cooking together at table { $table }, giving { CARDS($items) }
move-offer_help = Offer { CARDS($items) }
move-decline_help = Do not help
move-commit_cook = Cook now with the offers of { NAMES($players) }
move-commit_cook-alone = Cook now with your own part only
move-withdraw_cook = Withdraw the proposal
move-discard_ingredient = Discard { CARD($token) }

## Prompts

prompt-events = Your turn: resolve { $count ->
    [one] the event of table { $tables }
   *[other] the events of tables { NAMES($tables) }
}.
prompt-actions = Your turn: act (each action costs a card) until you hold { $size } cards; you hold { $count }.
prompt-discard = Discard ingredients down to { $limit }.
prompt-cooking-proposer = You proposed a meal at table { $table }: cook it with the offers you accept, or withdraw it.
prompt-cooking-helper = { $player } proposes a meal at table { $table }: offer cards and ingredients, or do not help.
prompt-waiting = Waiting for { NAMES($players) }.
prompt-shuffling = Shuffling...
prompt-won = The restaurant earned the respect of the forest: you won with a score of { $score }!
prompt-lost = The restaurant is closed ({ $reason ->
    [chaos] chaos
    [bankrupt] bankruptcy
    [time] out of time
   *[other] { $reason }
}); score { $score }.

## Refusals

refused-already-started = The game has already started.
refused-no-shuffle = No shuffle is pending.
refused-not-a-list = '{ $field }' must be a list of ids.
refused-needs-id = This move needs '{ $field }' (an id).
refused-not-a-table = '{ $field }' must name one of the nine tables (0 to 8 in a move, tables 1 to 9 on the board).
refused-not-active = It is { $player }'s turn: only the active player may { $action ->
    [resolve] resolve the events
    [seat] seat guests
    [order] take orders
    [purchase] purchase ingredients
    [cook] cook
    [propose] propose a meal
    [commit] commit the meal
    [withdraw] withdraw the meal
   *[discard] discard ingredients
}.
refused-wrong-phase = You cannot { $action ->
    [resolve] resolve the events
    [seat] seat guests
    [order] take orders
    [purchase] purchase ingredients
    [cook] cook
    [propose] propose a meal
    [commit] commit the meal
    [withdraw] withdraw the meal
   *[discard] discard ingredients
} now: the game is in the { $phase ->
    [events] events
    [actions] actions
    [cooking] cooking together
    [discard] discarding
   *[other] { $phase }
} phase.
refused-no-more-actions = Your hand is at the minimal hand size ({ $size }): no more actions.
refused-cooking-alone = You play alone: nobody can help you cook, so there is no meal to { $action ->
    [propose] propose
   *[withdraw] withdraw
} (cook alone instead).
refused-no-event-left = Table { $table } has no event left this turn (events on tables { $tables }).
refused-must-seat = Guests sit down at empty table { $table }: seat one of { CARDS($cards) }.
refused-not-held = You do not hold { CARD($card) }.
refused-too-few-chairs = { CARD($card) } does not fit table { $table }: it has { $chairs } chairs.
refused-seating-skipped = No card can be seated at table { $table } (no card fits, or your hand is at the minimal size): the seating is skipped.
refused-event-needs-no-card = Table { $table } is not empty: its event needs no card.
refused-table-taken = Free seating needs an empty table; table { $table } is taken.
refused-needs-bell = Taking an order needs a guest with a bell; table { $table } is { $status ->
    [empty] empty
    [seated] a guest at the table who has not rung yet
    [menu] a guest with a menu already
    [eating] a guest eating
   *[other] { $status }
}.
refused-no-menu-left = No { $species } menu is left in the menu deck or its discard pile.
refused-not-all-held = You do not hold all of { CARDS($cards) }.
refused-not-all-stored = You do not store all of { CARDS($tokens) }.
refused-below-minimal-hand = Nobody may discard below the minimal hand size ({ $size }).
refused-not-on-menu = The menu asks for { CARD($first) } and { CARD($second) }, not { CARD($token) }.
refused-one-of-each = The meal takes one of each required ingredient.
refused-helper-cards = A helper who gives ingredients gives at least as many animal cards.
refused-meal-ingredients = Cooking takes exactly one { CARD($first) } and one { CARD($second) } (given: { $count ->
    [0] none
   *[other] { CARDS($tokens) }
}).
refused-meal-value = The discarded cards add up to { $total }, less than the guests' value { $value }.
refused-active-gives-card = The active player must discard at least one card during cooking.
refused-needs-menu = Cooking needs a guest with a face-up menu; table { $table } is { $status ->
    [empty] empty
    [seated] a guest at the table
    [bell] a guest with a bell
    [eating] a guest eating
   *[other] { $status }
}.
refused-withdrawn-this-turn = You withdrew the meal at table { $table } this turn: it cannot be proposed again before your next turn (you may still cook it alone).
refused-no-proposal = No meal is proposed: help is offered while a proposal is open.
refused-own-proposal = You proposed the meal: commit it or withdraw it.
refused-already-answered = You already answered this proposal.
refused-cannot-help = Your hand is at the minimal hand size ({ $size }): you cannot help.
refused-offer-needs-card = An offer gives at least one animal card (to give nothing, do not help).
refused-no-such-offer = { $player } has made no offer to accept.
refused-accepted-twice = Each offer is accepted once.
refused-not-stored = You do not store { CARD($token) }.
refused-game-over = The game is over.
refused-waits-for-shuffle = The game waits for a shuffle.
refused-not-seated = You are not seated at this game.
refused-unknown-move = Unknown move { $move }.
refused-unknown-option = Unknown option { $options }; the options are { $known }.
refused-bad-difficulty = The difficulty must be one of { $choices }, not { $value }.
refused-bad-stars-covered = Stars covered must be 1, 2 or 3 (Game Variations), not { $value }.
refused-bad-satisfied-needed = Satisfied guests per species must be 3 to 7 (Game Variations), not { $value }.
refused-bad-ignore-eating-clouds = "No clouds on eating guests" must be true or false, not { $value }.

## Cards: animal cards (card-<species>-<value>), menu cards (card-<species>-<first>-<second>), ingredient tokens
card-hare-1 = Hare 1
    .text = 1 hare (small game, green): at a table it needs 1 chair. Paid for a purchase, it buys 1 vegetable token. Drawn at the start of a turn, it marks the top row. Predator or prey of: fox, marten, wolf, bear; calms hares at the tables.
card-hare-2 = Hare 2
    .text = 2 hares (small game, green): at a table they need 2 chairs. Paid for a purchase, it buys 2 vegetable tokens. Drawn at the start of a turn, it marks the middle row. Predator or prey of: fox, marten, wolf, bear; calms hares at the tables.
card-hare-3 = Hare 3
    .text = 3 hares (small game, green): at a table they need 3 chairs. Paid for a purchase, it buys 3 vegetable tokens. Drawn at the start of a turn, it marks the bottom row. Predator or prey of: fox, marten, wolf, bear; calms hares at the tables.
card-hare-4 = Hare 4
    .text = 4 hares (small game, green): at a table they need 4 chairs. Paid for a purchase, it buys 4 vegetable tokens. Drawn at the start of a turn, it marks the left column. Predator or prey of: fox, marten, wolf, bear; calms hares at the tables.
card-hare-5 = Hare 5
    .text = 5 hares (small game, green): at a table they need 5 chairs. Paid for a purchase, it buys 5 vegetable tokens. Drawn at the start of a turn, it marks the middle column. Predator or prey of: fox, marten, wolf, bear; calms hares at the tables.
card-hare-6 = Hare 6
    .text = 6 hares (small game, green): at a table they need 6 chairs. Paid for a purchase, it buys 6 vegetable tokens. Drawn at the start of a turn, it marks the right column. Predator or prey of: fox, marten, wolf, bear; calms hares at the tables.
card-squirrel-1 = Squirrel 1
    .text = 1 squirrel (small game, green): at a table it needs 1 chair. Paid for a purchase, it buys 1 vegetable token. Drawn at the start of a turn, it marks the top row. Predator or prey of: fox, marten, wolf, bear; calms squirrels at the tables.
card-squirrel-2 = Squirrel 2
    .text = 2 squirrels (small game, green): at a table they need 2 chairs. Paid for a purchase, it buys 2 vegetable tokens. Drawn at the start of a turn, it marks the middle row. Predator or prey of: fox, marten, wolf, bear; calms squirrels at the tables.
card-squirrel-3 = Squirrel 3
    .text = 3 squirrels (small game, green): at a table they need 3 chairs. Paid for a purchase, it buys 3 vegetable tokens. Drawn at the start of a turn, it marks the bottom row. Predator or prey of: fox, marten, wolf, bear; calms squirrels at the tables.
card-squirrel-4 = Squirrel 4
    .text = 4 squirrels (small game, green): at a table they need 4 chairs. Paid for a purchase, it buys 4 vegetable tokens. Drawn at the start of a turn, it marks the left column. Predator or prey of: fox, marten, wolf, bear; calms squirrels at the tables.
card-squirrel-5 = Squirrel 5
    .text = 5 squirrels (small game, green): at a table they need 5 chairs. Paid for a purchase, it buys 5 vegetable tokens. Drawn at the start of a turn, it marks the middle column. Predator or prey of: fox, marten, wolf, bear; calms squirrels at the tables.
card-squirrel-6 = Squirrel 6
    .text = 6 squirrels (small game, green): at a table they need 6 chairs. Paid for a purchase, it buys 6 vegetable tokens. Drawn at the start of a turn, it marks the right column. Predator or prey of: fox, marten, wolf, bear; calms squirrels at the tables.
card-deer-1 = Deer 1
    .text = 1 deer (big game, blue): at a table it needs 1 chair. Paid for a purchase, it buys 1 vegetable token. Drawn at the start of a turn, it marks the top row. Predator or prey of: wolf, bear; calms deer at the tables.
card-deer-2 = Deer 2
    .text = 2 deer (big game, blue): at a table they need 2 chairs. Paid for a purchase, it buys 2 vegetable tokens. Drawn at the start of a turn, it marks the middle row. Predator or prey of: wolf, bear; calms deer at the tables.
card-deer-3 = Deer 3
    .text = 3 deer (big game, blue): at a table they need 3 chairs. Paid for a purchase, it buys 3 vegetable tokens. Drawn at the start of a turn, it marks the bottom row. Predator or prey of: wolf, bear; calms deer at the tables.
card-deer-4 = Deer 4
    .text = 4 deer (big game, blue): at a table they need 4 chairs. Paid for a purchase, it buys 4 vegetable tokens. Drawn at the start of a turn, it marks the left column. Predator or prey of: wolf, bear; calms deer at the tables.
card-deer-5 = Deer 5
    .text = 5 deer (big game, blue): at a table they need 5 chairs. Paid for a purchase, it buys 5 vegetable tokens. Drawn at the start of a turn, it marks the middle column. Predator or prey of: wolf, bear; calms deer at the tables.
card-deer-6 = Deer 6
    .text = 6 deer (big game, blue): at a table they need 6 chairs. Paid for a purchase, it buys 6 vegetable tokens. Drawn at the start of a turn, it marks the right column. Predator or prey of: wolf, bear; calms deer at the tables.
card-boar-1 = Boar 1
    .text = 1 boar (big game, blue): at a table it needs 1 chair. Paid for a purchase, it buys 1 vegetable token. Drawn at the start of a turn, it marks the top row. Predator or prey of: wolf, bear; calms boars at the tables.
card-boar-2 = Boar 2
    .text = 2 boars (big game, blue): at a table they need 2 chairs. Paid for a purchase, it buys 2 vegetable tokens. Drawn at the start of a turn, it marks the middle row. Predator or prey of: wolf, bear; calms boars at the tables.
card-boar-3 = Boar 3
    .text = 3 boars (big game, blue): at a table they need 3 chairs. Paid for a purchase, it buys 3 vegetable tokens. Drawn at the start of a turn, it marks the bottom row. Predator or prey of: wolf, bear; calms boars at the tables.
card-boar-4 = Boar 4
    .text = 4 boars (big game, blue): at a table they need 4 chairs. Paid for a purchase, it buys 4 vegetable tokens. Drawn at the start of a turn, it marks the left column. Predator or prey of: wolf, bear; calms boars at the tables.
card-boar-5 = Boar 5
    .text = 5 boars (big game, blue): at a table they need 5 chairs. Paid for a purchase, it buys 5 vegetable tokens. Drawn at the start of a turn, it marks the middle column. Predator or prey of: wolf, bear; calms boars at the tables.
card-boar-6 = Boar 6
    .text = 6 boars (big game, blue): at a table they need 6 chairs. Paid for a purchase, it buys 6 vegetable tokens. Drawn at the start of a turn, it marks the right column. Predator or prey of: wolf, bear; calms boars at the tables.
card-fox-1 = Fox 1
    .text = 1 fox (small predator, yellow): at a table it needs 1 chair. Paid for a purchase, it buys 1 meat token. Drawn at the start of a turn, it marks the top row. Predator or prey of: hare, squirrel; calms foxes at the tables.
card-fox-2 = Fox 2
    .text = 2 foxes (small predator, yellow): at a table they need 2 chairs. Paid for a purchase, it buys 2 meat tokens. Drawn at the start of a turn, it marks the middle row. Predator or prey of: hare, squirrel; calms foxes at the tables.
card-fox-3 = Fox 3
    .text = 3 foxes (small predator, yellow): at a table they need 3 chairs. Paid for a purchase, it buys 3 meat tokens. Drawn at the start of a turn, it marks the bottom row. Predator or prey of: hare, squirrel; calms foxes at the tables.
card-fox-4 = Fox 4
    .text = 4 foxes (small predator, yellow): at a table they need 4 chairs. Paid for a purchase, it buys 4 meat tokens. Drawn at the start of a turn, it marks the left column. Predator or prey of: hare, squirrel; calms foxes at the tables.
card-fox-5 = Fox 5
    .text = 5 foxes (small predator, yellow): at a table they need 5 chairs. Paid for a purchase, it buys 5 meat tokens. Drawn at the start of a turn, it marks the middle column. Predator or prey of: hare, squirrel; calms foxes at the tables.
card-fox-6 = Fox 6
    .text = 6 foxes (small predator, yellow): at a table they need 6 chairs. Paid for a purchase, it buys 6 meat tokens. Drawn at the start of a turn, it marks the right column. Predator or prey of: hare, squirrel; calms foxes at the tables.
card-marten-1 = Marten 1
    .text = 1 marten (small predator, yellow): at a table it needs 1 chair. Paid for a purchase, it buys 1 meat token. Drawn at the start of a turn, it marks the top row. Predator or prey of: hare, squirrel; calms martens at the tables.
card-marten-2 = Marten 2
    .text = 2 martens (small predator, yellow): at a table they need 2 chairs. Paid for a purchase, it buys 2 meat tokens. Drawn at the start of a turn, it marks the middle row. Predator or prey of: hare, squirrel; calms martens at the tables.
card-marten-3 = Marten 3
    .text = 3 martens (small predator, yellow): at a table they need 3 chairs. Paid for a purchase, it buys 3 meat tokens. Drawn at the start of a turn, it marks the bottom row. Predator or prey of: hare, squirrel; calms martens at the tables.
card-marten-4 = Marten 4
    .text = 4 martens (small predator, yellow): at a table they need 4 chairs. Paid for a purchase, it buys 4 meat tokens. Drawn at the start of a turn, it marks the left column. Predator or prey of: hare, squirrel; calms martens at the tables.
card-marten-5 = Marten 5
    .text = 5 martens (small predator, yellow): at a table they need 5 chairs. Paid for a purchase, it buys 5 meat tokens. Drawn at the start of a turn, it marks the middle column. Predator or prey of: hare, squirrel; calms martens at the tables.
card-marten-6 = Marten 6
    .text = 6 martens (small predator, yellow): at a table they need 6 chairs. Paid for a purchase, it buys 6 meat tokens. Drawn at the start of a turn, it marks the right column. Predator or prey of: hare, squirrel; calms martens at the tables.
card-wolf-1 = Wolf 1
    .text = 1 wolf (large predator, red): at a table it needs 1 chair. Paid for a purchase, it buys 1 meat token. Drawn at the start of a turn, it marks the top row. Predator or prey of: hare, squirrel, deer, boar; calms wolves at the tables.
card-wolf-2 = Wolf 2
    .text = 2 wolves (large predator, red): at a table they need 2 chairs. Paid for a purchase, it buys 2 meat tokens. Drawn at the start of a turn, it marks the middle row. Predator or prey of: hare, squirrel, deer, boar; calms wolves at the tables.
card-wolf-3 = Wolf 3
    .text = 3 wolves (large predator, red): at a table they need 3 chairs. Paid for a purchase, it buys 3 meat tokens. Drawn at the start of a turn, it marks the bottom row. Predator or prey of: hare, squirrel, deer, boar; calms wolves at the tables.
card-wolf-4 = Wolf 4
    .text = 4 wolves (large predator, red): at a table they need 4 chairs. Paid for a purchase, it buys 4 meat tokens. Drawn at the start of a turn, it marks the left column. Predator or prey of: hare, squirrel, deer, boar; calms wolves at the tables.
card-wolf-5 = Wolf 5
    .text = 5 wolves (large predator, red): at a table they need 5 chairs. Paid for a purchase, it buys 5 meat tokens. Drawn at the start of a turn, it marks the middle column. Predator or prey of: hare, squirrel, deer, boar; calms wolves at the tables.
card-wolf-6 = Wolf 6
    .text = 6 wolves (large predator, red): at a table they need 6 chairs. Paid for a purchase, it buys 6 meat tokens. Drawn at the start of a turn, it marks the right column. Predator or prey of: hare, squirrel, deer, boar; calms wolves at the tables.
card-bear-1 = Bear 1
    .text = 1 bear (large predator, red): at a table it needs 1 chair. Paid for a purchase, it buys 1 meat token. Drawn at the start of a turn, it marks the top row. Predator or prey of: hare, squirrel, deer, boar; calms bears at the tables.
card-bear-2 = Bear 2
    .text = 2 bears (large predator, red): at a table they need 2 chairs. Paid for a purchase, it buys 2 meat tokens. Drawn at the start of a turn, it marks the middle row. Predator or prey of: hare, squirrel, deer, boar; calms bears at the tables.
card-bear-3 = Bear 3
    .text = 3 bears (large predator, red): at a table they need 3 chairs. Paid for a purchase, it buys 3 meat tokens. Drawn at the start of a turn, it marks the bottom row. Predator or prey of: hare, squirrel, deer, boar; calms bears at the tables.
card-bear-4 = Bear 4
    .text = 4 bears (large predator, red): at a table they need 4 chairs. Paid for a purchase, it buys 4 meat tokens. Drawn at the start of a turn, it marks the left column. Predator or prey of: hare, squirrel, deer, boar; calms bears at the tables.
card-bear-5 = Bear 5
    .text = 5 bears (large predator, red): at a table they need 5 chairs. Paid for a purchase, it buys 5 meat tokens. Drawn at the start of a turn, it marks the middle column. Predator or prey of: hare, squirrel, deer, boar; calms bears at the tables.
card-bear-6 = Bear 6
    .text = 6 bears (large predator, red): at a table they need 6 chairs. Paid for a purchase, it buys 6 meat tokens. Drawn at the start of a turn, it marks the right column. Predator or prey of: hare, squirrel, deer, boar; calms bears at the tables.
card-hare-carrot-clover = Hare menu (Carrot, Clover)
    .text = A hare guest's order: cooking it takes one carrot and one clover, and cards worth at least the guest's value.
card-hare-carrot-berries = Hare menu (Carrot, Berries)
    .text = A hare guest's order: cooking it takes one carrot and one berries, and cards worth at least the guest's value.
card-hare-clover-nuts = Hare menu (Clover, Nuts)
    .text = A hare guest's order: cooking it takes one clover and one nuts, and cards worth at least the guest's value.
card-hare-berries-clover = Hare menu (Berries, Clover)
    .text = A hare guest's order: cooking it takes one berries and one clover, and cards worth at least the guest's value.
card-squirrel-nuts-berries = Squirrel menu (Nuts, Berries)
    .text = A squirrel guest's order: cooking it takes one nuts and one berries, and cards worth at least the guest's value.
card-squirrel-nuts-carrot = Squirrel menu (Nuts, Carrot)
    .text = A squirrel guest's order: cooking it takes one nuts and one carrot, and cards worth at least the guest's value.
card-squirrel-berries-clover = Squirrel menu (Berries, Clover)
    .text = A squirrel guest's order: cooking it takes one berries and one clover, and cards worth at least the guest's value.
card-squirrel-nuts-clover = Squirrel menu (Nuts, Clover)
    .text = A squirrel guest's order: cooking it takes one nuts and one clover, and cards worth at least the guest's value.
card-deer-clover-berries = Deer menu (Clover, Berries)
    .text = A deer guest's order: cooking it takes one clover and one berries, and cards worth at least the guest's value.
card-deer-carrot-nuts = Deer menu (Carrot, Nuts)
    .text = A deer guest's order: cooking it takes one carrot and one nuts, and cards worth at least the guest's value.
card-deer-clover-carrot = Deer menu (Clover, Carrot)
    .text = A deer guest's order: cooking it takes one clover and one carrot, and cards worth at least the guest's value.
card-deer-berries-nuts = Deer menu (Berries, Nuts)
    .text = A deer guest's order: cooking it takes one berries and one nuts, and cards worth at least the guest's value.
card-boar-nuts-carrot = Boar menu (Nuts, Carrot)
    .text = A boar guest's order: cooking it takes one nuts and one carrot, and cards worth at least the guest's value.
card-boar-berries-carrot = Boar menu (Berries, Carrot)
    .text = A boar guest's order: cooking it takes one berries and one carrot, and cards worth at least the guest's value.
card-boar-nuts-clover = Boar menu (Nuts, Clover)
    .text = A boar guest's order: cooking it takes one nuts and one clover, and cards worth at least the guest's value.
card-boar-carrot-clover = Boar menu (Carrot, Clover)
    .text = A boar guest's order: cooking it takes one carrot and one clover, and cards worth at least the guest's value.
card-fox-ham-berries = Fox menu (Ham, Berries)
    .text = A fox guest's order: cooking it takes one ham and one berries, and cards worth at least the guest's value.
card-fox-sausage-fish = Fox menu (Sausage, Fish)
    .text = A fox guest's order: cooking it takes one sausage and one fish, and cards worth at least the guest's value.
card-fox-fish-carrot = Fox menu (Fish, Carrot)
    .text = A fox guest's order: cooking it takes one fish and one carrot, and cards worth at least the guest's value.
card-fox-steak-ham = Fox menu (Steak, Ham)
    .text = A fox guest's order: cooking it takes one steak and one ham, and cards worth at least the guest's value.
card-marten-fish-nuts = Marten menu (Fish, Nuts)
    .text = A marten guest's order: cooking it takes one fish and one nuts, and cards worth at least the guest's value.
card-marten-sausage-ham = Marten menu (Sausage, Ham)
    .text = A marten guest's order: cooking it takes one sausage and one ham, and cards worth at least the guest's value.
card-marten-steak-berries = Marten menu (Steak, Berries)
    .text = A marten guest's order: cooking it takes one steak and one berries, and cards worth at least the guest's value.
card-wolf-steak-ham = Wolf menu (Steak, Ham)
    .text = A wolf guest's order: cooking it takes one steak and one ham, and cards worth at least the guest's value.
card-wolf-sausage-steak = Wolf menu (Sausage, Steak)
    .text = A wolf guest's order: cooking it takes one sausage and one steak, and cards worth at least the guest's value.
card-wolf-fish-ham = Wolf menu (Fish, Ham)
    .text = A wolf guest's order: cooking it takes one fish and one ham, and cards worth at least the guest's value.
card-wolf-ham-sausage = Wolf menu (Ham, Sausage)
    .text = A wolf guest's order: cooking it takes one ham and one sausage, and cards worth at least the guest's value.
card-bear-fish-berries = Bear menu (Fish, Berries)
    .text = A bear guest's order: cooking it takes one fish and one berries, and cards worth at least the guest's value.
card-bear-ham-nuts = Bear menu (Ham, Nuts)
    .text = A bear guest's order: cooking it takes one ham and one nuts, and cards worth at least the guest's value.
card-bear-steak-clover = Bear menu (Steak, Clover)
    .text = A bear guest's order: cooking it takes one steak and one clover, and cards worth at least the guest's value.
card-carrot = Carrot
    .text = An ingredient token (vegetable: bought with green and blue cards).
card-berries = Berries
    .text = An ingredient token (vegetable: bought with green and blue cards).
card-nuts = Nuts
    .text = An ingredient token (vegetable: bought with green and blue cards).
card-clover = Clover
    .text = An ingredient token (vegetable: bought with green and blue cards).
card-fish = Fish
    .text = An ingredient token (meat: bought with red and yellow cards).
card-ham = Ham
    .text = An ingredient token (meat: bought with red and yellow cards).
card-sausage = Sausage
    .text = An ingredient token (meat: bought with red and yellow cards).
card-steak = Steak
    .text = An ingredient token (meat: bought with red and yellow cards).
