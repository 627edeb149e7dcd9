# Foodie Forest's board texts in English (src/games/foodie-forest/index.tsx); the card names
# and texts come from DescribeGame, the log from the server's messages when it sends them.
# The board names colours and recipes with the server's terms (DescribeGame `terms`: colour-*,
# recipe-*, services/foodie_forest/texts/en.ftl); the same words are here for the moment before
# the description arrives (terms.test.ts checks they are the same).
colour-bug = Bug
colour-vegetable = Vegetable
colour-fruit = Fruit
colour-trash = Trash
colour-boot = Boot
# on a tile, where room is short: the colour's word or its abbreviation
ff-colour-short-bug = bug
ff-colour-short-vegetable = veg
ff-colour-short-fruit = fruit
ff-colour-short-trash = trash
ff-colour-short-boot = boot
# a herb card's word on its tile (its name: "Bug herb")
ff-face-herb = herb
ff-face-0 = 0
recipe-empty-pot = Empty pot
recipe-bug = Bug
recipe-vegetable = Vegetable
recipe-fruit = Fruit
recipe-trash = Trash
recipe-boot = Stinky boot
ff-recipe-chosen = chosen
ff-recipe-choosing = choosing…
ff-you = (you)
ff-points = pts
ff-recipe = recipe
# before a recipe's name in a player's box ("recipe Fruit")
ff-recipe-named = recipe
ff-hand-line = { $cards } in hand · { $tricks } { $tricks ->
    [one] trick
   *[other] tricks
  } ({ $taken } { $taken ->
    [one] card
   *[other] cards
  })
ff-last-card = last card!
# the recipes still to choose, in a player's narrow box: the recipe's word alone
ff-recipe-short-empty-pot = Empty pot
ff-recipe-short-bug = Bug
ff-recipe-short-vegetable = Vegetable
ff-recipe-short-fruit = Fruit
ff-recipe-short-trash = Trash
ff-recipe-short-boot = Stinky boot
ff-left = recipes left:
ff-none = none
ff-pot = Pot
ff-follow = follow
ff-any-colour = any colour
ff-pot-empty = empty
ff-pot-you-lead = empty: you lead
ff-pot-leads = empty: { $player } leads
ff-your-hand = Your hand ({ $count })
ff-your-recipe = your recipe:
ff-no-cards = no cards
ff-history = { $count ->
    [one] Scores of one deal
   *[other] Scores of { $count } deals
  }
ff-deal = deal
ff-deal-line = Deal { $deal } of { $deals } · dealer { $dealer }
# once the game is over: no Dealer
ff-deal-of = Deal { $deal } of { $deals }
ff-turn-over = The game is over.
ff-turn-dealing = The cards are being dealt…
ff-turn-choose = Your turn: choose a recipe (face down).
ff-turn-wait-choose = Waiting for { $players } to choose { $count ->
    [one] a recipe
   *[other] their recipes
  }.
ff-turn-revealing = Revealing recipes…
ff-turn-play = Your turn: play a card.
ff-turn-wait = Waiting for { $player }.
ff-move-play = Play
ff-move-choose = Choose
ff-move-other = Another move
ff-log-you = you
ff-log-dealt = Deal { $deal }: { $dealer } dealt; you hold { $cards } cards.
ff-log-chose = { $player } chose the { $recipe } recipe.
ff-log-chose-face-down = { $player } chose the { $recipe } recipe (face down).
ff-log-chose-hidden = { $player } chose a recipe.
ff-log-revealed = Recipes revealed: { $recipes }; { $leader } leads.
ff-log-played = { $player } played { $card }: total { $total }, any colour.
ff-log-played-follow = { $player } played { $card }: total { $total }, follow { $colour }.
ff-log-last-card = { $you ->
    [true] You played your last card.
   *[false] { $player } played their last card.
  }
ff-log-took = { $player } took the pot ({ $cards } cards, total { $total }).
ff-log-put-aside = { $you ->
    [true] You have no card left: the pot is put aside.
   *[false] { $player } has no card left: the pot is put aside.
  }
ff-log-scored = Deal { $deal } scored: { $gains }.
ff-log-ended = Game over: { $winners } won.

# the heading of the end box's score column (src/table/endwords.ts)
end-score = victory points
