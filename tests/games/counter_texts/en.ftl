# The test game's texts (tests/games/counter.py): the contract's checks run on it as on a real game.

game-title = Counter
game-summary = Take turns adding 1, 2 or 3 to a shared total; whoever reaches the target wins.

option-target = Target
    .sentence = The total that ends the game: whoever reaches it wins.

card-secret = Secret card
    .text = A card only its holder sees; it does nothing.

kind-secret = Secret

rules-goal = Be the one who brings the total to the target.
rules-turn = On your turn add 1, 2 or 3 to the total.
rules-end = The game ends as soon as the total reaches the target.
rules-scoring = The player who reached the target wins; everyone else shares second place.
rules-choices = Nothing is left open: the rules of this test game are complete.

event-Started = { $players } play to { $target }.
event-CardsDealt = Everyone was dealt a secret card.
event-CardsDealt-own = You were dealt { CARD($card) }.
event-Added = { $you ->
    [true] You added { $amount }: the total is { $total }.
   *[false] { $player } added { $amount }: the total is { $total }.
}

move-add = Add { $amount }

prompt-add = Your turn: add 1, 2 or 3 to { $total }.
prompt-wait = Waiting for { $player }.
prompt-won = { $you ->
    [true] You won!
   *[false] { $player } won.
}

refused-add-amount = An add move needs a whole-number amount.
refused-add-range = You may add 1, 2 or 3, not { $amount }.
refused-counter-unknown-move = This game knows only the move add.
