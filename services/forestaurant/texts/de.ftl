# Forestaurant: jeder Text, den ein Client zeigt, auf Deutsch (shared/i18n.py, Fluent-Syntax).
# Die Tische sind wie auf dem Spielplan von 1 bis 9 nummeriert, Reihe für Reihe von links oben (Züge und
# Ereignisse zählen 0 bis 8; messages.py und die Ablehnungen der Regeln geben die Nummer, die man liest); Kartenwerte markieren Linien.

game-title = Forestaurant
game-summary = Ein kooperatives Spiel für 1 bis 5 Personen: Führt gemeinsam ein Restaurant für die Tiere des Waldes, setzt Gäste an die Tische, nehmt Bestellungen auf, kauft Zutaten und kocht zusammen, bevor die Wolken eure Sterne abdecken.

## Optionen (die Spielvarianten der Anleitung)

option-difficulty = Schwierigkeit
    .sentence = Eine Voreinstellung der drei Varianten unten; eine zusätzlich angegebene Option geht vor. Zu fünft empfiehlt die Anleitung einige der leichteren Änderungen.
option-difficulty-easy = Leicht (1 Stern abgedeckt, 4 zufriedene Gäste je Art, keine Wolken auf essende Gäste)
option-difficulty-normal = Normal (das Grundspiel: 2 Sterne abgedeckt, 5 zufriedene Gäste je Art)
option-difficulty-hard = Schwer (3 Sterne abgedeckt, 6 zufriedene Gäste je Art)
option-stars_covered = Abgedeckte Sterne zu Beginn
    .sentence = Wie viele der fünf Sterne zu Beginn eine Wolke abdeckt; die übrigen Wolken liegen auf den Pilzen (leichter: 1, schwerer: 3).
option-stars_covered-1 = 1 Stern
option-stars_covered-2 = 2 Sterne
option-stars_covered-3 = 3 Sterne
option-satisfied_needed = Zufriedene Gäste je Art
    .sentence = Der Wert zufriedener Gäste, den ihr von jeder der 8 Tierarten sammeln müsst, um zu gewinnen (leichter: 3 oder 4, schwerer: 6 oder 7).
option-ignore_eating_clouds = Keine Wolken auf essende Gäste
    .sentence = Räuber und Beute legen keine Wolke auf Gäste, die schon essen (ein leichteres Spiel; wie die anderen empfohlen, wenn ihr zu fünft spielt).
option-ignore_eating_clouds-true = Ja
option-ignore_eating_clouds-false = Nein

## Begriffe, die ein Client zum Zeichnen des Tisches braucht

species-hare = Hase
species-squirrel = Eichhörnchen
species-deer = Hirsch
species-boar = Wildschwein
species-fox = Fuchs
species-marten = Marder
species-wolf = Wolf
species-bear = Bär
colour-green = grün
colour-blue = blau
colour-yellow = gelb
colour-red = rot
class-green = Kleinwild
class-blue = Großwild
class-yellow = kleine Raubtiere
class-red = große Raubtiere
pile-vegetables = Gemüse
pile-meats = Fleisch
deck-animals = Tierstapel
deck-menus = Menüstapel
deck-vegetables = Gemüse
deck-meats = Fleisch
status-empty = ein leerer Tisch
status-seated = ein Gast am Tisch
status-bell = ein Gast mit Glocke
status-menu = ein Gast mit offener Menükarte
status-eating = ein essender Gast
phase-events = Ereignisse
phase-actions = Aktionen
phase-cooking = gemeinsames Kochen
phase-discard = Zutaten abwerfen
phase-shuffling = Mischen
phase-over = Spielende
line-1 = die obere Reihe
line-2 = die mittlere Reihe
line-3 = die untere Reihe
line-4 = die linke Spalte
line-5 = die mittlere Spalte
line-6 = die rechte Spalte
reason-mushrooms = alle 12 Wolken liegen auf den Pilzen
reason-satisfied = genug zufriedene Gäste jeder Art
reason-chaos = das Restaurant versank im Chaos (keine Wolke lag mehr auf den Pilzen und es wurde noch eine gebraucht)
reason-bankrupt = das Restaurant ging bankrott (alle Sterne waren abgedeckt und es hätte noch einer abgedeckt werden müssen)
reason-time = dem Restaurant lief die Zeit davon (der Tierstapel ging aus)
term-clouds = Wolken
term-mushrooms = Pilze
term-stars = Sterne
term-bell = Glocke
term-hand = deine Hand
term-storage = Zutatenvorrat
term-minimal-hand = Mindesthandgröße
term-storage-limit = Vorratsgrenze
term-draw-number = Karten, die am Zugende gezogen werden

## Der Tisch des Terminal-Clients (services/forestaurant/render.py): Überschriften und Beschriftungen
phase-setup = Aufbau
screen-turn = Zug { $turn }
screen-line = Linie { $tables }
screen-table = #{ $table } ({ $chairs ->
        [one] ein Stuhl
       *[other] { $chairs } Stühle
    })
screen-empty = leer
screen-seated = überlegt, was er essen will
screen-bell = Glocke: wartet auf die Bestellung
screen-menu = Menü: { CARDS($ingredients) }
screen-eating = isst
screen-mushrooms = Wolken auf den Pilzen { $clouds }, Sterne abgedeckt { $covered }/{ $stars }, Nachziehen am Zugende { $draw }
screen-decks = Tierstapel { $animals }{ $last ->
        [true] {" "}(letzter Stapel)
       *[false] {""}
    }, Menüstapel { $menus } (oben: { $top }), Gemüse { $vegetables }, Fleisch { $meats }
screen-satisfied = zufrieden (je { $need } nötig):
screen-score = Punkte { $score } - Schwierigkeit { $difficulty ->
        [easy] leicht
        [normal] normal
        [hard] schwer
       *[other] eigene
    }
screen-team = Das Team
screen-you = { $player } (du)
screen-player = { $player }: { $cards ->
        [one] eine Karte
       *[other] { $cards } Karten
    }, Vorrat { $storage }
screen-no-cards = (keine Karten)
screen-hand = Deine Hand (Mindestgröße { $minimal })
screen-cooking = Gemeinsam kochen
screen-proposal = Essen an Tisch { $table }: { $player } gibt { $cards } + { $ingredients }
screen-offer = { $player } bietet { $cards } + { $ingredients }
screen-may-offer = darf noch anbieten: { NAMES($players) }
screen-moves = Deine Züge

