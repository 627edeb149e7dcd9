# Die Tischtexte von Foodtown Throwdown auf Deutsch (src/games/foodtown-throwdown/index.tsx);
# Kartennamen und -texte kommen aus DescribeGame.
town-you = (du)
# die Wertungsspalte am Spielende (src/table/endwords.ts): dieses Spiel zählt Sterne
end-score = Sterne
town-stars = { $count ->
    [one] Stern
   *[other] Sterne
  } ({ $target } zum Sieg)
# der Bonusstern eines Gebiets und seine Bedingung, wie die Karte sie nennt („Gebiet: 1 Stern, +1
# solange ein Rezept mit Fleisch auf deiner Speisekarte steht“), unter dem Gebiet auf der Hand oder
# vor einem Spieler
town-bonus-earned = Bonussterne: { $earned } von { $count } verdient
town-bonus-conditions = { $count ->
    [one] Wann es einen Bonusstern bringt
   *[other] Wann sie einen Bonusstern bringen
}
town-bonus = +1 ★ solange { $kind ->
    [type] ein Rezept mit { $what } auf der Speisekarte steht
    [sandwich] ein Sandwich auf der Speisekarte steht
    [vegetarian] ein vegetarisches Rezept auf der Speisekarte steht
    [recipes] mindestens { $value } Rezepte auf der Speisekarte stehen
   *[stars] ein Rezept mit mindestens { $value } Sternen auf der Speisekarte steht
  }
town-end-stars = { $you ->
    [true] Du hast am Ende deines Zuges { $stars } Sterne erreicht ({ $target } zum Sieg).
   *[false] { $player } hat am Ende des eigenen Zuges { $stars } Sterne erreicht ({ $target } zum Sieg).
  }
town-hand-count = { $count ->
    [one] eine Karte auf der Hand
   *[other] { $count } Karten auf der Hand
  }
town-blocked = blockiert
town-hand = Deine Hand ({ $count }, höchstens { $limit })
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
# die Knöpfe des Zugbaus, mit den Worten der Aufforderung des Servers (ihr prompt-main)
build-draw = Eine Karte ziehen
build-complete = Ein Rezept fertigstellen
build-complete-recipe = Das Rezept
build-complete-cards = Seine Zutaten
build-play = Eine Karte spielen
build-play-card = Die Karte
build-play-target = Auf wen
build-play-pick = Welche
build-discard_two = Zwei Karten abwerfen und eine ziehen
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
