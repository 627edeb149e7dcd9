# Foodie Forest, English. Terms of the rulebook (/work/shared/rulebooks/foodie-forest.txt):
# Ingredient card, Recipe card, pot, trick, deal, Dealer, required color, victory points.

game-title = Foodie Forest
game-summary = Reiner Knizia's trick-taking game of soup: over 5 deals, fill the pot to 10 and take the ingredients your secret recipe wants.

## Options

option-edition = Edition
    .sentence = Which cards and recipes are played: the English rulebook's (Trash empties the pot) or the older German description's (a Boot card adds its value).
option-edition-en = English rulebook
option-edition-de-description = German description (Boot cards)

option-recipe_choice = Choosing recipes
    .sentence = Whether everyone chooses a recipe face down at the same time, or, as in the rulebook's Variant, one after the other face up, starting left of the Dealer.
option-recipe_choice-simultaneous = Face down, all at once
option-recipe_choice-sequential = Face up in turn (Variant)

option-trash_keeps_colour = Trash keeps the required colour
    .sentence = Off: after a Trash (or Boot) card any colour may be played until the pot is full. On: the required colour stays, as the rulebook's later sentence "The required color remains the same" says.
option-trash_keeps_colour-false = Off: Trash lifts the required colour
option-trash_keeps_colour-true = On: the required colour stays

option-missing_cards = The 3 unlisted cards of each colour
    .sentence = The English rulebook lists only 11 of the 14 Bug, Vegetable and Fruit cards: the other 3 of each colour are herb cards (add nothing) or "0" cards (empty the pot). English edition only.
option-missing_cards-herb = Herb cards (add nothing)
option-missing_cards-zero = "0" cards (empty the pot)

option-scoring = Scoring
    .sentence = How the recipes score: as the German description says (a colour recipe loses a point per Trash card), or the English text word for word (it loses a point per card taken).
option-scoring-de-description = German description
option-scoring-rulebook-text = English rulebook, word for word

## Terms a client draws the table with

colour-bug = Bug
colour-vegetable = Vegetable
colour-fruit = Fruit
colour-trash = Trash
colour-boot = Boot

# a recipe's short name, where a table has little room (its card: card-recipe-<id>)
recipe-empty-pot = Empty pot
recipe-bug = Bug
recipe-vegetable = Vegetable
recipe-fruit = Fruit
recipe-trash = Trash
recipe-boot = Stinky boot

kind-number = Number card
kind-herb = Herb card
kind-zero = "0" card
kind-recipe = Recipe card

table-pot = Pot
table-pot-total = { $total } of 10
table-required-colour = Required colour
table-any-colour = any colour
table-dealer = Dealer
table-deal = Deal { $deal } of { $deals }
table-hand = Your hand
table-recipe = Recipe
table-recipes-left = Recipes left
table-points = Victory points
table-tricks = Tricks taken
table-cards-taken = Cards taken
table-last-card = Last card!
table-chosen = chosen
table-choosing = choosing…
table-empty-pot = The pot is empty.
table-leads = { $you ->
        [true] You lead
       *[false] { $player } leads
    }

## The terminal client's table (services/foodie_forest/render.py): its headers and labels
screen-players = Players
screen-player = player
screen-points = points
screen-recipe = recipe
screen-cards = cards
screen-taken = taken
screen-recipes-left = recipes left
screen-you = { $player } (you)
screen-taken-in = { $cards } { $cards ->
        [one] card
       *[other] cards
    } in { $tricks } { $tricks ->
        [one] trick
       *[other] tricks
    }
screen-required = required colour
screen-herb = herb
screen-no-cards = (no cards)
screen-hand = Your hand ({ $count ->
        [one] one card
       *[other] { $count } cards
    })
screen-moves = Your moves (type a number, or e.g. 'play bug-3')

## Ingredient cards (ids <colour>-<value>, <colour>-herb, <colour>-0)

card-bug-1 = Bug 1
    .text = A Bug card worth 1: adds 1 to the pot.
card-bug-2 = Bug 2
    .text = A Bug card worth 2: adds 2 to the pot.
card-bug-3 = Bug 3
    .text = A Bug card worth 3: adds 3 to the pot.