## Regeln am Tisch

rules-goal = Gemeinsam führt ihr ein Restaurant für die Tiere des Waldes. Ihr gewinnt sofort, wenn alle 12 Wolken auf den Pilzen liegen oder wenn die zufriedenen Gäste jeder der 8 Tierarten zusammen das Ziel erreichen (im Grundspiel 5; es zählen die Kartenwerte, nicht die Karten).
rules-setup = Ein Frühaufsteher-Gast vom Tierstapel setzt sich an den mittleren Tisch. Jede Person erhält eine Starthand aus Tierkarten (allein 9, zu zweit 7, zu dritt bis fünft 6). Zehn Wolken liegen auf den Pilzen, zwei decken Sterne ab. Die Mindesthandgröße ist 7, 5, 4, 3, 3 und die Vorratsgrenze für Zutaten 8, 6, 5, 5, 5 bei 1 bis 5 Personen.
rules-turn = In deinem Zug ziehst du eine Tierkarte und behältst sie: ihr Wert markiert eine Linie aus drei Tischen (1 bis 3 eine Reihe, 4 bis 6 eine Spalte). Du handelst das Ereignis jedes dieser Tische in beliebiger Reihenfolge ab, führst dann Aktionen aus, bis deine Hand auf die Mindesthandgröße geschrumpft ist, wirfst Zutaten über der Vorratsgrenze ab und ziehst so viele Karten, wie die höchste sichtbare Zahl auf den Pilzen zeigt.
rules-events = Ein Tisch durchläuft fünf Zustände: ein leerer Tisch, ein Gast am Tisch, ein Gast mit Glocke, ein Gast mit offener Menükarte und ein essender Gast. Ereignisse: An einem leeren Tisch setzen sich Gäste aus deiner Hand (eine Karte, nicht größer als die Zahl der Stühle, außer keine passt oder deine Hand hat die Mindestgröße); ein Gast am Tisch entscheidet sich und bekommt seine Glocke; ein Gast mit Glocke oder mit offener Menükarte verliert die Geduld (eine Wolke von den Pilzen; eine dritte Wolke deckt stattdessen einen Stern ab); essende Gäste gehen (keine Wolke: zufrieden; eine Wolke: halb zufrieden, die Wolke deckt einen Stern ab; zwei Wolken: die Karte wird abgeworfen, eine Wolke deckt einen Stern ab, eine kehrt zurück).
rules-actions = Jede Aktion kostet eine Tierkarte aus deiner Hand. Freies Platzieren: setze eine Karte an einen leeren Tisch mit genug Stühlen. Bestellung aufnehmen bei einem Gast mit Glocke: zieh offene Menükarten, bis eine seiner Art kommt, und leg sie auf den Gast. Einkaufen: zieh so viele Zutaten, wie die Karte wert ist (grüne und blaue Karten kaufen Gemüse, rote und gelbe Fleisch). Kochen: wirf die beiden Zutaten des Menüs ab und Karten, deren Werte zusammen mindestens den Wert des Gasts erreichen; das Menü wird umgedreht. Jede Karte, die einen Gast berührt (neben ihn gesetzt, seine Bestellung aufnehmend, für ihn kochend), legt eine Wolke auf ihn, wenn sie sein Räuber oder seine Beute ist, und nimmt eine weg, wenn sie seine Art ist; beim Kochen zählt nur das verrechnete Ergebnis.
rules-cooking = Gemeinsam kochen: Wer am Zug ist, schlägt ein Essen mit mindestens einer eigenen Karte vor; jede andere Person über der Mindesthandgröße darf einmal Karten und Zutaten anbieten (wer Zutaten gibt, gibt mindestens ebenso viele Karten) oder ablehnen. Dann kocht die Person am Zug mit den Angeboten, die sie annimmt, oder zieht den Vorschlag zurück; für einen Tisch, dessen Vorschlag zurückgezogen wurde, gibt es im selben Zug keinen neuen Vorschlag. Niemand darf unter die Mindesthandgröße abwerfen.
rules-end = Ihr verliert sofort, wenn eine Wolke gebraucht wird und keine mehr auf den Pilzen liegt (Chaos), wenn ein Stern abgedeckt werden muss und alle fünf abgedeckt sind (Bankrott) oder wenn der Tierstapel zum zweiten Mal ausgeht (er wird einmal aus 20 Karten des Ablagestapels neu gebildet).
rules-scoring = Die Punktzahl ist der Gesamtwert aller zufriedenen Gäste (halb zufriedene mitgezählt), für den ganzen Tisch gleich. Jedes Mal, wenn der zufriedene Wert einer Art 5, 10, 15 und so weiter erreicht, kehrt eine Wolke von einem Stern auf die Pilze zurück.
rules-variations = Leichteres Spiel: deckt zu Beginn nur 1 Stern ab, verlangt 4 oder 3 zufriedene Gäste je Art, oder legt keine Wolken auf Gäste, die schon essen. Wenn ihr zu fünft spielt, wird empfohlen, einige dieser Änderungen zu nutzen! Schwereres Spiel: deckt 3 Sterne ab oder verlangt 6 oder 7 zufriedene Gäste je Art.
rules-choices = Wo die Anleitung schweigt: Die Tierarten sind Hase und Eichhörnchen (Kleinwild, grün), Hirsch und Wildschwein (Großwild, blau), Fuchs und Marder (kleine Raubtiere, gelb), Wolf und Bär (große Raubtiere, rot); jede Art hat 12 Karten mit den Werten 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6. Die Tische haben 4, 3, 4 / 5, 6, 5 / 4, 3, 4 Stühle. Die Pilze zeigen 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 6, wenn ihre Wolken sie verlassen (im Selbstspiel abgestimmt). Der erste Platz beginnt. Das Platzieren, als Ereignis oder frei, ist das Abwerfen der Karte. Ein Menü kann nur bestellt werden, solange ein Menü der Art des Gasts im Menüstapel oder seiner Ablage liegt. Die Punktzahl ist der zufriedene Wert aller Arten. Für einen Tisch, dessen Vorschlag zum gemeinsamen Kochen zurückgezogen wurde, gibt es im selben Zug keinen neuen Vorschlag, damit niemand den Tisch aufhalten kann.
advice-five-players = Wenn ihr zu fünft spielt, wird empfohlen, einige dieser Änderungen zu nutzen! Leichteres Spiel: deckt zu Beginn nur 1 Stern ab (Option „Abgedeckte Sterne zu Beginn“), verlangt 4 oder 3 zufriedene Gäste je Art („Zufriedene Gäste je Art“) oder legt keine Wolken auf Gäste, die schon essen („Keine Wolken auf essende Gäste“); die Option „Schwierigkeit: Leicht“ macht alle drei.

