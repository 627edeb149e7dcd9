# Foodtown Throwdown, English. Terms of the rulebook (/work/shared/rulebooks/foodtown-throwdown.txt):
# recipe deck, play deck, discard pile, ingredient, recipe, territory, publicity, action card, star,
# menu (the recipes in front of a player), hand limit.

game-title = Foodtown Throwdown
game-summary = Run the best food truck in town: complete recipes from the ingredients in your hand, play territories and publicity, stifle your rivals with action cards; the first to ten stars wins.

## Options

option-target_stars = Stars to win
    .sentence = The first player with this many stars at the end of their turn wins (the rulebook: ten).
option-hand_limit = Hand limit
    .sentence = At the end of your turn you discard down to this many cards (the rulebook: eight).
option-max_rounds = Round limit
    .sentence = If nobody has won after this many rounds, the game ends and the players are placed by their stars.

## Terms a client draws the table with

kind-recipe = Recipe
kind-ingredient = Ingredient
kind-territory = Territory
kind-publicity = Publicity
kind-action = Action card
tag-sandwich = Sandwich
tag-vegetarian = Vegetarian
effect-discard = Discard two ingredients
effect-remove = Discard a card in front of them
effect-redraw = Discard and redraw the hand
effect-review = Close a recipe
effect-block = No recipes next turn
effect-skip = Skip the next turn
# why a game ended (the view's end_reason), for a client's own sentence; the log's last line
# says it in its own way (event-GameEnded)
reason-stars = the winner reached the stars needed at the end of their turn
reason-recipes-out = the recipes ran out, and the most stars won
reason-turn-limit = the round limit was reached, and the most stars won
table-display = Recipes on display
table-menu = Menu
table-in-front = In front
table-hand = Your hand
table-stars = { $count ->
    [one] { $count } star
   *[other] { $count } stars
}
table-discard = Discard pile
table-play-deck = Play deck
table-recipe-deck = Recipe deck
table-blocked = Road closed: no recipes this turn
table-skips = Skips the next turn
phase-draw = Draw
phase-main = Main
phase-inspection = Health Inspection
phase-hand-limit = Hand limit
phase-shuffling = Shuffling
phase-over = Game over

## The terminal client's table (services/foodtown_throwdown/render.py): its headers and labels
screen-header = round { $round } - recipes left { $recipes } - play deck { $deck } - discards { $discards }
screen-player = player
screen-stars = stars
screen-hand-size = hand
screen-menu = menu
screen-in-front = in front
screen-blocked = (blocked)
screen-recipe = { $recipe } [{ $ingredients }] { $stars }*
screen-empty = (empty)
screen-just-drawn = <- just drawn
screen-hand = Your hand ({ $count })
screen-moves = Your moves

## Rules at the table

rules-goal = Establish the best food truck in town: earn stars by completing recipes and playing territory and publicity cards. The first player to have ten stars at the end of their turn wins.
rules-turn = Begin your turn by drawing the top card of the play deck. Then make any number of moves: complete a displayed recipe with the ingredients in your hand (as many recipes as you can), play territory and publicity cards, play one action card, or discard any two cards to draw one. Pass to end your turn; with more than eight cards you first discard down to eight.
rules-actions = Action cards are played on your turn only, one a turn, at an opponent. They award no stars: each takes something from its target and gives you nothing. Health Inspection: the target discards two ingredients of their choice. Hostile Takeover: a territory or publicity card in front of the target goes to the discard pile. Menu Mix-Up: the target discards their hand and draws as many new cards. Bad Review: a recipe on the target's menu closes. Road Closed: no recipes in their next turn. Flat Tire: they skip their next turn.
rules-end = The first player with ten stars at the end of their own turn wins at once. If the recipes run out, or nobody has won after the round limit, the game ends and the players are placed by their stars (ties share a place).
rules-scoring = A recipe scores its stars (one less than its ingredients). A territory scores one star, and one more while its condition holds for the recipes on your menu. A publicity card scores one star. Stars can be lost again: to a Bad Review or a Hostile Takeover.
rules-choices = Where the rulebook is silent: 2 to 5 players; the first seat begins. A recipe needs ingredient cards of exactly its types. An empty play deck is the discard pile shuffled. A Health Inspection's target chooses which two ingredients to discard. A Hostile Takeover discards the card it takes and a Menu Mix-Up makes the target redraw their hand, so that no action card awards its player anything. Once the recipe deck is empty the display shrinks; after 30 rounds the game ends by stars.

