# Die Tischtexte von Forestaurant auf Deutsch (src/games/forestaurant/index.tsx); Kartennamen
# und -texte kommen aus DescribeGame.
rest-you = (du)
rest-restaurant = Das Restaurant
rest-marked-row = In diesem Zug ist Reihe { $row } markiert.
rest-marked-col = In diesem Zug ist Spalte { $col } markiert.
rest-table = Tisch { $number }
rest-chairs = { $count } Stühle
rest-bell = der Gast hat geklingelt
rest-clouds = { $count ->
    [one] eine Wolke
   *[other] { $count } Wolken
  }
rest-empty = kein Gast
rest-menu = Menü für { $species }
rest-eating = Menü verdeckt
rest-status-empty = frei
rest-status-seated = wählt noch das Essen: klingelt beim nächsten Ereignis
rest-status-bell = hat geklingelt: die Bestellung kann aufgenommen werden
rest-status-menu = wartet auf das Essen
rest-status-eating = isst
# die Punktzahl: die Kartenwerte aller zufriedenen Gäste (halb zufriedene mitgezählt), für den
# ganzen Tisch gleich
rest-score = Zufriedene Gäste: { $score } (Kartenwerte)
# „Nachdem der Spieler alle Aktionen beendet hat, muss er Zutaten bis zur Vorratsgrenze abwerfen“
rest-storage-limit = am Zugende behältst du höchstens { $limit } Zutaten
# was das Restaurant schließen ließ (end_trigger der Ansicht)
rest-end-chaos = Chaos: Auf den Pilzen lag keine Wolke mehr, und die Gäste an Tisch { $table } brauchten noch eine ({ $cause ->
    [patience-order] niemand hatte ihre Bestellung aufgenommen
    [patience-meal] niemand hatte ihnen ihr Essen serviert
    [neighbour] { $card } wurde neben sie gesetzt
    [order] { $card } hatte ihre Bestellung aufgenommen
    [cooking] die Karten der Köche regten sie auf
   *[other] sie verloren die Geduld
  }).
rest-end-bankrupt = Bankrott: Alle { $stars } Sterne waren schon abgedeckt, und { $cause ->
    [unsatisfied] als die unzufriedenen Gäste Tisch { $table } verließen, hätte noch einer abgedeckt werden müssen.
    [semi-satisfied] als die halb zufriedenen Gäste Tisch { $table } verließen, hätte noch einer abgedeckt werden müssen.
    [patience-order] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen (niemand hatte ihre Bestellung aufgenommen).
    [patience-meal] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen (niemand hatte ihnen ihr Essen serviert).
    [neighbour] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen ({ $card } wurde neben sie gesetzt).
    [order] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen ({ $card } hatte ihre Bestellung aufgenommen).
    [cooking] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen (die Karten der Köche regten sie auf).
   *[other] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen.
  }
rest-more = Zufriedene Gäste je Art (Ziel: je { $needed }) und Stapel
rest-mushrooms = { $count } { $count ->
    [one] Wolke
   *[other] Wolken
  } auf den Pilzen
# die Karten, die am Zugende nachgezogen werden: die höchste sichtbare Zahl auf den Pilzen
rest-draw = am Zugende { $count } { $count ->
    [one] Karte
   *[other] Karten
  } nachziehen
rest-stars = { $covered } von { $stars } Sternen abgedeckt
rest-difficulty = Schwierigkeit: { $difficulty }
rest-decks = Stapel: { $animals } { $animals ->
    [one] Tierkarte
   *[other] Tierkarten
  }, { $menus } { $menus ->
    [one] Menü
   *[other] Menüs
  }, { $vegetables } Gemüse, { $meats } Fleisch
rest-goal = Zum Sieg: zufriedene Gäste im Wert von { $needed } von jeder der { $species } Arten (die Kartenwerte zählen) oder alle { $clouds } Wolken zurück auf den Pilzen.
rest-cooking = { $you ->
    [true] Du schlägst
   *[false] { $player } schlägt
  } vor, für Tisch { $table } zu kochen
rest-offer = { $you ->
    [true] Du bietest
   *[false] { $player } bietet
  } an:
rest-nothing = nichts
rest-may-offer = Können noch helfen: { $players }
rest-hand-count = { $count ->
    [one] eine Karte auf der Hand
   *[other] { $count } Karten auf der Hand
  }
rest-hand = Deine Hand ({ $count })
rest-none = keine
species-hare = Hase
species-fox = Fuchs
species-marten = Marder
species-wolf = Wolf
species-bear = Bär
species-boar = Wildschwein
species-deer = Hirsch
species-squirrel = Eichhörnchen
option-difficulty-easy = leicht
option-difficulty-normal = normal
option-difficulty-hard = schwer
option-difficulty-custom = eigene
build-resolve_event = Ein Ereignis abhandeln
build-resolve_event-table = An welchem Tisch
build-resolve_event-card = Mit welcher Karte
build-seat = Einen Gast platzieren
build-seat-table = An welchem Tisch
build-seat-card = Der Gast
build-take_order = Eine Bestellung aufnehmen
build-take_order-table = An welchem Tisch
build-take_order-card = Mit welcher Karte
build-purchase = Zutaten kaufen
build-purchase-card = Bezahlen mit
build-cook = Kochen
build-cook-table = Für welchen Tisch
build-cook-cards = Karten
build-cook-ingredients = Zutaten
build-propose_cook = Gemeinsames Kochen vorschlagen
build-propose_cook-table = Für welchen Tisch
build-propose_cook-cards = Deine Karten
build-propose_cook-ingredients = Deine Zutaten
build-offer_help = Hilfe anbieten
build-offer_help-cards = Deine Karten
build-offer_help-ingredients = Deine Zutaten
build-decline_help = Nicht helfen
build-commit_cook = Kochen
build-commit_cook-accept = Angenommene Hilfe
build-withdraw_cook = Den Vorschlag zurückziehen
build-discard_ingredient = Eine Zutat abwerfen
build-discard_ingredient-token = Welche
rest-bell-short = Glocke

# the heading of the end box's score column (src/table/endwords.ts): the satisfied guests' card values
end-score = Zufriedene Gäste (Kartenwerte)