## Ereignisse (das Protokoll)

event-GameStarted = Das Restaurant öffnet für { NAMES($players) } ({ $difficulty ->
    [easy] leicht
    [normal] normal
    [hard] schwer
   *[other] eigene Einstellungen
}): { $stars ->
    [one] ein Stern ist
   *[other] { $stars } Sterne sind
} abgedeckt.
event-DeckShuffled = { $deck ->
    [animals] Der Tierstapel wurde gemischt.
    [menus] Der Menüstapel wurde gemischt.
    [vegetables] Das Gemüse wurde gemischt.
   *[other] Das Fleisch wurde gemischt.
}
event-DeckShuffled-reshuffle = { $deck ->
    [animals] Der Tierstapel ist aufgebraucht: Die abgeworfenen Tierkarten wurden zu einem letzten Stapel aus { $kept } Karten gemischt.
    [menus] Der Menüstapel ist aufgebraucht: Die abgeworfenen Menükarten wurden zu einem neuen Menüstapel gemischt.
    [vegetables] Das Gemüse ist aufgebraucht: Das abgeworfene Gemüse wurde zu einem neuen Vorrat gemischt.
   *[other] Das Fleisch ist aufgebraucht: Das abgeworfene Fleisch wurde zu einem neuen Vorrat gemischt.
}
event-EarlyBirdSeated = Der Frühaufsteher { CARD($card) } setzt sich an Tisch { $table }.
event-HandsDealt = Die Karten sind verteilt.
event-HandsDealt-yours = Du erhältst { $count } Karten: { CARDS($cards) }.
event-CardsDrawn-turn = { $you ->
    [true] Du ziehst eine Karte für den Beginn deines Zugs.
   *[false] { $player } zieht eine Karte für den Beginn des Zugs.
}
event-CardsDrawn-turn-yours = Du ziehst { CARDS($cards) } für den Beginn deines Zugs.
event-CardsDrawn-end = { $you ->
    [true] Du ziehst { $count ->
        [one] eine Karte
       *[other] { $count } Karten
    }.
   *[false] { $player } zieht { $count ->
        [one] eine Karte
       *[other] { $count } Karten
    }.
}
event-CardsDrawn-end-yours = Du ziehst { CARDS($cards) }.
event-TurnStarted = Zug { $turn }: Die { $value } markiert die Tische { $tables }, an denen Ereignisse stattfinden.
event-GuestSeated = { $you ->
    [true] Du setzt
   *[false] { $player } setzt
} { CARD($card) } an Tisch { $table }.
event-GuestSeated-free = { $you ->
    [true] Du setzt
   *[false] { $player } setzt
} { CARD($card) } an Tisch { $table } (freies Platzieren).
event-BellPlaced = Die Gäste an Tisch { $table } haben sich entschieden und rufen nach der Bedienung: eine Glocke.
event-SeatingSkipped = An Tisch { $table } setzt sich niemand.
event-EventResolved = Das Ereignis an Tisch { $table } ist erledigt.
event-PhaseChanged = Jetzt: { $phase ->
    [events] Ereignisse
    [actions] Aktionen
    [cooking] gemeinsames Kochen
    [discard] Zutaten abwerfen
   *[other] { $phase }
}.
event-CloudMoved-on-guest = Eine Wolke von den Pilzen landet auf den Gästen an Tisch { $table }: { $cause ->
    [patience-order] Niemand hat ihre Bestellung aufgenommen.
    [patience-meal] Niemand hat ihnen ihr Essen serviert.
    [neighbour] { CARD($about) } wurde neben sie gesetzt.
    [order] { CARD($about) } hat ihre Bestellung aufgenommen.
    [cooking] Die Karten der Köche regen sie auf.
   *[other] Sie verlieren die Geduld.
}
event-CloudMoved-on-star = Eine Wolke deckt einen Stern ab: { $cause ->
    [unsatisfied] Die unzufriedenen Gäste an Tisch { $table } gehen.
    [semi-satisfied] Die halb zufriedenen Gäste an Tisch { $table } gehen.
    [patience-order] Es wäre die dritte Wolke auf den Gästen an Tisch { $table } (niemand hat ihre Bestellung aufgenommen).
    [patience-meal] Es wäre die dritte Wolke auf den Gästen an Tisch { $table } (niemand hat ihnen ihr Essen serviert).
   *[other] Es wäre die dritte Wolke auf den Gästen an Tisch { $table }.
}
event-CloudMoved-off-guest = Eine Wolke verlässt die Gäste an Tisch { $table } und kehrt auf die Pilze zurück: { $cause ->
    [neighbour] { CARD($about) } ihrer eigenen Art wurde neben sie gesetzt.
    [order] { CARD($about) } ihrer eigenen Art hat ihre Bestellung aufgenommen.
    [cooking] Köche ihrer eigenen Art haben sie beruhigt.
    [unsatisfied] Die unzufriedenen Gäste gehen.
    [semi-step] Die halb zufriedenen Gäste erreichen die nächste Fünferstufe.
   *[other] Sie beruhigen sich.
}
event-CloudMoved-star-back = Ein Stern wird aufgedeckt und seine Wolke kehrt auf die Pilze zurück: { $cause ->
    [step] Die zufriedenen Gäste der Art { $about ->
        [hare] Hase
        [squirrel] Eichhörnchen
        [deer] Hirsch
        [boar] Wildschwein
        [fox] Fuchs
        [marten] Marder
        [wolf] Wolf
        [bear] Bär
       *[other] { $about }
    } erreichen die nächste Fünferstufe.
   *[other] Der Ruf des Restaurants wächst.
}
event-GuestLeft-satisfied = Die Gäste { CARD($card) } verlassen Tisch { $table } zufrieden.
event-GuestLeft-semi-satisfied = Die Gäste { CARD($card) } verlassen Tisch { $table } halb zufrieden.
event-GuestLeft-unsatisfied = Die Gäste { CARD($card) } verlassen Tisch { $table } unzufrieden: Die Karte wird abgeworfen.
event-CardPaid-order = { $you ->
    [true] Du zahlst
   *[false] { $player } zahlt
} { CARD($card) }, um eine Bestellung aufzunehmen.
event-CardPaid-purchase = { $you ->
    [true] Du zahlst
   *[false] { $player } zahlt
} { CARD($card) }, um Zutaten zu kaufen.
event-MenusDrawn = Menükarten für Tisch { $table } gezogen.
event-OrderTaken = Die Gäste an Tisch { $table } bestellen { CARD($menu) }{ $count ->
    [0] .
    [one] ; ein weiteres gezogenes Menü wird abgeworfen.
   *[other] ; { $count } weitere gezogene Menüs werden abgeworfen.
}
event-IngredientsDrawn = { $you ->
    [true] Du kaufst
   *[false] { $player } kauft
} { $count ->
    [0] nichts: der Vorrat ist leer
   *[other] { CARDS($tokens) }
}.
event-PileRanOut = { $pile ->
    [animals] Der Tierstapel ist aufgebraucht: Seine Ablage wird gemischt.
    [menus] Der Menüstapel ist aufgebraucht: Seine Ablage wird gemischt.
    [vegetables] Das Gemüse ist aufgebraucht: Die Ablage wird gemischt.
   *[other] Das Fleisch ist aufgebraucht: Die Ablage wird gemischt.
}
event-CookProposed = { $you ->
    [true] Du schlägst
   *[false] { $player } schlägt
} vor, an Tisch { $table } gemeinsam zu kochen, und { $you ->
    [true] gibst
   *[false] gibt
} { CARDS($items) }.
event-HelpOffered = { $you ->
    [true] Du bietest
   *[false] { $player } bietet
} { CARDS($items) } an.
event-HelpDeclined = { $you ->
    [true] Du hilfst nicht.
   *[false] { $player } hilft nicht.
}
event-CookWithdrawn = { $you ->
    [true] Du ziehst das Essen zurück.
   *[false] { $player } zieht das Essen zurück.
}
event-MealCooked = Das Essen an Tisch { $table } wird { $you ->
    [true] { $count ->
        [0] von dir
        [1] von dir und { $players }
       *[other] von dir, { NAMES($players, after: 1) }
    }
   *[false] von { NAMES($players) }
} mit { CARDS($items) } gekocht: Die Gäste essen.
event-IngredientDiscarded = { $you ->
    [true] Du wirfst
   *[false] { $player } wirft
} { CARD($token) } ab.
event-GameEnded-won = Ihr habt gemeinsam gewonnen: { $reason ->
    [mushrooms] Alle 12 Wolken liegen auf den Pilzen
    [satisfied] Genug zufriedene Gäste jeder Art
   *[other] { $reason }
}. Punktzahl { $score }.
event-GameEnded-lost = Das Restaurant ist geschlossen: { $reason ->
    [chaos] Es versank im Chaos (keine Wolke lag mehr auf den Pilzen und es wurde noch eine gebraucht)
    [bankrupt] Es ging bankrott (alle Sterne waren abgedeckt und es hätte noch einer abgedeckt werden müssen)
    [time] Die Zeit lief ab (der Tierstapel ging aus)
   *[other] { $reason }
}. Punktzahl { $score }.
# der Schritt, der das Restaurant schließen ließ (Tisch, Grund und Karte aus GameEnded): Er geschah
# nie, also sagt ihn keine Zeile einer Wolke
event-GameEnded-chaos = Das Restaurant versinkt im Chaos und muss schließen: Auf den Pilzen lag keine Wolke mehr, und die Gäste an Tisch { $table } brauchten noch eine ({ $cause ->
    [patience-order] niemand hatte ihre Bestellung aufgenommen
    [patience-meal] niemand hatte ihnen ihr Essen serviert
    [neighbour] { CARD($about) } wurde neben sie gesetzt
    [order] { CARD($about) } hatte ihre Bestellung aufgenommen
    [cooking] die Karten der Köche regten sie auf
   *[other] sie verloren die Geduld
}). Punktzahl { $score }.
event-GameEnded-bankrupt = Das Restaurant ist bankrott und muss schließen: Alle { $stars } Sterne waren schon abgedeckt, und { $cause ->
    [unsatisfied] als die unzufriedenen Gäste Tisch { $table } verließen, hätte noch einer abgedeckt werden müssen
    [semi-satisfied] als die halb zufriedenen Gäste Tisch { $table } verließen, hätte noch einer abgedeckt werden müssen
    [patience-order] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen (niemand hatte ihre Bestellung aufgenommen)
    [patience-meal] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen (niemand hatte ihnen ihr Essen serviert)
    [neighbour] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen ({ CARD($about) } wurde neben sie gesetzt)
    [order] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen ({ CARD($about) } hatte ihre Bestellung aufgenommen)
    [cooking] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen (die Karten der Köche regten sie auf)
   *[other] eine dritte Wolke für die Gäste an Tisch { $table } hätte noch einen abdecken müssen
}. Punktzahl { $score }.

