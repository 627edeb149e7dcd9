# Foodtown Throwdown's board texts in English (src/games/foodtown-throwdown/index.tsx); card
# names and texts come from DescribeGame.
town-you = (you)
town-stars = { $count ->
    [one] star
   *[other] stars
  } ({ $target } to win)
town-bonus = +1 ★ ({ $kind ->
    [type] { $what } on the menu
    [sandwich] a sandwich on the menu
    [vegetarian] a vegetarian recipe on the menu
    [recipes] { $value } recipes on the menu
   *[stars] a { $value }-star recipe on the menu
  })
town-end-stars = { $you ->
    [true] You reached { $stars } stars ({ $target } to win) at the end of your turn.
   *[false] { $player } reached { $stars } stars ({ $target } to win) at the end of their turn.
  }
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