card-bug-4 = Bug 4
    .text = A Bug card worth 4: adds 4 to the pot.
card-bug-5 = Bug 5
    .text = A Bug card worth 5: adds 5 to the pot.
card-bug-10 = Bug 10
    .text = A Bug card worth 10: adds 10 to the pot, but counts 0 when it is the first card of a trick.
card-bug-herb = Bug herb
    .text = A Bug herb card: adds nothing to the pot, but follows and scores as a Bug card.
card-bug-0 = Bug 0
    .text = A Bug "0" card: sets the pot's total back to 0.
card-vegetable-1 = Vegetable 1
    .text = A Vegetable card worth 1: adds 1 to the pot.
card-vegetable-2 = Vegetable 2
    .text = A Vegetable card worth 2: adds 2 to the pot.
card-vegetable-3 = Vegetable 3
    .text = A Vegetable card worth 3: adds 3 to the pot.
card-vegetable-4 = Vegetable 4
    .text = A Vegetable card worth 4: adds 4 to the pot.
card-vegetable-5 = Vegetable 5
    .text = A Vegetable card worth 5: adds 5 to the pot.
card-vegetable-10 = Vegetable 10
    .text = A Vegetable card worth 10: adds 10 to the pot, but counts 0 when it is the first card of a trick.
card-vegetable-herb = Vegetable herb
    .text = A Vegetable herb card: adds nothing to the pot, but follows and scores as a Vegetable card.
card-vegetable-0 = Vegetable 0
    .text = A Vegetable "0" card: sets the pot's total back to 0.
card-fruit-1 = Fruit 1
    .text = A Fruit card worth 1: adds 1 to the pot.
card-fruit-2 = Fruit 2
    .text = A Fruit card worth 2: adds 2 to the pot.
card-fruit-3 = Fruit 3
    .text = A Fruit card worth 3: adds 3 to the pot.
card-fruit-4 = Fruit 4
    .text = A Fruit card worth 4: adds 4 to the pot.
card-fruit-5 = Fruit 5
    .text = A Fruit card worth 5: adds 5 to the pot.
card-fruit-10 = Fruit 10
    .text = A Fruit card worth 10: adds 10 to the pot, but counts 0 when it is the first card of a trick.
card-fruit-herb = Fruit herb
    .text = A Fruit herb card: adds nothing to the pot, but follows and scores as a Fruit card.
card-fruit-0 = Fruit 0
    .text = A Fruit "0" card: sets the pot's total back to 0.
card-trash-1 = Trash 1
    .text = A Trash card: sets the pot's total to 0, and from then on any colour may be played until the pot is full.
card-trash-2 = Trash 2
    .text = A Trash card: sets the pot's total to 0, and from then on any colour may be played until the pot is full.
card-trash-3 = Trash 3
    .text = A Trash card: sets the pot's total to 0, and from then on any colour may be played until the pot is full.
card-trash-4 = Trash 4
    .text = A Trash card: sets the pot's total to 0, and from then on any colour may be played until the pot is full.
card-trash-5 = Trash 5
    .text = A Trash card: sets the pot's total to 0, and from then on any colour may be played until the pot is full.
card-boot-1 = Boot 1
    .text = A Boot card worth 1: adds 1 to the pot, and from then on any colour may be played until the pot is full.
card-boot-2 = Boot 2
    .text = A Boot card worth 2: adds 2 to the pot, and from then on any colour may be played until the pot is full.
card-boot-3 = Boot 3
    .text = A Boot card worth 3: adds 3 to the pot, and from then on any colour may be played until the pot is full.
card-boot-4 = Boot 4
    .text = A Boot card worth 4: adds 4 to the pot, and from then on any colour may be played until the pot is full.
card-boot-5 = Boot 5
    .text = A Boot card worth 5: adds 5 to the pot, and from then on any colour may be played until the pot is full.

## Recipe cards (ids as the move's recipe: card-recipe-<id>)

card-recipe-empty-pot = Empty pot recipe
    .text = Gain 5 points, then lose 1 point for each card in all the tricks you won.