## Züge (die Beschriftungen erlaubter Züge)

move-resolve_event = Ereignis an Tisch { $table } abhandeln
move-resolve_event-seat = Ereignis an Tisch { $table }: { CARD($card) } setzen
move-seat = { CARD($card) } an Tisch { $table } setzen
move-take_order = Bestellung an Tisch { $table } aufnehmen, mit { CARD($card) } bezahlt
move-purchase = Mit { CARD($card) } Zutaten kaufen
move-cook = An Tisch { $table } kochen mit { CARDS($items) }
move-propose_cook = Gemeinsames Kochen an Tisch { $table } vorschlagen und { CARDS($items) } geben
move-offer_help = { CARDS($items) } anbieten
move-decline_help = Nicht helfen
move-commit_cook = Jetzt kochen, mit den Angeboten von { NAMES($players) }
move-commit_cook-alone = Jetzt kochen, nur mit deinem eigenen Teil
move-withdraw_cook = Vorschlag zurückziehen
move-discard_ingredient = { CARD($token) } abwerfen

## Aufforderungen

prompt-events = Du bist am Zug: Handle { $count ->
    [one] das Ereignis an Tisch { $tables }
   *[other] die Ereignisse an den Tischen { NAMES($tables) }
} ab.
prompt-actions = Du bist am Zug: Führe Aktionen aus (jede kostet eine Karte), bis du { $size } Karten hältst; du hältst { $count }.
prompt-discard = Wirf Zutaten ab, bis du { $limit } hast.
prompt-cooking-proposer = Du hast an Tisch { $table } ein Essen vorgeschlagen: Koche es mit den Angeboten, die du annimmst, oder zieh es zurück.
prompt-cooking-helper = { $player } schlägt an Tisch { $table } ein Essen vor: Biete Karten und Zutaten an oder hilf nicht.
prompt-waiting = Warten auf { NAMES($players) }.
prompt-shuffling = Es wird gemischt ...
prompt-won = Das Restaurant hat sich den Respekt des Waldes verdient: Ihr habt mit { $score } Punkten gewonnen!
prompt-lost = Das Restaurant ist geschlossen ({ $reason ->
    [chaos] Chaos
    [bankrupt] Bankrott
    [time] keine Zeit mehr
   *[other] { $reason }
}); Punktzahl { $score }.

