# Food Fight, English. Terms of the rulebook (/work/shared/rulebooks/food-fight.txt): Day,
# Battlefield, Meal (Breakfast, Lunch, Dinner), Army, troop, plate, Serving, Instant, Mascot,
# Yumminess, scoring chip, Victory Points (VP), The Dog, Main deck, draft, Boot Camp.

game-title = Food Fight
game-summary = Draft an Army of food, send it to Breakfast, Lunch or Dinner and win Battlefields Serving by Serving: the first to 10 Victory Points wins.

## Options

option-boot_camp = Boot Camp
    .sentence = For a first game: no draft, the nine cards you are dealt are your hand.
option-boot_camp-true = Boot Camp (no draft)
option-boot_camp-false = Draft (Go to War)

option-non_native_tie = Ties without a native troop
    .sentence = When the highest Yumminess of a Serving is tied and none of the tied troops is native to the Meal: nobody takes the scoring chip, or every tied player takes one.
option-non_native_tie-none = Nobody takes the chip
option-non_native_tie-all = Every tied player takes one

option-vp_to_win = Victory Points to win
    .sentence = The game ends the moment a player has this many Victory Points (the rulebook: 10).

## Terms a client draws the table with

meal-breakfast = Breakfast
meal-lunch = Lunch
meal-dinner = Dinner
kind-troop = Troop
kind-instant = Instant
kind-mascot = Mascot
kind-battlefield = Battlefield
kind-dog = The Dog card
timing-meal = Played in an Instant round
timing-plating = Played during plating
table-the-dog = The Dog
table-day = Day { $day }
table-serving = Serving { $serving } of 5
table-yumminess = Yumminess
table-chips = Scoring chips
table-vp = Victory Points
table-hand = Your hand
table-packet = Your packet
table-army = Your Army (face down)
table-plate-face-down = Plate face down
table-battlefields-today = Battlefields today
table-battlefields-won = Battlefields taken
table-priority = Instant round order
table-auto-pass = Passing automatically
table-native = native to this Meal

## The terminal client's table (services/food_fight/render.py): its headers and labels
phase-setup = setting up
phase-dawn = dawn
phase-dealing = dealing
phase-draft = draft
phase-plating = plating
phase-meals = between Meals
phase-fight = battle
phase-tiebreak = tiebreak
phase-over = game over
screen-player = player
screen-vp = VP
screen-hand-size = hand
screen-plate = plate
screen-you = { $player } (you)
screen-face-down = face down
screen-plated = { $meal } ({ $size })
screen-troop = { $card } ({ $meal ->
        [breakfast] B
        [lunch] L
       *[dinner] D
    }{ $yumminess })
screen-instant = { $card } [{ $kind ->
        [mascot] mascot
       *[instant] instant
    }]
screen-battlefield = { $card } ({ $meal }, { $vp } VP)
screen-battlefield-vp = { $card } { $vp }VP
screen-battle = Battle
screen-meal = { $meal } - Serving { $serving }/5 - { $battlefields }
screen-dog-here = { $lone ->
        [true] The Dog is at this Meal (a lone Army: win 3 of 5)
       *[false] The Dog is at this Meal
    }
screen-chips = { $player }: chips { $chips };
screen-bonus = { $effect ->
        [set] is { $amount }
        [add] +{ $amount }
       *[times] x{ $amount }
    } { $card }
screen-dog-chips = The Dog: chips { $chips }; cards { $cards }
screen-this-serving = This Serving: { $values }
screen-instant-round = Instant round: { $order }; { $player } acts
screen-packet = Packet (passing { $direction ->
        [left] left
       *[right] right
    })
screen-picked = Picked: { $cards }
screen-hand = Your hand ({ $count })
screen-army = Your Army at { $meal }: face down { $cards }
screen-moves = Your moves

## Rules at the table

rules-goal = Earn 10 Victory Points (VP). Battlefields carry 1-3 VP each; you win them by winning the Meal they belong to.
    .title = Goal
rules-setup = Every player has a Breakfast, a Lunch and a Dinner plate. The Dog deck (8 cards), the Battlefield deck (27) and the Main deck (121 troops, 18 Mascots, 16 Instants) are shuffled.
    .title = Set-up
