# Die Tischtexte von Foodie Forest auf Deutsch (src/games/foodie-forest/index.tsx); Kartennamen
# und -texte kommen aus DescribeGame, das Protokoll aus den Meldungen des Servers.
# Die Farben und Rezepte nennt der Tisch mit den Begriffen des Servers (DescribeGame `terms`:
# colour-*, recipe-*, services/foodie_forest/texts/de.ftl); hier stehen dieselben Wörter für
# die Zeit, bevor die Beschreibung da ist (terms.test.ts prüft, dass sie gleich sind).
colour-bug = Käfer
colour-vegetable = Gemüse
colour-fruit = Früchte
colour-trash = Müll
colour-boot = Stiefel
# auf einer Karte, wo wenig Platz ist: das Wort der Farbe oder seine Abkürzung
ff-colour-short-bug = Käfer
ff-colour-short-vegetable = Gem.
ff-colour-short-fruit = Frü.
ff-colour-short-trash = Müll
ff-colour-short-boot = Stiefel
# das Wort einer Kräuterkarte auf ihrer Karte (ihr Name: „Käfer-Kräuter“)
ff-face-herb = Kräuter
ff-face-0 = 0
recipe-empty-pot = Sparrezept
recipe-bug = Käferrezept
recipe-vegetable = Gemüserezept
recipe-fruit = Früchterezept
recipe-trash = Müllrezept
recipe-boot = Stinkstiefelrezept
ff-recipe-chosen = gewählt
ff-recipe-choosing = wählt…
ff-you = (du)
ff-points = Pkt
ff-recipe = Rezept
# vor dem Namen eines Rezepts im Kasten eines Spielers: nichts, der Name sagt schon „…rezept“
# („Sparrezept“, nicht „Rezept Sparrezept“)
ff-recipe-named = { "" }
ff-hand-line = { $cards } auf der Hand · { $tricks } { $tricks ->
    [one] Stich
   *[other] Stiche
  } ({ $taken } { $taken ->
    [one] Karte
   *[other] Karten
  })
ff-last-card = letzte Karte!
# die noch wählbaren Rezepte im schmalen Kasten eines Spielers: das Wort des Rezepts allein
# (das Sparrezept ganz: „Spar“ allein ist kein Wort)
ff-recipe-short-empty-pot = Sparrezept
ff-recipe-short-bug = Käfer
ff-recipe-short-vegetable = Gemüse
ff-recipe-short-fruit = Früchte
ff-recipe-short-trash = Müll
ff-recipe-short-boot = Stinkstiefel
ff-left = übrige Rezepte:
ff-none = keine
ff-pot = Topf
ff-follow = bedienen:
ff-any-colour = jede Farbe
ff-pot-empty = leer
ff-pot-you-lead = leer: du spielst aus
ff-pot-leads = leer: { $player } spielt aus
ff-your-hand = Deine Hand ({ $count })
ff-your-recipe = dein Rezept:
ff-no-cards = keine Karten
ff-history = { $count ->
    [one] Wertung einer Runde
   *[other] Wertung von { $count } Runden
  }
ff-deal = Runde
ff-deal-line = Runde { $deal } von { $deals } · Geber { $dealer }
# nach Spielende: kein Geber mehr
ff-deal-of = Runde { $deal } von { $deals }
ff-turn-over = Das Spiel ist zu Ende.
ff-turn-dealing = Die Karten werden gegeben…
ff-turn-choose = Du bist dran: wähle ein Rezept (verdeckt).
ff-turn-wait-choose = Warte, bis { $players } { $count ->
    [one] ein Rezept wählt
   *[other] ihre Rezepte wählen
  }.
ff-turn-revealing = Die Rezepte werden aufgedeckt…
ff-turn-play = Du bist dran: spiel eine Karte.
ff-turn-wait = Warte auf { $player }.
ff-move-play = Spiele
ff-move-choose = Wähle
ff-move-other = Ein anderer Zug
ff-log-you = du
ff-log-dealt = Runde { $deal }: { $dealer } hat gegeben; du hältst { $cards } Karten.
ff-log-chose = { $player } wählt das { $recipe }.
ff-log-chose-face-down = { $player } wählt das { $recipe } (verdeckt).
ff-log-chose-hidden = { $player } wählt ein Rezept.
ff-log-revealed = Rezepte aufgedeckt: { $recipes }; { $leader } spielt aus.
ff-log-played = { $player } spielt { $card }: Summe { $total }, jede Farbe.
ff-log-played-follow = { $player } spielt { $card }: Summe { $total }, { $colour } bedienen.
ff-log-last-card = { $you ->
    [true] Du hast deine letzte Karte gespielt.
   *[false] { $player } hat die letzte Karte gespielt.
  }
ff-log-took = { $player } nimmt den Topf ({ $cards } Karten, Summe { $total }).
ff-log-put-aside = { $you ->
    [true] Du hast keine Karte mehr: der Topf wird beiseitegelegt.
   *[false] { $player } hat keine Karte mehr: der Topf wird beiseitegelegt.
  }
ff-log-scored = Runde { $deal } gewertet: { $gains }.
ff-log-ended = Spielende: { $winners } hat gewonnen.

# the heading of the end box's score column (src/table/endwords.ts)
end-score = Siegpunkte