## Ablehnungen

refused-already-started = Das Spiel hat schon begonnen.
refused-no-shuffle = Es steht kein Mischen an.
refused-not-a-list = „{ $field }“ muss eine Liste von Kennungen sein.
refused-needs-id = Dieser Zug braucht „{ $field }“ (eine Kennung).
refused-not-a-table = „{ $field }“ muss einen der neun Tische nennen (0 bis 8 in einem Zug, Tische 1 bis 9 auf dem Spielplan).
refused-not-active = { $player } ist am Zug: Nur wer am Zug ist, darf { $action ->
    [resolve] die Ereignisse abhandeln
    [seat] Gäste platzieren
    [order] Bestellungen aufnehmen
    [purchase] Zutaten kaufen
    [cook] kochen
    [propose] ein Essen vorschlagen
    [commit] das Essen kochen
    [withdraw] das Essen zurückziehen
   *[discard] Zutaten abwerfen
}.
refused-wrong-phase = Du kannst jetzt nicht { $action ->
    [resolve] die Ereignisse abhandeln
    [seat] Gäste platzieren
    [order] Bestellungen aufnehmen
    [purchase] Zutaten kaufen
    [cook] kochen
    [propose] ein Essen vorschlagen
    [commit] das Essen kochen
    [withdraw] das Essen zurückziehen
   *[discard] Zutaten abwerfen
}: Das Spiel ist in der Phase { $phase ->
    [events] Ereignisse
    [actions] Aktionen
    [cooking] gemeinsames Kochen
    [discard] Zutaten abwerfen
   *[other] { $phase }
}.
refused-no-more-actions = Deine Hand hat die Mindesthandgröße ({ $size }): keine weiteren Aktionen.
refused-cooking-alone = Du spielst allein: Niemand kann dir beim Kochen helfen, also gibt es kein Essen { $action ->
    [propose] vorzuschlagen
   *[withdraw] zurückzuziehen
} (koche stattdessen allein).
refused-no-event-left = Tisch { $table } hat in diesem Zug kein Ereignis mehr (Ereignisse an den Tischen { $tables }).
refused-must-seat = Am leeren Tisch { $table } setzen sich Gäste: Setze eine von { CARDS($cards) }.
refused-not-held = Du hast { CARD($card) } nicht auf der Hand.
refused-too-few-chairs = { CARD($card) } passt nicht an Tisch { $table }: Er hat { $chairs } Stühle.
refused-seating-skipped = An Tisch { $table } kann keine Karte platziert werden (keine passt, oder deine Hand hat die Mindestgröße): Das Platzieren entfällt.
refused-event-needs-no-card = Tisch { $table } ist nicht leer: Sein Ereignis braucht keine Karte.
refused-table-taken = Freies Platzieren braucht einen leeren Tisch; Tisch { $table } ist besetzt.
refused-needs-bell = Eine Bestellung aufnehmen geht nur bei einem Gast mit Glocke; an Tisch { $table } ist { $status ->
    [empty] niemand
    [seated] ein Gast, der noch nicht geläutet hat
    [menu] ein Gast, der schon ein Menü hat
    [eating] ein essender Gast
   *[other] { $status }
}.
refused-no-menu-left = Im Menüstapel und seiner Ablage ist kein Menü der Art { $species ->
    [hare] Hase
    [squirrel] Eichhörnchen
    [deer] Hirsch
    [boar] Wildschwein
    [fox] Fuchs
    [marten] Marder
    [wolf] Wolf
    [bear] Bär
   *[other] { $species }
} mehr.
refused-not-all-held = Du hast nicht alle von { CARDS($cards) } auf der Hand.
refused-not-all-stored = Du hast nicht alle von { CARDS($tokens) } im Vorrat.
refused-below-minimal-hand = Niemand darf unter die Mindesthandgröße ({ $size }) abwerfen.
refused-not-on-menu = Das Menü verlangt { CARD($first) } und { CARD($second) }, nicht { CARD($token) }.
refused-one-of-each = Das Essen braucht von jeder verlangten Zutat genau eine.
refused-helper-cards = Wer beim Helfen Zutaten gibt, gibt mindestens ebenso viele Tierkarten.
refused-meal-ingredients = Zum Kochen braucht es genau { CARD($first) } und { CARD($second) } (gegeben: { $count ->
    [0] nichts
   *[other] { CARDS($tokens) }
}).
refused-meal-value = Die abgeworfenen Karten ergeben { $total }, weniger als der Wert der Gäste ({ $value }).
refused-active-gives-card = Wer am Zug ist, muss beim Kochen mindestens eine Karte abwerfen.
refused-needs-menu = Kochen geht nur für einen Gast mit offener Menükarte; an Tisch { $table } ist { $status ->
    [empty] niemand
    [seated] ein Gast am Tisch
    [bell] ein Gast mit Glocke
    [eating] ein essender Gast
   *[other] { $status }
}.
refused-withdrawn-this-turn = Du hast das Essen an Tisch { $table } in diesem Zug zurückgezogen: Vor deinem nächsten Zug kann es nicht noch einmal vorgeschlagen werden (allein kochen darfst du es weiterhin).
refused-no-proposal = Es ist kein Essen vorgeschlagen: Hilfe wird angeboten, solange ein Vorschlag offen ist.
refused-own-proposal = Du hast das Essen vorgeschlagen: Koche es oder zieh es zurück.
refused-already-answered = Du hast auf diesen Vorschlag schon geantwortet.
refused-cannot-help = Deine Hand hat die Mindesthandgröße ({ $size }): Du kannst nicht helfen.
refused-offer-needs-card = Ein Angebot gibt mindestens eine Tierkarte (wer nichts geben will, hilft nicht).
refused-no-such-offer = { $player } hat kein Angebot gemacht, das du annehmen könntest.
refused-accepted-twice = Jedes Angebot wird nur einmal angenommen.
refused-not-stored = Du hast { CARD($token) } nicht im Vorrat.
refused-game-over = Das Spiel ist vorbei.
refused-waits-for-shuffle = Das Spiel wartet aufs Mischen.
refused-not-seated = Du sitzt nicht mit an diesem Tisch.
refused-unknown-move = Unbekannter Zug { $move }.
refused-unknown-option = Unbekannte Option { $options }; die Optionen sind { $known }.
refused-bad-difficulty = Die Schwierigkeit muss eine von { $choices } sein, nicht { $value }.
refused-bad-stars-covered = Abgedeckte Sterne müssen 1, 2 oder 3 sein (Spielvarianten), nicht { $value }.
refused-bad-satisfied-needed = Zufriedene Gäste je Art müssen 3 bis 7 sein (Spielvarianten), nicht { $value }.
refused-bad-ignore-eating-clouds = „Keine Wolken auf essende Gäste“ muss ja oder nein sein, nicht { $value }.

