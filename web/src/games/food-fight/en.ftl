# Food Fight's board texts in English (src/games/food-fight/index.tsx); card names and texts
# come from DescribeGame.
fight-you = (you)
fight-vp = VP
# beside a player's points: the table's target (the view's vp_to_win; the rulebook's is 10)
fight-vp-to-win = ({ $target } to win)
fight-hand-count = { $count ->
    [one] one card in hand
   *[other] { $count } in hand
  }
# the Battlefields a player holds: won in a Meal, or drawn and kept by an Instant
fight-battlefields = { $count ->
    [one] one Battlefield taken
   *[other] { $count } Battlefields taken
  }
fight-plated-meal = { $size ->
    [one] plate: { $meal }, one troop
   *[other] plate: { $meal }, { $size } troops
  }
fight-plated-hidden = a plate, face down
fight-day = The Day's Battlefields (Day { $day })
fight-meal-done = fought
fight-bf-vp = { $vp } VP
fight-draft = The draft
fight-pass-left = The packets pass to the left.
fight-pass-right = The packets pass to the right.
fight-picked = already picked: { $players }
# the reader in a list of names ("already picked: you and ann")
fight-you-named = you
# a player's box in the draft: the packet they hold now, and the cards they picked so far
fight-packet-held = { $count ->
    [one] one card in the packet
   *[other] { $count } cards in the packet
  }
fight-picks-count = { $count ->
    [0] no card picked yet
    [one] one card picked
   *[other] { $count } cards picked
  }
fight-packet = Your packet ({ $count })
fight-picks = Your picks so far ({ $count })
fight-none = none
fight-my-army = Your Army for { $meal }
fight-face-down = face down
fight-mascot = Mascot
fight-meal = { $meal }: Serving { $serving } of 5
fight-lone = Only one Army came to this Meal: it fights The Dog, who loses every tie, and must win at least three of the five Servings to take the Battlefields.
# a fighter's Yumminess this Serving (the server's table-yumminess)
fight-now = Yumminess { $value }
fight-chips = { $count ->
    [one] one chip
   *[other] { $count } chips
  }
fight-native = native
fight-serving = Serving { $serving }
# a boost under a troop (the view's effect "add", "set" or "times" and its amount), and with the card it came from
fight-boost-add = +{ $amount }
fight-boost-set = is { $value }
fight-boost-times = ×{ $factor }
fight-boost-by = { $boost } { $card }
# under a boosted troop: its Yumminess now (the tile shows the printed number)
fight-troop-total = = { $value }
fight-left = { $count } left
fight-dog = The Dog
fight-instants = Instants played
fight-instant = { $you ->
    [true] You
   *[false] { $player }
  } played { $card }.
fight-instant-on = { $you ->
    [true] You
   *[false] { $player }
  } played { $card } on { $target }.
fight-instant-round = Instant round: { $player } may play an Instant or pass.
# who passed in this Serving's Instant round (rules/state.py `passed`): the reader as "you"
fight-passed = Passed in this Instant round: { $players }.
fight-hand = Your hand ({ $count })
meal-breakfast = Breakfast
meal-lunch = Lunch
meal-dinner = Dinner
kind-troop = Troop
kind-instant = Instant
kind-mascot = Mascot
kind-battlefield = Battlefield
kind-dog = Dog
build-pick = Pick a card
build-pick-card = The card you keep
build-plate = Plate an Army
build-plate-meal = For which Meal
build-plate-troops = Troops (up to five, choose in any order)
build-plate-mascots = Mascots that say "Play during plating"
build-instant = Play an Instant
build-instant-card = The Instant
build-instant-target = On which of your troops
build-discard = Discard to your troop
build-discard-troop = Your troop
build-discard-cards = The cards to discard
build-pass = Pass

# the heading of the end box's score column (src/table/endwords.ts)
end-score = Victory Points
