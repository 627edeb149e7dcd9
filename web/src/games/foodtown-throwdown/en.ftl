# Foodtown Throwdown's board texts in English (src/games/foodtown-throwdown/index.tsx); card
# names and texts come from DescribeGame.
town-you = (you)
# the end box's score column (src/table/endwords.ts): this game counts stars
end-score = stars
town-stars = { $count ->
    [one] star
   *[other] stars
  } ({ $target } to win)
# a territory's bonus star and its condition, as its card says it ("Territory: 1 star, +1 while
# a recipe with meat is on your menu"), under the territory in hand or in front of a player
town-bonus-earned = Bonus stars: { $earned } of { $count } earned
town-bonus-conditions = { $count ->
    [one] When it earns a bonus star
   *[other] When they earn a bonus star
}
town-bonus = +1 ★ while { $kind ->
    [type] a recipe with { $what } is on the menu
    [sandwich] a sandwich is on the menu
    [vegetarian] a vegetarian recipe is on the menu
    [recipes] { $value } or more recipes are on the menu
   *[stars] a recipe worth { $value } or more stars is on the menu
  }
town-end-stars = { $you ->
    [true] You reached { $stars } stars ({ $target } to win) at the end of your turn.
   *[false] { $player } reached { $stars } stars ({ $target } to win) at the end of their turn.
  }
town-hand-count = { $count ->
    [one] one card in hand
   *[other] { $count } cards in hand
  }
town-blocked = blocked
town-hand = Your hand ({ $count }, at most { $limit })
town-none = no cards
town-round = Round { $round }
town-decks = { $play } { $play ->
    [one] card
   *[other] cards
  } to draw, { $recipes } { $recipes ->
    [one] recipe
   *[other] recipes
  } to come, { $discard } discarded
town-display = Recipes on offer
type-beans = beans
type-bread = bread
type-cheese = cheese
type-meat = meat
type-potatoes = potatoes
type-veggies = veggies
town-group-ingredient = { $count ->
    [one] Ingredient
   *[other] Ingredients
  }
town-group-action = { $count ->
    [one] Action card
   *[other] Action cards
  }
town-group-territory = { $count ->
    [one] Territory
   *[other] Territories
  }
town-group-publicity = Publicity
town-group-recipe = { $count ->
    [one] Recipe
   *[other] Recipes
  }
town-group-other = { $count ->
    [one] Other card
   *[other] Other cards
  }
# the move builder's buttons, in the words of the server's prompt (its prompt-main)
build-draw = Draw a card
build-complete = Complete a recipe
build-complete-recipe = The recipe
build-complete-cards = Its ingredients
build-play = Play a card
build-play-card = The card
build-play-target = On whom
build-play-pick = Which one
build-discard_two = Discard two cards to draw one
build-discard_two-cards = The two cards
build-discard = Discard down to your hand limit
build-discard-cards = The cards to discard
build-pass = Pass
town-one-ingredient = Ingredient
town-one-action = Action
town-one-territory = Territory
town-one-publicity = Publicity
town-one-recipe = Recipe
town-one-other = Card