## Cards: animal cards (card-<species>-<value>), menu cards (card-<species>-<first>-<second>), ingredient tokens
card-hare-1 = Hase 1
    .text = 1 Hase (Kleinwild, grün): braucht am Tisch 1 Stuhl. Für einen Einkauf abgeworfen, bringt die Karte 1 Gemüsezutat. Zu Beginn eines Zuges gezogen, markiert sie die obere Reihe. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Hasen als Gäste.
card-hare-2 = Hase 2
    .text = 2 Hasen (Kleinwild, grün): brauchen am Tisch 2 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 2 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Reihe. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Hasen als Gäste.
card-hare-3 = Hase 3
    .text = 3 Hasen (Kleinwild, grün): brauchen am Tisch 3 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 3 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die untere Reihe. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Hasen als Gäste.
card-hare-4 = Hase 4
    .text = 4 Hasen (Kleinwild, grün): brauchen am Tisch 4 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 4 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die linke Spalte. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Hasen als Gäste.
card-hare-5 = Hase 5
    .text = 5 Hasen (Kleinwild, grün): brauchen am Tisch 5 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 5 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Spalte. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Hasen als Gäste.
card-hare-6 = Hase 6
    .text = 6 Hasen (Kleinwild, grün): brauchen am Tisch 6 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 6 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die rechte Spalte. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Hasen als Gäste.
card-squirrel-1 = Eichhörnchen 1
    .text = 1 Eichhörnchen (Kleinwild, grün): braucht am Tisch 1 Stuhl. Für einen Einkauf abgeworfen, bringt die Karte 1 Gemüsezutat. Zu Beginn eines Zuges gezogen, markiert sie die obere Reihe. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Eichhörnchen als Gäste.
card-squirrel-2 = Eichhörnchen 2
    .text = 2 Eichhörnchen (Kleinwild, grün): brauchen am Tisch 2 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 2 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Reihe. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Eichhörnchen als Gäste.
card-squirrel-3 = Eichhörnchen 3
    .text = 3 Eichhörnchen (Kleinwild, grün): brauchen am Tisch 3 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 3 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die untere Reihe. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Eichhörnchen als Gäste.
card-squirrel-4 = Eichhörnchen 4
    .text = 4 Eichhörnchen (Kleinwild, grün): brauchen am Tisch 4 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 4 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die linke Spalte. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Eichhörnchen als Gäste.
card-squirrel-5 = Eichhörnchen 5
    .text = 5 Eichhörnchen (Kleinwild, grün): brauchen am Tisch 5 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 5 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Spalte. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Eichhörnchen als Gäste.
card-squirrel-6 = Eichhörnchen 6
    .text = 6 Eichhörnchen (Kleinwild, grün): brauchen am Tisch 6 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 6 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die rechte Spalte. Räuber oder Beute von: Fuchs, Marder, Wolf, Bär; beruhigt Eichhörnchen als Gäste.
card-deer-1 = Hirsch 1
    .text = 1 Hirsch (Großwild, blau): braucht am Tisch 1 Stuhl. Für einen Einkauf abgeworfen, bringt die Karte 1 Gemüsezutat. Zu Beginn eines Zuges gezogen, markiert sie die obere Reihe. Räuber oder Beute von: Wolf, Bär; beruhigt Hirsche als Gäste.
card-deer-2 = Hirsch 2
    .text = 2 Hirsche (Großwild, blau): brauchen am Tisch 2 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 2 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Reihe. Räuber oder Beute von: Wolf, Bär; beruhigt Hirsche als Gäste.
card-deer-3 = Hirsch 3
    .text = 3 Hirsche (Großwild, blau): brauchen am Tisch 3 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 3 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die untere Reihe. Räuber oder Beute von: Wolf, Bär; beruhigt Hirsche als Gäste.
card-deer-4 = Hirsch 4
    .text = 4 Hirsche (Großwild, blau): brauchen am Tisch 4 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 4 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die linke Spalte. Räuber oder Beute von: Wolf, Bär; beruhigt Hirsche als Gäste.
card-deer-5 = Hirsch 5
    .text = 5 Hirsche (Großwild, blau): brauchen am Tisch 5 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 5 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Spalte. Räuber oder Beute von: Wolf, Bär; beruhigt Hirsche als Gäste.
card-deer-6 = Hirsch 6
    .text = 6 Hirsche (Großwild, blau): brauchen am Tisch 6 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 6 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die rechte Spalte. Räuber oder Beute von: Wolf, Bär; beruhigt Hirsche als Gäste.
card-boar-1 = Wildschwein 1
    .text = 1 Wildschwein (Großwild, blau): braucht am Tisch 1 Stuhl. Für einen Einkauf abgeworfen, bringt die Karte 1 Gemüsezutat. Zu Beginn eines Zuges gezogen, markiert sie die obere Reihe. Räuber oder Beute von: Wolf, Bär; beruhigt Wildschweine als Gäste.
card-boar-2 = Wildschwein 2
    .text = 2 Wildschweine (Großwild, blau): brauchen am Tisch 2 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 2 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Reihe. Räuber oder Beute von: Wolf, Bär; beruhigt Wildschweine als Gäste.