## Events (the log)

event-GameStarted = { $you ->
    [true] You play first.
   *[false] { $player } plays first.
}
event-DeckShuffled = { $deck ->
    [recipes] The recipe deck is shuffled ({ $size } cards).
    [play] The play deck is shuffled ({ $size } cards).
   *[other] The { $deck } deck is shuffled ({ $size } cards).
}
event-CardsDealt = You are dealt { $count } cards: { CARDS($cards) }.
event-CardsDealt-hidden = Each player is dealt { $count } cards.
event-RecipesFlipped = { $count ->
    [one] New recipe on display: { CARDS($cards) }.
   *[other] Recipes on display: { CARDS($cards) }.
}
event-TurnStarted = { $you ->
    [true] Your turn.
   *[false] { $player }'s turn.
}
event-TurnSkipped = { $you ->
    [true] You skip this turn (Flat Tire).
   *[false] { $player } skips this turn (Flat Tire).
}
event-CardDrawn = { $you ->
    [true] You draw { CARD($card) }{ $reason ->
        [trade] {" "}for your two discarded cards
        [mix-up] {" "}(Menu Mix-Up)
       *[other] {""}
    }.
   *[false] { $player } draws { CARD($card) }.
}
event-CardDrawn-hidden = { $you ->
    [true] You draw a card.
   *[false] { $player } draws a card{ $reason ->
        [trade] {" "}for two discarded cards
        [mix-up] {" "}(Menu Mix-Up)
       *[other] {""}
    }.
}
event-DeckRanOut = The play deck ran out: the discard pile is shuffled into a new play deck.
event-NothingDrawn = { $you ->
    [true] There is no card left to draw.
   *[false] There is no card left for { $player } to draw.
}
event-RecipeCompleted = { $you ->
    [true] You complete { CARD($recipe) } with { CARDS($cards) }
   *[false] { $player } completes { CARD($recipe) } with { CARDS($cards) }
}: { $stars ->
    [one] +{ $stars } star.
   *[other] +{ $stars } stars.
}
event-CardPlayed = { $you ->
    [true] You play { CARD($card) }{ $at_once ->
        [true] {" "}the moment you drew it
       *[false] {""}
    }.
   *[false] { $player } plays { CARD($card) }{ $at_once ->
        [true] {" "}the moment they drew it
       *[false] {""}
    }.
}
event-ActionPlayed = { $you ->
    [true] You play { CARD($card) } on { $target_you ->
        [true] yourself
       *[false] { $target }
    }.
   *[false] { $player } plays { CARD($card) } on { $target_you ->
        [true] you
       *[false] { $target }
    }.
}
event-ActionPlayed-pick = { $you ->
    [true] You play { CARD($card) } on { $target }'s { CARD($pick) }.
   *[false] { $player } plays { CARD($card) } on { $target_you ->
        [true] your
       *[false] { $target }'s
    } { CARD($pick) }.
}
event-DiscardDemanded = { $you ->
    [true] Health Inspection: choose { $count } ingredients to discard.
   *[false] Health Inspection: { $player } chooses { $count } ingredients to discard.
}
event-CardsDiscarded = { $you ->
    [true] You discard
   *[false] { $player } discards
} { CARDS($cards) }{ $reason ->
    [trade] {" "}to draw a card
    [inspection] {" "}(Health Inspection)
    [hand-limit] {" "}(hand limit)
    [mix-up] {" "}(Menu Mix-Up)
   *[other] {""}
}.
event-CardsDiscarded-none = { $you ->
    [true] You have no ingredient to discard.
   *[false] { $player } has no ingredient to discard.
}
event-TableCardDiscarded = { $you ->
    [true] Your { CARD($card) } goes to the discard pile.
   *[false] { $player }'s { CARD($card) } goes to the discard pile.
}
event-RecipeClosed = { $you ->
    [true] Your { CARD($recipe) } is closed by a bad review; its ingredients go to the discard pile.
   *[false] { $player }'s { CARD($recipe) } is closed by a bad review; its ingredients go to the discard pile.
}
event-HandLimitReached = { $you ->
    [true] Hand limit: discard { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to end your turn.
   *[false] Hand limit: { $player } discards { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }.
}
event-TurnEnded = { $you ->
    [true] You end your turn with { $stars ->
        [one] { $stars } star
       *[other] { $stars } stars
    }.
   *[false] { $player } ends their turn with { $stars ->
        [one] { $stars } star
       *[other] { $stars } stars
    }.
}
event-GameEnded = Game over{ $reason ->
    [stars] {""}
    [recipes-out] {" "}(no recipes left)
   *[turn-limit] {" "}(round limit)
}: { $you ->
    [true] you win
   *[false] { NAMES($winners) } { $count ->
        [one] wins
       *[other] win
    }
} with { $stars } { $stars ->
    [one] star
   *[other] stars
}.

## Moves

move-draw = Draw a card
move-complete = Complete { CARD($recipe) } with { CARDS($cards) }
move-complete-auto = Complete { CARD($recipe) }
move-play = Play { CARD($card) }
move-play-action = Play { CARD($card) } on { $target }
move-play-pick = Play { CARD($card) } on { $target }'s { CARD($pick) }
move-discard_two = Discard { CARDS($cards) } to draw a card
move-discard = Discard { CARDS($cards) }
move-pass = Pass (end your turn)

## Prompts

prompt-draw = Your turn: draw a card.
# only what the seat can do now (its legal moves, messages.py): a comma before every part but the
# first ($first), then "or pass", after a comma in a list of three or more ($count; passing is
# always legal); $table: which cards it can play in front of itself
prompt-main = Your turn: { $complete ->
    [true] complete a recipe
   *[false] {""}
}{ $table ->
    [none] {""}
   *[other] { $first ->
        [table] {""}
       *[other] ,{" "}
    }{ $table ->
        [both] play a territory or publicity card
        [territory] play a territory
       *[publicity] play a publicity card
    }
}{ $action ->
    [true] { $first ->
        [action] {""}
       *[other] ,{" "}
    }play an action card (one per turn)
   *[false] {""}
}{ $discard ->
    [true] { $first ->
        [discard] {""}
       *[other] ,{" "}
    }discard two cards to draw one
   *[false] {""}
}{ $count ->
    [0] you can only pass.
    [1] {" "}or pass.
   *[other] , or pass.
}
prompt-inspection = Health Inspection: choose { $count } ingredients to discard.
prompt-hand-limit = You hold too many cards: discard { $count ->
    [one] { $count } card
   *[other] { $count } cards
} (hand limit { $limit }).
prompt-waiting = Waiting for { $player }.
prompt-waiting-inspection = Waiting for { $player } to discard two ingredients (Health Inspection).
prompt-shuffling = Shuffling the cards…
prompt-over = Game over: { $you ->
    [true] you win!
   *[false] { NAMES($winners) } { $count ->
        [one] wins.
       *[other] win.
    }
}

## Refusals

refused-already-started = The game has already started.
refused-no-shuffle-pending = No shuffle is pending.
refused-unknown-target = The target must be a player at this table ({ $players }), not { $target }.
refused-draw-once = You draw only once, at the start of your turn; to draw more, discard two cards.
refused-recipe-not-displayed = You can only complete a displayed recipe ({ CARDS($display) }), not { $recipe }.
refused-road-closed = Road Closed: you may not complete recipes this turn.
refused-missing-ingredients = You do not hold the ingredients of { CARD($recipe) }.
refused-unknown-card = There is no card { $card } in this game.
refused-not-held = You do not hold { CARDS($cards) }.
refused-only-ingredients = Only ingredient cards complete a recipe.
refused-wrong-ingredients = Those cards are not the ingredients { CARD($recipe) } needs.
refused-ingredient-not-played = { CARD($card) } is an ingredient: use it to complete a recipe.
refused-no-target-needed = { CARD($card) } is played in front of you, at no one.
refused-one-action = You may play only one action card a turn.
refused-target-needed = { CARD($card) } needs a target: one of your opponents.
refused-target-self = Action cards stifle an opponent: pick another player.
refused-pick-table-card = { $count ->
    [0] { $target } has no territory or publicity card in front of them for { CARD($card) }.
   *[other] { CARD($card) } needs one of the cards in front of { $target }: { CARDS($cards) }.
}
refused-pick-recipe = { $count ->
    [0] { $target } has no recipe on their menu for { CARD($card) }.
   *[other] { CARD($card) } needs one of the recipes on { $target }'s menu: { CARDS($recipes) }.
}
refused-no-pick-needed = { CARD($card) } needs a target but nothing to pick.
refused-trade-two = Discard exactly two cards to draw one.
refused-inspection-discard = Health Inspection: discard exactly { $count } ingredient cards.
refused-hand-limit-discard = Hand limit { $limit }: discard exactly { $count ->
    [one] { $count } card
   *[other] { $count } cards
}.
refused-game-over = The game is over.
refused-shuffling = The cards are being shuffled.
refused-not-seated = You have no seat at this table.
refused-waiting-inspection = Waiting for { $player } to discard two ingredients (Health Inspection).
refused-not-your-turn = It is { $player }'s turn; action cards can only be played on your turn.
refused-inspection-first = Health Inspection: discard two ingredient cards first.
refused-hand-limit-first = Hand limit: discard { $count ->
    [one] { $count } card
   *[other] { $count } cards
} to end your turn.
refused-draw-first = Begin your turn by drawing a card.
refused-discard-not-now = You discard only at the hand limit or for a Health Inspection; to draw a card, discard two.
refused-unknown-option = Unknown option(s) { $options }; the options are { $known }.
refused-bad-option = The option { $option } must be a whole number from { $low } to { $high }, not { $value }.

## Recipes

card-hot-dog = Hot Dog
    .text = Needs bread, meat, potatoes. Worth 2 stars.
card-grilled-cheese = Grilled Cheese
    .text = Needs bread, cheese. Worth 1 star.
card-sloppy-joe = Sloppy Joe
    .text = Needs bread, meat. Worth 1 star.
card-veggie-wrap = Veggie Wrap
    .text = Needs bread, veggies. Worth 1 star.
card-baked-potato = Baked Potato
    .text = Needs cheese, potatoes. Worth 1 star.
card-three-bean-salad = Three Bean Salad
    .text = Needs beans, veggies. Worth 1 star.
card-veggie-hash = Veggie Hash
    .text = Needs potatoes, veggies. Worth 1 star.
card-cheeseburger = Cheeseburger
    .text = Needs bread, cheese, meat. Worth 2 stars.
card-chili-dog = Chili Dog
    .text = Needs beans, bread, meat. Worth 2 stars.
card-bean-burrito = Bean Burrito
    .text = Needs beans, bread, cheese. Worth 2 stars.
card-quesadilla = Quesadilla
    .text = Needs bread, cheese, veggies. Worth 2 stars.
card-tacos = Tacos
    .text = Needs bread, meat, veggies. Worth 2 stars.
card-loaded-fries = Loaded Fries
    .text = Needs cheese, meat, potatoes. Worth 2 stars.
card-nachos = Nachos
    .text = Needs beans, cheese, veggies. Worth 2 stars.
card-shepherds-pie = Shepherds Pie
    .text = Needs meat, potatoes, veggies. Worth 2 stars.
card-poutine = Poutine
    .text = Needs cheese, potatoes, potatoes. Worth 2 stars.
card-philly-cheesesteak = Philly Cheesesteak
    .text = Needs bread, cheese, meat, veggies. Worth 3 stars.
card-club-sandwich = Club Sandwich
    .text = Needs bread, bread, meat, veggies. Worth 3 stars.
card-chili-cheese-fries = Chili Cheese Fries
    .text = Needs beans, cheese, meat, potatoes. Worth 3 stars.
card-burrito-bowl = Burrito Bowl
    .text = Needs beans, cheese, meat, veggies. Worth 3 stars.

## Ingredients

card-whole-wheat-bread = Whole Wheat Bread
    .text = Ingredient: bread.
card-sourdough-loaf = Sourdough Loaf
    .text = Ingredient: bread.
card-flour-tortilla = Flour Tortilla
    .text = Ingredient: bread.
card-hamburger-meat = Hamburger Meat
    .text = Ingredient: meat.
card-pulled-pork = Pulled Pork
    .text = Ingredient: meat.
card-grilled-chicken = Grilled Chicken
    .text = Ingredient: meat.
card-potato-medley = Potato Medley
    .text = Ingredient: potatoes.
card-french-fries = French Fries
    .text = Ingredient: potatoes.
card-hash-browns = Hash Browns
    .text = Ingredient: potatoes.
card-cheddar = Cheddar
    .text = Ingredient: cheese.
card-mozzarella = Mozzarella
    .text = Ingredient: cheese.
card-pepper-jack = Pepper Jack
    .text = Ingredient: cheese.
card-black-beans = Black Beans
    .text = Ingredient: beans.
card-pinto-beans = Pinto Beans
    .text = Ingredient: beans.
card-refried-beans = Refried Beans
    .text = Ingredient: beans.
card-lettuce = Lettuce
    .text = Ingredient: veggies.
card-tomatoes = Tomatoes
    .text = Ingredient: veggies.
card-onions = Onions
    .text = Ingredient: veggies.

## Territories

card-downtown = Downtown
    .text = Territory: 1 star, +1 while a recipe with meat is on your menu.
card-college-campus = College Campus
    .text = Territory: 1 star, +1 while a sandwich recipe is on your menu.
card-farmers-market = Farmers Market
    .text = Territory: 1 star, +1 while a recipe with veggies is on your menu.
card-beach-boardwalk = Beach Boardwalk
    .text = Territory: 1 star, +1 while a recipe with potatoes is on your menu.
card-business-district = Business District
    .text = Territory: 1 star, +1 while a recipe with bread is on your menu.
card-dairy-row = Dairy Row
    .text = Territory: 1 star, +1 while a recipe with cheese is on your menu.
card-old-town = Old Town
    .text = Territory: 1 star, +1 while a recipe with beans is on your menu.
card-arts-district = Arts District
    .text = Territory: 1 star, +1 while a vegetarian recipe is on your menu.
card-stadium = Stadium
    .text = Territory: 1 star, +1 while 3 or more recipes are on your menu.
card-county-fair = County Fair
    .text = Territory: 1 star, +1 while a recipe worth 3 or more stars is on your menu.

## Publicity

card-food-blog-feature = Food Blog Feature
    .text = Publicity: 1 star. Play it in your turn, even the moment you draw it.
card-local-news-spot = Local News Spot
    .text = Publicity: 1 star. Play it in your turn, even the moment you draw it.
card-radio-shout-out = Radio Shout Out
    .text = Publicity: 1 star. Play it in your turn, even the moment you draw it.
card-viral-video = Viral Video
    .text = Publicity: 1 star. Play it in your turn, even the moment you draw it.

## Action cards

card-health-inspection = Health Inspection
    .text = Action: Pick an opponent: they discard two ingredient cards of their choice (all of them if they hold two or fewer).
card-hostile-takeover = Hostile Takeover
    .text = Action: Pick a territory or publicity card in front of an opponent: it goes to the discard pile (they lose its stars, you gain none).
card-menu-mix-up = Menu Mix-Up
    .text = Action: Pick an opponent: they discard their whole hand and draw as many new cards.
card-bad-review = Bad Review
    .text = Action: Pick a recipe on an opponent's menu: it closes (leaves the game) and its ingredients go to the discard pile.
card-road-closed = Road Closed
    .text = Action: Pick an opponent: they may not complete recipes during their next turn.
card-flat-tire = Flat Tire
    .text = Action: Pick an opponent: they skip their next turn.

## Terms

type-beans = Beans
type-bread = Bread
type-cheese = Cheese
type-meat = Meat
type-potatoes = Potatoes
type-veggies = Veggies

## Events of games stored before the action cards stopped awarding stars (issue 31); replays only.
event-TableCardTaken = { $you ->
    [true] You take { $owner }'s { CARD($card) }.
   *[false] { $player } takes { $owner_you ->
        [true] your
       *[false] { $owner }'s
    } { CARD($card) }.
}
event-HandsSwapped = { $you ->
    [true] You swap hands with { $target }.
   *[false] { $player } swaps hands with { $target_you ->
        [true] you
       *[false] { $target }
    }.
}
