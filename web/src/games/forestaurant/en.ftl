# Forestaurant's board texts in English (src/games/forestaurant/index.tsx); card names and
# texts come from DescribeGame.
rest-you = (you)
rest-restaurant = The restaurant
rest-marked-row = This turn: row { $row } is marked.
rest-marked-col = This turn: column { $col } is marked.
rest-table = Table { $number }
rest-chairs = { $count } chairs
rest-bell = the guest rang the bell
rest-clouds = { $count ->
    [one] one cloud
   *[other] { $count } clouds
  }
rest-empty = no guest
rest-menu = { $species } menu
rest-eating = menu face down
rest-status-empty = free
rest-status-seated = deciding what to eat: rings the bell at its next event
rest-status-bell = rang the bell: its order can be taken
rest-status-menu = waiting for the meal
rest-status-eating = eating
# the score: the card values of all satisfied guests (semi-satisfied ones too: "slide this card
# under the board as satisfied guests"), the same for the whole table
rest-score = Satisfied guests: { $score } (card values)
# "After the player has finished all his actions, he must discard down to the ingredients storage limit"
rest-storage-limit = keep at most { $limit } ingredients at the end of your turn
# what closed the restaurant (the view's end_trigger): "no more left on the mushrooms and even more
# would be needed", "all the stars are already covered but players would have to cover more"
rest-end-chaos = Chaos: no cloud was left on the mushrooms and the guests at table { $table } needed one more ({ $cause ->
    [patience-order] nobody had taken their order
    [patience-meal] nobody had served their meal
    [neighbour] { $card } was seated next to them
    [order] { $card } took their order
    [cooking] the cooks' cards upset them
   *[other] they lost patience
  }).
rest-end-bankrupt = Bankrupt: all { $stars } stars were already covered and { $cause ->
    [unsatisfied] the unsatisfied guests leaving table { $table } needed one more star.
    [semi-satisfied] the semi-satisfied guests leaving table { $table } needed one more star.
    [patience-order] a third cloud for the guests at table { $table } needed one more star (nobody had taken their order).
    [patience-meal] a third cloud for the guests at table { $table } needed one more star (nobody had served their meal).
    [neighbour] a third cloud for the guests at table { $table } needed one more star ({ $card } was seated next to them).
    [order] a third cloud for the guests at table { $table } needed one more star ({ $card } took their order).
    [cooking] a third cloud for the guests at table { $table } needed one more star (the cooks' cards upset them).
   *[other] a third cloud for the guests at table { $table } needed one more star.
  }
rest-more = Satisfied guests per species (goal: { $needed } of each) and piles
rest-mushrooms = { $count } { $count ->
    [one] cloud
   *[other] clouds
  } on the mushrooms
# "The highest visible number on the mushrooms shows the number of cards a player has to draw
# at the end of his turn" (the view's draw_number)
rest-draw = { $count } { $count ->
    [one] card
   *[other] cards
  } drawn at the end of a turn
rest-stars = { $covered } of { $stars } stars covered
rest-difficulty = difficulty: { $difficulty }
rest-decks = Piles: { $animals } { $animals ->
    [one] animal card
   *[other] animal cards
  }, { $menus } { $menus ->
    [one] menu
   *[other] menus
  }, { $vegetables } { $vegetables ->
    [one] vegetable
   *[other] vegetables
  }, { $meats } { $meats ->
    [one] meat
   *[other] meats
  }
rest-goal = To win: satisfied guests worth { $needed } of each of the { $species } species (card values add up), or all { $clouds } clouds back on the mushrooms.
rest-cooking = { $you ->
    [true] You propose
   *[false] { $player } proposes
  } to cook for table { $table }
rest-offer = { $you ->
    [true] You offer:
   *[false] { $player } offers:
  }
rest-nothing = nothing
rest-may-offer = May still offer help: { $players }
rest-hand-count = { $count ->
    [one] one card in hand
   *[other] { $count } cards in hand
  }
rest-hand = Your hand ({ $count })
rest-none = none
species-hare = Hare
species-fox = Fox
species-marten = Marten
species-wolf = Wolf
species-bear = Bear
species-boar = Boar
species-deer = Deer
species-squirrel = Squirrel
option-difficulty-easy = easy
option-difficulty-normal = normal
option-difficulty-hard = hard
option-difficulty-custom = custom
build-resolve_event = Resolve an event
build-resolve_event-table = At which table
build-resolve_event-card = With which card
build-seat = Seat a guest
build-seat-table = At which table
build-seat-card = The guest
build-take_order = Take an order
build-take_order-table = At which table
build-take_order-card = With which card
build-purchase = Buy ingredients
build-purchase-card = Pay with
build-cook = Cook
build-cook-table = For which table
build-cook-cards = Cards
build-cook-ingredients = Ingredients
build-propose_cook = Propose to cook together
build-propose_cook-table = For which table
build-propose_cook-cards = Your cards
build-propose_cook-ingredients = Your ingredients
build-offer_help = Offer help
build-offer_help-cards = Your cards
build-offer_help-ingredients = Your ingredients
build-decline_help = Do not help
build-commit_cook = Cook it
build-commit_cook-accept = Help you accept
build-withdraw_cook = Withdraw the proposal
build-discard_ingredient = Discard an ingredient
build-discard_ingredient-token = Which one
rest-bell-short = bell

# the heading of the end box's score column (src/table/endwords.ts): the satisfied guests' card values
end-score = satisfied guests (card values)