card-recipe-bug = Bug recipe
    .text = Gain 1 point for each Bug card in the tricks you won; lose 1 point for each Trash card (Boot in the German description) in them.
card-recipe-vegetable = Vegetable recipe
    .text = Gain 1 point for each Vegetable card in the tricks you won; lose 1 point for each Trash card (Boot in the German description) in them.
card-recipe-fruit = Fruit recipe
    .text = Gain 1 point for each Fruit card in the tricks you won; lose 1 point for each Trash card (Boot in the German description) in them.
card-recipe-trash = Trash recipe
    .text = Gain 1 point for each Trash card in the tricks you won; lose 1 point for each herb card in them.
card-recipe-boot = Stinky boot recipe
    .text = Gain 1 point for each Boot in the tricks you won; lose 1 point for each herb card in them.

## Rules at the table

rules-goal = Over 5 deals, score victory points with the recipe you choose for each deal. Everyone starts with 5 points and uses each of their 5 recipes once. After the 5th deal the most points win; tied leaders share the victory.
rules-setup = The Dealer deals 13 Ingredient cards to each player (10 each with 5 players); the rest are set aside unseen. Then everyone chooses one of their remaining recipes face down, and all are revealed together. In the 5th deal your last recipe is chosen for you.
rules-turn = Starting left of the Dealer, each player in turn puts one card into the pot and says the total. The first card of a trick sets the required colour: follow it if you can, otherwise play any card. A 10 that starts a trick counts 0. A Trash card sets the total to 0, and after it any colour may be played (in the German description a Boot card adds its value and lifts the colour the same way, and a "0" card empties the pot). When the total reaches 10 or more, the pot is full: you take the trick face down and start the next one.
rules-end = Play your last card and you announce it. When the player to play has no card left, the deal ends: nobody wins the unfinished trick, and cards left in other hands do not count. The player left of the Dealer deals next.
rules-scoring = Empty pot: gain 5, lose 1 for each card you took. Bug, Vegetable and Fruit: gain 1 for each card of that colour you took, lose 1 for each Trash card. Trash: gain 1 for each Trash card, lose 1 for each herb. (German description: the Boot takes Trash's place.) Nobody drops below 0 points.
rules-choices = Where the rulebook is silent or broken: the 3 unlisted cards of each colour are herbs (add nothing); after Trash any colour may be played; the recipes score as the German description says (the English text would make the Trash recipe worth 0); points never go below 0 after a deal. In the Variant, recipes are chosen face up in turn and the Dealer must differ from the player on their left if they can. Each choice is an option of the table.

## Events (the log)

event-GameStarted = The game begins: { $count } players, 5 deals, { $points } victory points each. { $you ->
        [true] You are
       *[false] { $dealer } is
    } the first Dealer.
event-CardsDealt = Deal { $deal } of { $deals }: { $you ->
        [true] you deal
       *[false] { $dealer } deals
    } { $cards } cards to each player{ $aside ->
        [0] .
        [one] ; one card is set aside unseen.
       *[other] ; { $aside } cards are set aside unseen.
    }
event-RecipeChosen = { $you ->
        [true] You chose
       *[false] { $player } chose
    } the { CARD($recipe) }.
event-RecipeChosen-secret = You chose the { CARD($recipe) } (face down until everyone has chosen).
event-RecipeChosen-hidden = { $player } chose a recipe face down.
event-RecipesRevealed = The recipes are revealed: { $count ->
        [2] { $you1 ->
            [true] you: { CARD($recipe1) }
           *[false] { $player1 }: { CARD($recipe1) }
        }; { $you2 ->
            [true] you: { CARD($recipe2) }
           *[false] { $player2 }: { CARD($recipe2) }
        }
        [3] { $you1 ->
            [true] you: { CARD($recipe1) }
           *[false] { $player1 }: { CARD($recipe1) }
        }; { $you2 ->
            [true] you: { CARD($recipe2) }
           *[false] { $player2 }: { CARD($recipe2) }
        }; { $you3 ->
            [true] you: { CARD($recipe3) }
           *[false] { $player3 }: { CARD($recipe3) }
        }
        [4] { $you1 ->
            [true] you: { CARD($recipe1) }
           *[false] { $player1 }: { CARD($recipe1) }
        }; { $you2 ->
            [true] you: { CARD($recipe2) }
           *[false] { $player2 }: { CARD($recipe2) }
        }; { $you3 ->
            [true] you: { CARD($recipe3) }
           *[false] { $player3 }: { CARD($recipe3) }
        }; { $you4 ->
            [true] you: { CARD($recipe4) }
           *[false] { $player4 }: { CARD($recipe4) }
        }
       *[5] { $you1 ->
            [true] you: { CARD($recipe1) }
           *[false] { $player1 }: { CARD($recipe1) }
        }; { $you2 ->
            [true] you: { CARD($recipe2) }
           *[false] { $player2 }: { CARD($recipe2) }
        }; { $you3 ->
            [true] you: { CARD($recipe3) }
           *[false] { $player3 }: { CARD($recipe3) }
        }; { $you4 ->
            [true] you: { CARD($recipe4) }
           *[false] { $player4 }: { CARD($recipe4) }
        }; { $you5 ->
            [true] you: { CARD($recipe5) }
           *[false] { $player5 }: { CARD($recipe5) }
        }
    }. { $you ->
        [true] You lead
       *[false] { $leader } leads
    } the first trick.
event-CardPlayed = { $you ->
        [true] You played
       *[false] { $player } played
    } { CARD($card) }: the pot holds { $total }, follow { $colour ->
        [bug] Bug
        [vegetable] Vegetable
        [fruit] Fruit
        [trash] Trash
        [boot] Boot
       *[other] { $colour }
    }.
event-CardPlayed-free = { $you ->
        [true] You played
       *[false] { $player } played
    } { CARD($card) }: the pot holds { $total }, any colour may follow.
event-CardPlayed-full = { $you ->
        [true] You played
       *[false] { $player } played
    } { CARD($card) }: the pot is full with { $total }!
event-LastCardAnnounced = { $you ->
        [true] You announce your last card.
       *[false] { $player } announces their last card.
    }
event-TrickTaken = { $you ->
        [true] You take
       *[false] { $player } takes
    } the trick: { $count ->
        [one] one card
       *[other] { $count } cards
    }.
event-TrickPutAside = { $you ->
        [true] You have
       *[false] { $player } has
    } no card left to play, so the deal ends{ $count ->
        [0] .
        [one] : nobody wins the last card in the pot.
       *[other] : nobody wins the { $count } cards in the pot.
    }
event-DealScored = Deal { $deal } is scored: { $count ->
        [2] { $you1 ->
            [true] you score { $gain1 } (now { $points1 })
           *[false] { $player1 } scores { $gain1 } (now { $points1 })
        }, { $you2 ->
            [true] you score { $gain2 } (now { $points2 })
           *[false] { $player2 } scores { $gain2 } (now { $points2 })
        }
        [3] { $you1 ->
            [true] you score { $gain1 } (now { $points1 })
           *[false] { $player1 } scores { $gain1 } (now { $points1 })
        }, { $you2 ->
            [true] you score { $gain2 } (now { $points2 })
           *[false] { $player2 } scores { $gain2 } (now { $points2 })
        }, { $you3 ->
            [true] you score { $gain3 } (now { $points3 })
           *[false] { $player3 } scores { $gain3 } (now { $points3 })
        }
        [4] { $you1 ->
            [true] you score { $gain1 } (now { $points1 })
           *[false] { $player1 } scores { $gain1 } (now { $points1 })
        }, { $you2 ->
            [true] you score { $gain2 } (now { $points2 })
           *[false] { $player2 } scores { $gain2 } (now { $points2 })
        }, { $you3 ->
            [true] you score { $gain3 } (now { $points3 })
           *[false] { $player3 } scores { $gain3 } (now { $points3 })
        }, { $you4 ->
            [true] you score { $gain4 } (now { $points4 })
           *[false] { $player4 } scores { $gain4 } (now { $points4 })
        }
       *[5] { $you1 ->
            [true] you score { $gain1 } (now { $points1 })
           *[false] { $player1 } scores { $gain1 } (now { $points1 })
        }, { $you2 ->
            [true] you score { $gain2 } (now { $points2 })
           *[false] { $player2 } scores { $gain2 } (now { $points2 })
        }, { $you3 ->
            [true] you score { $gain3 } (now { $points3 })
           *[false] { $player3 } scores { $gain3 } (now { $points3 })
        }, { $you4 ->
            [true] you score { $gain4 } (now { $points4 })
           *[false] { $player4 } scores { $gain4 } (now { $points4 })
        }, { $you5 ->
            [true] you score { $gain5 } (now { $points5 })
           *[false] { $player5 } scores { $gain5 } (now { $points5 })
        }
    }.
event-GameEnded = The game is over: { $you ->
        [true] { $others_count ->
            [0] you win
            [1] you and { $others } share the victory
           *[other] you, { NAMES($others, after: 1) } share the victory
        }
       *[false] { $count ->
            [one] { NAMES($winners) } wins
           *[other] { NAMES($winners) } share the victory
        }
    } with { $points } { $points ->
        [one] victory point
       *[other] victory points
    }.

## Moves

move-choose_recipe = Choose the { CARD($recipe) }
move-play = Play { CARD($card) }

## Prompts (what to do now)

prompt-over = The game is over.
prompt-dealing = The cards are being dealt…
prompt-choose = Your turn: choose a recipe for this deal, face down.
prompt-choose-face-up = Your turn: choose a recipe for this deal; everyone sees it at once.
prompt-waiting-choose = Waiting for { NAMES($players) } to choose { $count ->
        [one] a recipe
       *[other] their recipes
    }.
prompt-revealing = The recipes are being revealed…
prompt-lead = Your turn: play any card to start a new trick.
prompt-follow = Your turn: play a card. The pot holds { $total }; follow { $colour ->
        [bug] Bug
        [vegetable] Vegetable
        [fruit] Fruit
        [trash] Trash
        [boot] Boot
       *[other] { $colour }
    } if you can.
prompt-play-free = Your turn: play a card. The pot holds { $total }; any colour may follow.
prompt-waiting = Waiting for { $player } to play a card.

## Refusals

refused-not-an-object = A move must be an object such as {"{"} "type": "play", "card": "bug-3" {"}"}.
refused-unknown-move-type = There is no move { $type } in Foodie Forest: choose a recipe or play a card.
refused-unknown-fields = A { $move } move has no { $count ->
        [one] field
       *[other] fields
    } { $fields }.
refused-unknown-recipe = There is no recipe { $recipe }; the recipes are { CARDS($recipes) }.
refused-unknown-card = There is no card { $card }; cards look like bug-3, fruit-10, trash-1 or vegetable-herb.
refused-game-over = The game is over.
refused-dealing = The cards are being dealt: wait for your hand.
refused-not-at-table = Seat { $seat } is not at this table.
refused-choose-recipe-first = Choose a recipe first: the tricks start once every recipe is revealed.
refused-wait-for-recipes = The tricks start once every recipe is revealed.
refused-not-your-turn = It is { $player }'s turn.
refused-recipes-revealed = The recipes of this deal are already revealed: play a card.
refused-already-chose = You already chose your recipe; waiting for { NAMES($players) }.
refused-not-your-turn-to-choose = It is { $player }'s turn to choose a recipe.
refused-recipe-used = You already used the { CARD($recipe) }.
refused-dealer-must-differ = As the Dealer you must choose a different recipe from { $player }, who chose the { CARD($recipe) }: choose from { CARDS($recipes) }.
refused-not-in-hand = You do not hold { CARD($card) }.
refused-must-follow = You must follow { $colour ->
        [bug] Bug
        [vegetable] Vegetable
        [fruit] Fruit
        [trash] Trash
        [boot] Boot
       *[other] { $colour }
    }: you hold { CARDS($cards) }.
refused-already-started = The game has already started.
refused-no-shuffle = No shuffle is pending.
refused-unknown-options = Foodie Forest has no option { $options }; its options are { $known }.
refused-bad-option = The option { $option } must be one of { $allowed }, not { $value }.
refused-option-not-for-edition = The option { $option } does not apply to the { $edition ->
        [en] English rulebook
       *[other] German description
    }: its deck lists every card.