card-boar-3 = Wildschwein 3
    .text = 3 Wildschweine (Großwild, blau): brauchen am Tisch 3 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 3 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die untere Reihe. Räuber oder Beute von: Wolf, Bär; beruhigt Wildschweine als Gäste.
card-boar-4 = Wildschwein 4
    .text = 4 Wildschweine (Großwild, blau): brauchen am Tisch 4 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 4 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die linke Spalte. Räuber oder Beute von: Wolf, Bär; beruhigt Wildschweine als Gäste.
card-boar-5 = Wildschwein 5
    .text = 5 Wildschweine (Großwild, blau): brauchen am Tisch 5 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 5 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Spalte. Räuber oder Beute von: Wolf, Bär; beruhigt Wildschweine als Gäste.
card-boar-6 = Wildschwein 6
    .text = 6 Wildschweine (Großwild, blau): brauchen am Tisch 6 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 6 Gemüsezutaten. Zu Beginn eines Zuges gezogen, markiert sie die rechte Spalte. Räuber oder Beute von: Wolf, Bär; beruhigt Wildschweine als Gäste.
card-fox-1 = Fuchs 1
    .text = 1 Fuchs (kleines Raubtier, gelb): braucht am Tisch 1 Stuhl. Für einen Einkauf abgeworfen, bringt die Karte 1 Fleischzutat. Zu Beginn eines Zuges gezogen, markiert sie die obere Reihe. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Füchse als Gäste.
card-fox-2 = Fuchs 2
    .text = 2 Füchse (kleines Raubtier, gelb): brauchen am Tisch 2 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 2 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Reihe. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Füchse als Gäste.
card-fox-3 = Fuchs 3
    .text = 3 Füchse (kleines Raubtier, gelb): brauchen am Tisch 3 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 3 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die untere Reihe. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Füchse als Gäste.
card-fox-4 = Fuchs 4
    .text = 4 Füchse (kleines Raubtier, gelb): brauchen am Tisch 4 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 4 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die linke Spalte. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Füchse als Gäste.
card-fox-5 = Fuchs 5
    .text = 5 Füchse (kleines Raubtier, gelb): brauchen am Tisch 5 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 5 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Spalte. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Füchse als Gäste.
card-fox-6 = Fuchs 6
    .text = 6 Füchse (kleines Raubtier, gelb): brauchen am Tisch 6 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 6 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die rechte Spalte. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Füchse als Gäste.
card-marten-1 = Marder 1
    .text = 1 Marder (kleines Raubtier, gelb): braucht am Tisch 1 Stuhl. Für einen Einkauf abgeworfen, bringt die Karte 1 Fleischzutat. Zu Beginn eines Zuges gezogen, markiert sie die obere Reihe. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Marder als Gäste.
card-marten-2 = Marder 2
    .text = 2 Marder (kleines Raubtier, gelb): brauchen am Tisch 2 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 2 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Reihe. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Marder als Gäste.
card-marten-3 = Marder 3
    .text = 3 Marder (kleines Raubtier, gelb): brauchen am Tisch 3 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 3 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die untere Reihe. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Marder als Gäste.
card-marten-4 = Marder 4
    .text = 4 Marder (kleines Raubtier, gelb): brauchen am Tisch 4 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 4 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die linke Spalte. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Marder als Gäste.
card-marten-5 = Marder 5
    .text = 5 Marder (kleines Raubtier, gelb): brauchen am Tisch 5 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 5 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Spalte. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Marder als Gäste.
card-marten-6 = Marder 6
    .text = 6 Marder (kleines Raubtier, gelb): brauchen am Tisch 6 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 6 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die rechte Spalte. Räuber oder Beute von: Hase, Eichhörnchen; beruhigt Marder als Gäste.
card-wolf-1 = Wolf 1
    .text = 1 Wolf (großes Raubtier, rot): braucht am Tisch 1 Stuhl. Für einen Einkauf abgeworfen, bringt die Karte 1 Fleischzutat. Zu Beginn eines Zuges gezogen, markiert sie die obere Reihe. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Wölfe als Gäste.
card-wolf-2 = Wolf 2
    .text = 2 Wölfe (großes Raubtier, rot): brauchen am Tisch 2 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 2 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Reihe. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Wölfe als Gäste.
card-wolf-3 = Wolf 3
    .text = 3 Wölfe (großes Raubtier, rot): brauchen am Tisch 3 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 3 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die untere Reihe. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Wölfe als Gäste.
card-wolf-4 = Wolf 4
    .text = 4 Wölfe (großes Raubtier, rot): brauchen am Tisch 4 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 4 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die linke Spalte. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Wölfe als Gäste.
card-wolf-5 = Wolf 5
    .text = 5 Wölfe (großes Raubtier, rot): brauchen am Tisch 5 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 5 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Spalte. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Wölfe als Gäste.
card-wolf-6 = Wolf 6
    .text = 6 Wölfe (großes Raubtier, rot): brauchen am Tisch 6 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 6 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die rechte Spalte. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Wölfe als Gäste.
card-bear-1 = Bär 1
    .text = 1 Bär (großes Raubtier, rot): braucht am Tisch 1 Stuhl. Für einen Einkauf abgeworfen, bringt die Karte 1 Fleischzutat. Zu Beginn eines Zuges gezogen, markiert sie die obere Reihe. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Bären als Gäste.
card-bear-2 = Bär 2
    .text = 2 Bären (großes Raubtier, rot): brauchen am Tisch 2 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 2 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Reihe. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Bären als Gäste.
card-bear-3 = Bär 3
    .text = 3 Bären (großes Raubtier, rot): brauchen am Tisch 3 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 3 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die untere Reihe. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Bären als Gäste.
card-bear-4 = Bär 4
    .text = 4 Bären (großes Raubtier, rot): brauchen am Tisch 4 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 4 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die linke Spalte. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Bären als Gäste.
card-bear-5 = Bär 5
    .text = 5 Bären (großes Raubtier, rot): brauchen am Tisch 5 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 5 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die mittlere Spalte. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Bären als Gäste.
card-bear-6 = Bär 6
    .text = 6 Bären (großes Raubtier, rot): brauchen am Tisch 6 Stühle. Für einen Einkauf abgeworfen, bringt die Karte 6 Fleischzutaten. Zu Beginn eines Zuges gezogen, markiert sie die rechte Spalte. Räuber oder Beute von: Hase, Eichhörnchen, Hirsch, Wildschwein; beruhigt Bären als Gäste.