rules-turn = Each Day: three Battlefields are revealed (two with 2-3 players) and nine cards are dealt to each player. In the draft you keep one card of the packet you hold and pass the rest (left on odd Days, right on even Days) until you have nine again. Then everyone secretly builds an Army of up to five troops (no Instants) and puts on it the plate of a Meal that has a Battlefield this Day; Mascots that say "Play during plating" go with the plate. All plates are revealed together.
    .title = A Day
rules-meals = Meals are fought in order: Breakfast, Lunch, Dinner. Only a plate on at least one troop fights ("In order to fight at a Meal ... you must have an Army of food"). Each Army is shuffled; in each of five Servings everyone reveals the top troop. The player with the lowest Yumminess may play an Instant or pass first, then clockwise, until everyone passes in a row. The highest Yumminess takes a scoring chip; in a tie a troop native to the Meal wins. After five Servings the most chips win the Meal's Battlefields.
    .title = Meals and Servings
rules-dog = A lone Army at a Meal fights The Dog, who plays the top card of his deck each Serving and loses every tie: win at least three Servings or the Battlefields go to the bottom of the deck. Players tied for the most chips each draw a card of The Dog deck: the high card wins. Some Mascots summon The Dog as another participant.
    .title = The Dog
rules-end = The game ends the moment a player has 10 VP or more, even in the middle of a Meal. At the end of a Day every card in hand and in play is discarded.
    .title = The end
rules-scoring = Victory Points are the Battlefields you won (and drew). If the Battlefield deck runs out, the most VP win.
    .title = Scoring
rules-choices = Where the rulebook is silent: The Dog cards are 1, 3, 4, 5, 6, 7, 8 and 12; a tie with no native troop gives nobody the chip (an option); a plate on no troop does not fight; Yumminess bonuses add up before doublings; "Play during plating" Mascots are played face down with the plate; discard powers are used once per troop and Serving, before you pass; you may choose to pass automatically whenever you can play nothing in an Instant round (the table sees such a pass marked automatic).
    .title = Where the rulebook is silent

## Events (the log). $you is "true" when the event is about the reading seat.

