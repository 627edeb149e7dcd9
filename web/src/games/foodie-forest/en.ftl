# Foodie Forest's board texts in English (src/games/foodie-forest/index.tsx); the card names
# and texts come from DescribeGame, the log from the server's messages when it sends them.
ff-colour-bug = Bugs
ff-colour-vegetable = Vegetables
ff-colour-fruit = Fruit
ff-colour-trash = Trash
ff-colour-boot = Boots
ff-colour-short-bug = bug
ff-colour-short-vegetable = veg
ff-colour-short-fruit = fruit
ff-colour-short-trash = trash
ff-colour-short-boot = boot
ff-face-herb = herb
ff-face-0 = 0
ff-recipe-empty-pot = Empty pot
ff-recipe-bug = Bug
ff-recipe-vegetable = Vegetable
ff-recipe-fruit = Fruit
ff-recipe-trash = Trash
ff-recipe-boot = Boot
ff-recipe-chosen = chosen
ff-recipe-choosing = choosing…
ff-you = (you)
ff-points = pts
ff-recipe = recipe
ff-hand-line = { $cards ->
    [one] one card
   *[other] { $cards } cards
  } · took { $taken } in { $tricks }
ff-last-card = last card!
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
ff-turn-over = The game is over.
ff-turn-dealing = The cards are being dealt…
ff-turn-choose = Your turn: choose a recipe (face down).
ff-turn-wait-choose = Waiting for { $players } to choose a recipe.
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
