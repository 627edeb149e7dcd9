# Die Tischtexte von Foodtown Throwdown auf Deutsch (src/games/foodtown-throwdown/index.tsx);
# Kartennamen und -texte kommen aus DescribeGame.
town-you = (du)
town-stars = { $count ->
    [one] Stern
   *[other] Sterne
  } (von { $target })
town-hand-count = { $count ->
    [one] eine Karte auf der Hand
   *[other] { $count } Karten auf der Hand
  }
town-blocked = blockiert
town-hand = Deine Hand ({ $count } von höchstens { $limit })
town-none = keine Karten
town-round = Runde { $round }
town-decks = { $play } { $play ->
    [one] Karte
   *[other] Karten
  } zum Ziehen, { $recipes } { $recipes ->
    [one] Rezept
   *[other] Rezepte
  } im Stapel, { $discard } abgeworfen
town-display = Ausliegende Rezepte
type-beans = Bohnen
type-bread = Brot
type-cheese = Käse
type-meat = Fleisch
type-potatoes = Kartoffeln
type-veggies = Gemüse
kind-ingredient = Zutaten
kind-action = Aktionen
kind-territory = Gebiete
kind-publicity = Werbung
kind-recipe = Rezepte
kind-other = Andere Karten
build-draw = Eine Karte ziehen
build-complete = Ein Rezept vollenden
build-complete-recipe = Das Rezept
build-complete-cards = Seine Zutaten
build-play = Eine Karte spielen
build-play-card = Die Karte
build-play-target = Auf wen
build-play-pick = Welche
build-discard_two = Zwei Karten abwerfen, eine ziehen
build-discard_two-cards = Die zwei Karten
build-discard = Auf das Handlimit abwerfen
build-discard-cards = Die abzuwerfenden Karten
build-pass = Passen
town-one-ingredient = Zutat
town-one-action = Aktion
town-one-territory = Gebiet
town-one-publicity = Werbung
town-one-recipe = Rezept
town-one-other = Karte