event-GameStarted = The food fight begins: { $count } players, first to { $vp } { $vp ->
    [one] Victory Point
   *[other] Victory Points
}{ $boot_camp ->
    [true] , in Boot Camp (no draft).
   *[false] .
}
event-ShuffleRequested = { $deck ->
    [dog] The Dog deck is to be shuffled.
    [battlefields] The Battlefield deck is to be shuffled.
    [main] The Main deck is to be shuffled.
    [army] { $player }'s Army is to be shuffled.
   *[other] The { $deck } deck is to be shuffled.
}
event-DeckShuffled = { $deck ->
    [dog] The Dog deck was shuffled.
    [battlefields] The Battlefield deck was shuffled.
    [main] The Main deck was shuffled.
    [army] { $player }'s Army was shuffled.
   *[other] The { $deck } deck was shuffled.
}
event-BattlefieldsRevealed = Day { $day }: the Battlefields are { CARDS($cards) }.
event-CardsDealt = Each player was dealt nine cards.
event-CardsDealt-hand = Each player was dealt nine cards; you hold { CARDS($cards) }.
event-CardPicked = { $player } picked a card.
event-CardPicked-own = { $auto ->
    [true] You took the last card of your packet, { CARD($card) }.
   *[false] You picked { CARD($card) }.
}
event-PacketsPassed = The packets were passed to the { $direction ->
    [left] left
   *[right] right
}.
event-DraftCompleted = The draft is over: everyone holds nine cards.
event-ArmyPlated = { $player } plated an Army face down.
event-ArmyPlated-own = You plated { $count ->
    [0] no troop
    [one] one troop
   *[other] { $count } troops
} at { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
}{ $mascots_count ->
    [0] {""}
   *[other] {" "}with { CARDS($mascots) }
}{ $count ->
    [0] .
   *[other] : { CARDS($troops) }.
}
event-PlatesRevealed = The plates were revealed: Breakfast { $breakfast_you ->
    [true] { $breakfast_others_count ->
        [0] you
       *[other] you and { $breakfast_others }
    }
   *[false] { $breakfast_count ->
        [0] nobody
       *[other] { $breakfast }
    }
}; Lunch { $lunch_you ->
    [true] { $lunch_others_count ->
        [0] you
       *[other] you and { $lunch_others }
    }
   *[false] { $lunch_count ->
        [0] nobody
       *[other] { $lunch }
    }
}; Dinner { $dinner_you ->
    [true] { $dinner_others_count ->
        [0] you
       *[other] you and { $dinner_others }
    }
   *[false] { $dinner_count ->
        [0] nobody
       *[other] { $dinner }
    }
}.
event-BattlefieldsReturned = Nobody fought at { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
}: { CARDS($cards) } { $count ->
    [one] goes
   *[other] go
} to the bottom of the Battlefield deck.
event-MealStarted = { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} began: { $you ->
    [true] { $others_count ->
        [0] you fight
        [1] you and { $others } fight
       *[other] you, { NAMES($others, after: 1) } fight
    }
   *[false] { NAMES($players) } fight
} for { CARDS($battlefields) }{ $dog ->
    [true] , and The Dog joins { $you ->
        [true] you.
       *[false] them.
    }
   *[false] .
}
event-MealStarted-lone = { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} began: { $you ->
    [true] your Army is
   *[false] { $player }'s Army is
} the only one, so The Dog shows up; three Servings of five win { CARDS($battlefields) }.
event-ServingRevealed = Serving { $serving }: { $count ->
    [0] no troop was revealed
   *[other] { $mine_count ->
        [0] {""}
       *[other] your { CARDS($mine) }{ $others_count ->
            [0] {""}
            [1] {" "}and{" "}
           *[other] ,{" "}
        }
    }{ $others_count ->
        [0] {""}
        [1] { $player1 }'s { CARDS($cards1) }
        [2] { $player1 }'s { CARDS($cards1) } and { $player2 }'s { CARDS($cards2) }
        [3] { $player1 }'s { CARDS($cards1) }, { $player2 }'s { CARDS($cards2) } and { $player3 }'s { CARDS($cards3) }
        [4] { $player1 }'s { CARDS($cards1) }, { $player2 }'s { CARDS($cards2) }, { $player3 }'s { CARDS($cards3) } and { $player4 }'s { CARDS($cards4) }
        [5] { $player1 }'s { CARDS($cards1) }, { $player2 }'s { CARDS($cards2) }, { $player3 }'s { CARDS($cards3) }, { $player4 }'s { CARDS($cards4) } and { $player5 }'s { CARDS($cards5) }
       *[6] { $player1 }'s { CARDS($cards1) }, { $player2 }'s { CARDS($cards2) }, { $player3 }'s { CARDS($cards3) }, { $player4 }'s { CARDS($cards4) }, { $player5 }'s { CARDS($cards5) } and { $player6 }'s { CARDS($cards6) }
    } { $count ->
        [one] was
       *[other] were
    } revealed
}{ $dog ->
    [true] , The Dog plays { CARD($dog_card) }
   *[false] {""}
}; { $you ->
    [true] you act
   *[false] { $first } acts
} first.
event-InstantPlayed = { $you ->
    [true] You
   *[false] { $player }
} played { CARD($card) }.
event-InstantPlayed-target = { $you ->
    [true] You
   *[false] { $player }
} played { CARD($card) } on { CARD($target) }.
event-CardsDiscarded = { $you ->
    [true] You
   *[false] { $player }
} discarded { CARDS($cards) } to { CARD($troop) }.
event-Passed = { $you ->
    [true] You
   *[false] { $player }
} passed.
event-Passed-auto = { $you ->
    [true] You
   *[false] { $player }
} had nothing to play and passed automatically.
event-AutoPassChosen = { $you ->
    [true] You
   *[false] { $player }
} { $on ->
    [true] will pass automatically whenever there is nothing to play in an Instant round.
   *[false] will be asked again in every Instant round.
}
event-BattlefieldDrawn = { $you ->
    [true] You
   *[false] { $player }
} drew { CARD($card) } and { $you ->
    [true] keep
   *[false] keeps
} it ({ $points } VP now).
event-BattlefieldDrawn-meal = { $you ->
    [true] You
   *[false] { $player }
} drew { CARD($card) } and added it to this Meal's Battlefields.
event-ServingScored = Serving { $serving }: { $you ->
    [true] { $others_count ->
        [0] you take
        [1] you and { $others } take
       *[other] you, { NAMES($others, after: 1) } take
    }
   *[false] { NAMES($players) } { $count ->
        [one] takes
       *[other] take
    }
} a scoring chip with Yumminess { $best }.
event-ServingScored-dog = Serving { $serving }: The Dog takes the scoring chip with Yumminess { $best }.
event-ServingScored-none = Serving { $serving }: nobody takes a scoring chip{ $tied ->
    [true] {" "}(a tie at Yumminess { $best } with no troop native to the Meal).
   *[false] .
}
event-MealTied = { $you ->
    [true] { $others_count ->
        [0] You have
        [1] You and { $others } tie for
       *[other] You, { NAMES($others, after: 1) } tie for
    }
   *[false] { NAMES($players) } tie for
} the most scoring chips at { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
}: { $you ->
    [true] you draw
   *[false] they draw
} from a freshly shuffled Dog deck.
event-DogDrawn = The Dog deck decides: { $you ->
    [true] you
   *[false] { $winner }
} drew the high card, { CARD($card) }.
event-MealWon = { $you ->
    [true] You win
   *[false] { $player } wins
} { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} and { $you ->
    [true] take
   *[false] takes
} { CARDS($battlefields) } ({ $points } VP now).
event-MealWon-dog = Nobody wins { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
}{ $dog ->
    [true] : The Dog ate the troops,
   *[false] :
} { CARDS($battlefields) } { $count ->
    [one] goes
   *[other] go
} to the bottom of the Battlefield deck.
event-DayEnded = Day { $day } is over: every card in hand and in play was discarded.
event-GameEnded = The game is over: { $you ->
    [true] { $others_count ->
        [0] you win
        [1] you and { $others } share first place
       *[other] you, { NAMES($others, after: 1) } share first place
    }
   *[false] { NAMES($winners) } { $count ->
        [one] wins
       *[other] share first place
    }
} with { $points } { $points ->
    [one] Victory Point
   *[other] Victory Points
}{ $goal ->
    [reached] {" "}({ $target } to win).
    [short] {" "}(nobody reached { $target } before the Battlefield deck ran out).
   *[none] .
}

