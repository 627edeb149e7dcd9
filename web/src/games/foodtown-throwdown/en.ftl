# Foodtown Throwdown's board texts in English (src/games/foodtown-throwdown/index.tsx); card
# names and texts come from DescribeGame.
town-you = (you)
town-stars = { $count ->
    [one] star
   *[other] stars
  } (of { $target })
town-hand-count = { $count ->
    [one] one card in hand
   *[other] { $count } cards in hand
  }
town-blocked = blocked
town-hand = Your hand ({ $count } of at most { $limit })
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
kind-ingredient = Ingredients
kind-action = Actions
kind-territory = Territories
kind-publicity = Publicity
kind-recipe = Recipes
kind-other = Other cards
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
town-one-ingredient = ingredient
town-one-action = action
town-one-territory = territory
town-one-publicity = publicity
town-one-recipe = recipe
town-one-other = card
