# Die Tischtexte von Foodtown Throwdown auf Deutsch (src/games/foodtown-throwdown/index.tsx);
# Kartennamen und -texte kommen aus DescribeGame.
town-you = (du)
town-stars = { $count ->
    [one] Stern
   *[other] Sterne
  } ({ $target } zum Sieg)
town-bonus = +1 ★ ({ $kind ->
    [type] { $what } auf der Speisekarte
    [sandwich] ein Sandwich auf der Speisekarte
    [vegetarian] ein vegetarisches Rezept auf der Speisekarte
    [recipes] { $value } Rezepte auf der Speisekarte
   *[stars] ein Rezept mit { $value } Sternen auf der Speisekarte
  })
town-end-stars = { $you ->
    [true] Du hast am Ende deines Zuges { $stars } Sterne erreicht ({ $target } zum Sieg).
   *[false] { $player } hat am Ende des eigenen Zuges { $stars } Sterne erreicht ({ $target } zum Sieg).
  }
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
town-group-ingredient = { $count ->
    [one] Zutat
   *[other] Zutaten
  }
town-group-action = { $count ->
    [one] Aktionskarte
   *[other] Aktionskarten
  }
town-group-territory = { $count ->
    [one] Gebiet
   *[other] Gebiete
  }
town-group-publicity = Werbung
town-group-recipe = { $count ->
    [one] Rezept
   *[other] Rezepte
  }
town-group-other = { $count ->
    [one] Andere Karte
   *[other] Andere Karten
  }
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