## Moves (the label of a legal move)

move-pick = Pick { CARD($card) }
move-plate = Plate at { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
}: { CARDS($troops) }
move-plate-mascots = Plate at { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
}: { CARDS($troops) }, with { CARDS($mascots) }
move-plate-empty = Plate at { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} on no troop (you will not fight there){ $mascots_count ->
    [0] {""}
   *[other] , with { CARDS($mascots) }
}
move-instant = Play { CARD($card) }
move-instant-target = Play { CARD($card) } on { CARD($target) }
move-discard = Discard { CARDS($cards) } to { CARD($troop) }
move-pass = Pass
# "pass" is the Instant round's (the draft hands packets on, which is not this): the switch is
# offered on any turn of the seat's, the draft's and plating's too, so that it can be set ahead
move-auto_pass-on = Pass automatically in Instant rounds when I have nothing to play
move-auto_pass-off = Stop passing automatically in Instant rounds

## Prompts

prompt-pick = Your turn: pick one card from your packet (the rest then goes to the { $direction ->
    [left] left
   *[right] right
}).
prompt-plate = Your turn: plate an Army of up to five troops on a Meal with a Battlefield today: { $meals ->
    [breakfast] Breakfast
    [lunch] Lunch
    [dinner] Dinner
    [breakfast-lunch] Breakfast or Lunch
    [breakfast-dinner] Breakfast or Dinner
    [lunch-dinner] Lunch or Dinner
   *[breakfast-lunch-dinner] Breakfast, Lunch or Dinner
}.
prompt-instant = Your turn in the Instant round of Serving { $serving }: { $instant ->
    [true] { $discard ->
        [true] play an Instant, discard to a troop, or pass.
       *[false] play an Instant or pass.
    }
   *[false] { $discard ->
        [true] discard to a troop or pass.
       *[false] you can only pass.
    }
}
prompt-waiting-for = Waiting for { NAMES($players) }.
prompt-shuffling = The cards are being shuffled.
prompt-game-over = The game is over: { $you ->
    [true] { $others_count ->
        [0] you win
        [1] you and { $others } share first place
       *[other] you, { NAMES($others, after: 1) } share first place
    }
   *[false] { NAMES($winners) } { $count ->
        [one] wins
       *[other] share first place
    }
}.