card-hare-carrot-clover = Hasen-Menü (Karotte, Klee)
    .text = Ein Menü für Hasen: zum Kochen braucht es Karotte und Klee und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-hare-carrot-berries = Hasen-Menü (Karotte, Beeren)
    .text = Ein Menü für Hasen: zum Kochen braucht es Karotte und Beeren und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-hare-clover-nuts = Hasen-Menü (Klee, Nüsse)
    .text = Ein Menü für Hasen: zum Kochen braucht es Klee und Nüsse und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-hare-berries-clover = Hasen-Menü (Beeren, Klee)
    .text = Ein Menü für Hasen: zum Kochen braucht es Beeren und Klee und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-squirrel-nuts-berries = Eichhörnchen-Menü (Nüsse, Beeren)
    .text = Ein Menü für Eichhörnchen: zum Kochen braucht es Nüsse und Beeren und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-squirrel-nuts-carrot = Eichhörnchen-Menü (Nüsse, Karotte)
    .text = Ein Menü für Eichhörnchen: zum Kochen braucht es Nüsse und Karotte und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-squirrel-berries-clover = Eichhörnchen-Menü (Beeren, Klee)
    .text = Ein Menü für Eichhörnchen: zum Kochen braucht es Beeren und Klee und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-squirrel-nuts-clover = Eichhörnchen-Menü (Nüsse, Klee)
    .text = Ein Menü für Eichhörnchen: zum Kochen braucht es Nüsse und Klee und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-deer-clover-berries = Hirsch-Menü (Klee, Beeren)
    .text = Ein Menü für Hirsche: zum Kochen braucht es Klee und Beeren und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-deer-carrot-nuts = Hirsch-Menü (Karotte, Nüsse)
    .text = Ein Menü für Hirsche: zum Kochen braucht es Karotte und Nüsse und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-deer-clover-carrot = Hirsch-Menü (Klee, Karotte)
    .text = Ein Menü für Hirsche: zum Kochen braucht es Klee und Karotte und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-deer-berries-nuts = Hirsch-Menü (Beeren, Nüsse)
    .text = Ein Menü für Hirsche: zum Kochen braucht es Beeren und Nüsse und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-boar-nuts-carrot = Wildschwein-Menü (Nüsse, Karotte)
    .text = Ein Menü für Wildschweine: zum Kochen braucht es Nüsse und Karotte und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-boar-berries-carrot = Wildschwein-Menü (Beeren, Karotte)
    .text = Ein Menü für Wildschweine: zum Kochen braucht es Beeren und Karotte und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-boar-nuts-clover = Wildschwein-Menü (Nüsse, Klee)
    .text = Ein Menü für Wildschweine: zum Kochen braucht es Nüsse und Klee und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-boar-carrot-clover = Wildschwein-Menü (Karotte, Klee)
    .text = Ein Menü für Wildschweine: zum Kochen braucht es Karotte und Klee und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-fox-ham-berries = Fuchs-Menü (Schinken, Beeren)
    .text = Ein Menü für Füchse: zum Kochen braucht es Schinken und Beeren und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-fox-sausage-fish = Fuchs-Menü (Wurst, Fisch)
    .text = Ein Menü für Füchse: zum Kochen braucht es Wurst und Fisch und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-fox-fish-carrot = Fuchs-Menü (Fisch, Karotte)
    .text = Ein Menü für Füchse: zum Kochen braucht es Fisch und Karotte und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-fox-steak-ham = Fuchs-Menü (Steak, Schinken)
    .text = Ein Menü für Füchse: zum Kochen braucht es Steak und Schinken und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-marten-fish-nuts = Marder-Menü (Fisch, Nüsse)
    .text = Ein Menü für Marder: zum Kochen braucht es Fisch und Nüsse und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-marten-sausage-ham = Marder-Menü (Wurst, Schinken)
    .text = Ein Menü für Marder: zum Kochen braucht es Wurst und Schinken und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-marten-steak-berries = Marder-Menü (Steak, Beeren)
    .text = Ein Menü für Marder: zum Kochen braucht es Steak und Beeren und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-wolf-steak-ham = Wolfs-Menü (Steak, Schinken)
    .text = Ein Menü für Wölfe: zum Kochen braucht es Steak und Schinken und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-wolf-sausage-steak = Wolfs-Menü (Wurst, Steak)
    .text = Ein Menü für Wölfe: zum Kochen braucht es Wurst und Steak und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-wolf-fish-ham = Wolfs-Menü (Fisch, Schinken)
    .text = Ein Menü für Wölfe: zum Kochen braucht es Fisch und Schinken und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-wolf-ham-sausage = Wolfs-Menü (Schinken, Wurst)
    .text = Ein Menü für Wölfe: zum Kochen braucht es Schinken und Wurst und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-bear-fish-berries = Bären-Menü (Fisch, Beeren)
    .text = Ein Menü für Bären: zum Kochen braucht es Fisch und Beeren und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-bear-ham-nuts = Bären-Menü (Schinken, Nüsse)
    .text = Ein Menü für Bären: zum Kochen braucht es Schinken und Nüsse und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-bear-steak-clover = Bären-Menü (Steak, Klee)
    .text = Ein Menü für Bären: zum Kochen braucht es Steak und Klee und Karten, deren Werte zusammen mindestens den Wert der Gäste erreichen.
card-carrot = Karotte
    .text = Eine Zutat (Gemüse: gekauft mit grünen und blauen Karten).
card-berries = Beeren
    .text = Eine Zutat (Gemüse: gekauft mit grünen und blauen Karten).
card-nuts = Nüsse
    .text = Eine Zutat (Gemüse: gekauft mit grünen und blauen Karten).
card-clover = Klee
    .text = Eine Zutat (Gemüse: gekauft mit grünen und blauen Karten).
card-fish = Fisch
    .text = Eine Zutat (Fleisch: gekauft mit roten und gelben Karten).
card-ham = Schinken
    .text = Eine Zutat (Fleisch: gekauft mit roten und gelben Karten).
card-sausage = Wurst
    .text = Eine Zutat (Fleisch: gekauft mit roten und gelben Karten).
card-steak = Steak
    .text = Eine Zutat (Fleisch: gekauft mit roten und gelben Karten).