## Refusals

refused-dog-name = "{ $name }" is The Dog's name: choose another.
refused-already-started = The game has already started.
refused-no-shuffle = No shuffle is pending.
refused-game-over = The game is over.
refused-not-at-table = Seat { $seat } is not at this table.
refused-shuffling = Wait: the cards are being shuffled.
refused-no-instant-round = { $move ->
    [pass] Passing
    [instant] Playing an Instant
   *[discard] Discarding
} belongs to the Instant round of a Meal, and no Instant round is under way.
refused-not-fighting = Only the players fighting at { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} take part in its Instant round.
refused-instant-round-turn = It is { $player }'s turn in the Instant round (lowest Yumminess first, then clockwise).
refused-auto-pass-not-your-turn = Choose automatic passing when it is your turn.
refused-auto-pass-unchanged = Automatic passing is already { $on ->
    [true] on
   *[false] off
}.
refused-auto-pass-changed = You changed automatic passing already: make a move before you change it again.
refused-no-draft = Picking belongs to the draft, and no draft is under way.
refused-already-picked = You already picked from this packet ("choose one and only one card"); waiting for { NAMES($players) }.
refused-not-in-packet = { CARD($card) } is not in the packet you hold: pick one of its cards.
refused-no-plating = Plating comes after the draft, before the Meals.
refused-already-plated = You already plated your Army this Day.
refused-no-battlefield-for-meal = There is no { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} Battlefield this Day ("you can't place a Meal plate on your Army if there are no Battlefields for that Meal").
refused-army-too-big = An Army consists of up to five food troops, not { $count }.
refused-no-such-card = There is no card { $card }.
refused-instant-in-army = { CARD($card) } is an Instant: "Do not put any Instants into your Army".
refused-not-a-plating-instant = { CARD($card) } is not an Instant that is played during plating.
refused-not-enough-cards = You hold { $held } { CARD($card) }, not { $wanted }.
refused-untargeted = { CARD($card) } does not target a troop: play it without a target.
refused-needs-target = { CARD($card) } needs a target: one of your current troops ({ $count ->
    [0] you have none this Serving
   *[other] { CARDS($troops) }
}).
refused-not-your-troop = { CARD($target) } is not one of your current troops ("You can't target other players' troops with your Instants").
refused-wrong-kind-target = { CARD($card) } targets a { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} troop; { CARD($target) } is a { $kind ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} troop (the Meal it fights at does not change its kind).
refused-not-held = You do not hold { CARD($card) }.
refused-not-an-instant = { CARD($card) } is a troop, not an Instant.
refused-plating-only = { CARD($card) } says "Play during plating": it is played with your plate.
refused-needs-dog = { CARD($card) } can be played only while The Dog is at this Meal.
refused-battlefield-deck-empty = The Battlefield deck is empty: there is no card to draw.
refused-no-troops-to-boost = { CARD($card) } boosts your troops in this Serving, and you have none.
refused-discard-after-pass = Once you pass, you can't discard any other cards this Serving.
refused-discard-used = { CARD($troop) } has used its discard power this Serving: "you must discard them all at once".
refused-no-discard-power = { CARD($troop) } is not one of your current troops with a discard power.
refused-discard-nothing = Discard at least one card.
refused-discard-not-held = You hold { $held } { CARD($card) }, not { $wanted } (discards come from your hand).
refused-discard-wrong-kind = { CARD($troop) } takes { $meal ->
    [breakfast] Breakfast
    [lunch] Lunch
   *[dinner] Dinner
} troops; { CARD($card) } is not one.
refused-unknown-options = Unknown option(s) { $options }; known options: { $known }.
refused-option-boot-camp = The option boot_camp must be true or false, not { $value }.
refused-option-non-native-tie = The option non_native_tie must be one of { $choices }, not { $value }.
refused-option-vp-to-win = The option vp_to_win must be a whole number from 1 to 54, not { $value }.

## Cards

card-big-bad-bacon = Big Bad Bacon
    .text = No power: just big and bad.
card-blt-bombardier = BLT Bombardier
    .text = Is 8 when fighting at Lunch.
card-broccoli-brigadier = Broccoli Brigadier
    .text = No power.
card-casserole-copycat = Casserole Copycat
    .text = + the highest printed Yumminess among the other players' troops revealed this Serving.
card-club-sandwich-colonel = Club Sandwich Colonel
    .text = No power.
card-copycat-crepe = Copycat Crepe
    .text = + the highest printed Yumminess among the other players' troops revealed this Serving.
card-corn-dog-commando = Corn Dog Commando
    .text = +5 while The Dog is at this Meal.
card-corporal-cinnamon-roll = Corporal Cinnamon Roll
    .text = Is 9 when fighting at Breakfast.
card-corporal-taco = Corporal Taco
    .text = Discard any cards from your hand (all at once, once per Serving): +2 for each.
card-first-sergeant-fish-stick = First Sergeant Fish Stick
    .text = No power.
card-general-cheeseburger = General Cheeseburger
    .text = Your Lunch troops revealed after it this Meal have +4.
card-general-chicken = General Chicken
    .text = Your other Dinner troops revealed with it or after it this Meal have +4.
card-general-donut = General Donut
    .text = Your Breakfast troops revealed after it this Meal have +4.
card-grilled-cheese-grunt = Grilled Cheese Grunt
    .text = No power.
card-hot-dog-private = Hot Dog Private
    .text = +4 while The Dog is at this Meal.
card-lieutenant-lasagna = Lieutenant Lasagna
    .text = Doubles your next troop's Yumminess if it is a Dinner troop (after all its other bonuses).
card-locked-and-loaded-spud = Locked and Loaded Spud
    .text = Reveals your next troop, which joins this Serving (their Yumminess adds up).
card-mean-burrito = Mean Burrito
    .text = Discard Breakfast troops from your hand (all at once, once per Serving): +3 for each.
card-meatball-mortar = Meatball Mortar
    .text = Discard Dinner troops from your hand (all at once, once per Serving): +3 for each.
card-meatloaf-marine = Meatloaf Marine
    .text = No power.
card-oatmeal-infantry = Oatmeal Infantry
    .text = +5 while The Dog is at this Meal (he won't touch oatmeal).
card-pizza-paratrooper = Pizza Paratrooper
    .text = No power.
card-pot-roast-private = Pot Roast Private
    .text = +2 for each Instant you played this Meal.
card-private-pancake = Private Pancake
    .text = +8 for each other Private Pancake of yours revealed before it this Meal.
card-ranger-ramen = Ranger Ramen
    .text = +2 for each Instant you played this Meal.
card-roast-beef-ranger = Roast Beef Ranger
    .text = No power.
card-scrambled-egg-scout = Scrambled Egg Scout
    .text = +3 when fighting at Breakfast.
card-sergeant-sausage = Sergeant Sausage
    .text = +2 for each Instant you played this Meal.
card-sergeant-spaghetti = Sergeant Spaghetti
    .text = +3 when fighting at Dinner.
card-steak-sergeant = Steak Sergeant
    .text = No power.
card-sunny-side-egg = Sunny-Side Egg
    .text = No power.
card-taco-salad-spy = Taco Salad Spy
    .text = + the highest printed Yumminess among the other players' troops revealed this Serving.
card-tech-sergeant-toast = Tech Sergeant Toast
    .text = Doubles your next troop's Yumminess if it is a Breakfast troop (after all its other bonuses).
card-tomato-soup-trooper = Tomato Soup Trooper
    .text = +3 when fighting at Lunch.
card-turkey-trooper = Turkey Trooper
    .text = Is 8 when fighting at Dinner.
card-waffle-warrior = Waffle Warrior
    .text = Discard Breakfast troops from your hand (all at once, once per Serving): +2 for each.
card-hot-sauce-hurrah = Hot Sauce Hurrah
    .text = One of your current troops has +2 for each other Instant you played this Meal.
card-major-maple-syrup = Major Maple Syrup
    .text = One of your current Breakfast troops has +3.
card-medic-mustard = Medic Mustard
    .text = One of your current Lunch troops has +3.
card-phd-pepper = PhD Pepper
    .text = One of your current Dinner troops has +3.
card-baron-von-roast = Baron von Roast
    .text = Play during plating. Your Dinner troops at the Meal you plate at have +2.
card-captain-caffeine = Captain Caffeine
    .text = One of your current Breakfast troops has +6.
card-chefs-special = Chef's Special
    .text = Every troop of yours in this Serving has +3.
card-dog-biscuit = Dog Biscuit
    .text = Play only while The Dog is at this Meal. One of your current troops has +7.
card-double-decker = Double Decker
    .text = Double one of your current troops (after its other bonuses).
card-grandmas-secret-sauce = Grandma's Secret Sauce
    .text = One of your current troops has + its printed Yumminess.
card-gravy-general = Gravy General
    .text = One of your current troops has +2 for each other Instant you played this Meal.
card-hot-dog-handler = Hot Dog Handler
    .text = Play during plating. The Dog joins the Meal you plate at as another participant.
card-lunch-lady-lieutenant = Lunch Lady Lieutenant
    .text = One of your current Lunch troops has +6.
card-midnight-snack-major = Midnight Snack Major
    .text = One of your current Dinner troops has +6.
card-puppy-chow-colonel = Puppy Chow Colonel
    .text = Play during plating. The Dog joins the Meal you plate at as another participant.
card-reinforcement-raid = Reinforcement Raid
    .text = Draw the top card of the Battlefield deck and add it to this Meal's Battlefields.
card-second-helping = Second Helping
    .text = One of your current troops has +5.
card-spice-rack-general = Spice Rack General
    .text = One of your current troops has +3 for each other Instant you played this Meal.
card-spoils-of-war = Spoils of War
    .text = Draw the top card of the Battlefield deck and keep it.
card-sugar-rush = Sugar Rush
    .text = One of your current troops has +4.
card-sultan-of-sandwiches = Sultan of Sandwiches
    .text = Play during plating. Your Lunch troops at the Meal you plate at have +2.
card-toast-master-general = Toast Master General
    .text = Play during plating. Your Breakfast troops at the Meal you plate at have +2.
card-battle-of-oatmeal-ridge = Battle of Oatmeal Ridge
    .text = Breakfast Battlefield, 3 VP.
card-battle-of-the-big-roast = Battle of the Big Roast
    .text = Dinner Battlefield, 3 VP.
card-dinner-table-trenches = Dinner Table Trenches
    .text = Dinner Battlefield, 1 VP.
card-lunchbox-last-stand = Lunchbox Last Stand
    .text = Lunch Battlefield, 3 VP.
card-meatloaf-meadows = Meatloaf Meadows
    .text = Dinner Battlefield, 2 VP.
card-push-at-hamburger-hill = Push at Hamburger Hill
    .text = Lunch Battlefield, 2 VP.
card-sandwich-standoff = Sandwich Standoff
    .text = Lunch Battlefield, 1 VP.
card-siege-of-waffle-fort = Siege of Waffle Fort
    .text = Breakfast Battlefield, 2 VP.
card-skirmish-at-sunny-side = Skirmish at Sunny Side
    .text = Breakfast Battlefield, 1 VP.
card-begging-dog = Begging Dog
    .text = The Dog plays a 5.
card-big-dog = Big Dog
    .text = The Dog plays a 12.
card-drooling-dog = Drooling Dog
    .text = The Dog plays a 7.
card-hound-dog = Hound Dog
    .text = The Dog plays a 8.
card-hungry-dog = Hungry Dog
    .text = The Dog plays a 4.
card-puppy = Puppy
    .text = The Dog plays a 3.
card-sleepy-dog = Sleepy Dog
    .text = The Dog plays a 1.
card-sniffing-dog = Sniffing Dog
    .text = The Dog plays a 6.
