# Foodtown Throwdown, Deutsch. Es gibt keine deutsche Ausgabe: die Begriffe folgen dem englischen
# Regelheft (recipe deck = Rezeptstapel, play deck = Spielstapel, discard pile = Ablagestapel,
# ingredient = Zutat, territory = Gebiet, publicity = Werbung, action card = Aktionskarte,
# star = Stern, menu = Speisekarte, hand limit = Handkartenlimit).

game-title = Foodtown Throwdown
game-summary = Betreibe den besten Foodtruck der Stadt: Stelle Rezepte aus den Zutaten auf deiner Hand fertig, spiele Gebiete und Werbung aus, bremse die Konkurrenz mit Aktionskarten; wer zuerst zehn Sterne hat, gewinnt.

## Optionen

option-target_stars = Sterne zum Sieg
    .sentence = Wer am Ende seines Zuges so viele Sterne hat, gewinnt (laut Regelheft: zehn).
option-hand_limit = Handkartenlimit
    .sentence = Am Ende deines Zuges wirfst du auf so viele Karten ab (laut Regelheft: acht).
option-max_rounds = Rundenlimit
    .sentence = Hat nach so vielen Runden niemand gewonnen, endet das Spiel und die Plätze richten sich nach den Sternen.

## Begriffe, mit denen ein Client den Tisch zeichnet

kind-recipe = Rezept
kind-ingredient = Zutat
kind-territory = Gebiet
kind-publicity = Werbung
kind-action = Aktionskarte
tag-sandwich = Sandwich
tag-vegetarian = Vegetarisch
effect-discard = Zwei Zutaten abwerfen
effect-remove = Eine ausliegende Karte abwerfen
effect-redraw = Hand abwerfen und neu ziehen
effect-review = Ein Rezept schließen
effect-block = Im nächsten Zug keine Rezepte
effect-skip = Nächsten Zug aussetzen
# why a game ended (the view's end_reason), for a client's own sentence; the log's last line
# says it in its own way (event-GameEnded)
reason-stars = der Sieger hat am Ende seines Zuges die nötigen Sterne erreicht
reason-recipes-out = die Rezepte waren aus, und die meisten Sterne gewannen
reason-turn-limit = die Rundengrenze war erreicht, und die meisten Sterne gewannen
table-display = Ausliegende Rezepte
table-menu = Speisekarte
table-in-front = Ausliegend
table-hand = Deine Hand
table-stars = { $count ->
    [one] { $count } Stern
   *[other] { $count } Sterne
}
table-discard = Ablagestapel
table-play-deck = Spielstapel
table-recipe-deck = Rezeptstapel
table-blocked = Straße gesperrt: in diesem Zug keine Rezepte
table-skips = Setzt im nächsten Zug aus
phase-draw = Ziehen
phase-main = Aktionen
phase-inspection = Gesundheitskontrolle
phase-hand-limit = Handkartenlimit
phase-shuffling = Mischen
phase-over = Spielende

## Der Tisch des Terminal-Clients (services/foodtown_throwdown/render.py): Überschriften und Beschriftungen
screen-header = Runde { $round } - Rezepte übrig { $recipes } - Spielstapel { $deck } - Ablage { $discards }
screen-player = Name
screen-stars = Sterne
screen-hand-size = Hand
screen-menu = Speisekarte
screen-in-front = Ausliegend
screen-blocked = (gesperrt)
screen-recipe = { $recipe } [{ $ingredients }] { $stars }*
screen-empty = (leer)
screen-just-drawn = <- gerade gezogen
screen-hand = Deine Hand ({ $count })
screen-moves = Deine Züge

## Regeln am Tisch

rules-goal = Baue den besten Foodtruck der Stadt auf: Sammle Sterne, indem du Rezepte fertigstellst und Gebiets- und Werbekarten ausspielst. Wer zuerst am Ende des eigenen Zuges zehn Sterne hat, gewinnt.
rules-turn = Ziehe zu Beginn deines Zuges die oberste Karte des Spielstapels. Danach beliebig viele Züge: ein ausliegendes Rezept mit den Zutaten auf deiner Hand fertigstellen (so viele Rezepte, wie du kannst), Gebiets- und Werbekarten ausspielen, eine Aktionskarte spielen oder zwei beliebige Karten abwerfen, um eine zu ziehen. Passe, um den Zug zu beenden; mit mehr als acht Karten wirfst du vorher auf acht ab.
rules-actions = Aktionskarten spielst du nur in deinem Zug, eine pro Zug, gegen einen Gegner. Sie bringen keine Sterne: Jede nimmt dem Ziel etwas und gibt dir nichts. Gesundheitskontrolle: Das Ziel wirft zwei Zutaten seiner Wahl ab. Feindliche Übernahme: Eine Gebiets- oder Werbekarte vor dem Ziel kommt auf den Ablagestapel. Menü-Chaos: Das Ziel wirft seine Hand ab und zieht ebenso viele neue Karten. Schlechte Kritik: Ein Rezept auf der Speisekarte des Ziels wird geschlossen. Straße gesperrt: Im nächsten Zug keine Rezepte. Platten: Das Ziel setzt im nächsten Zug aus.
rules-end = Wer am Ende des eigenen Zuges zehn Sterne hat, gewinnt sofort. Gehen die Rezepte aus oder hat nach dem Rundenlimit niemand gewonnen, endet das Spiel und die Plätze richten sich nach den Sternen (Gleichstand teilt sich einen Platz).
rules-scoring = Ein Rezept bringt seine Sterne (einen weniger als es Zutaten hat). Ein Gebiet bringt einen Stern und einen weiteren, solange seine Bedingung für die Rezepte auf deiner Speisekarte erfüllt ist. Eine Werbekarte bringt einen Stern. Sterne kann man wieder verlieren: durch eine Schlechte Kritik oder eine Feindliche Übernahme.
rules-choices = Wo das Regelheft schweigt: 2 bis 5 Personen; der erste Platz beginnt. Ein Rezept braucht Zutatenkarten genau seiner Sorten. Ist der Spielstapel leer, wird der Ablagestapel gemischt. Das Ziel einer Gesundheitskontrolle wählt selbst, welche zwei Zutaten es abwirft. Eine Feindliche Übernahme wirft die genommene Karte ab und ein Menü-Chaos lässt das Ziel seine Hand neu ziehen, damit keine Aktionskarte ihrem Spieler etwas bringt. Ist der Rezeptstapel leer, liegen weniger Rezepte aus; nach 30 Runden endet das Spiel nach Sternen.

## Ereignisse (das Protokoll)

event-GameStarted = { $you ->
    [true] Du beginnst.
   *[false] { $player } beginnt.
}
event-DeckShuffled = { $deck ->
    [recipes] Der Rezeptstapel wird gemischt ({ $size } Karten).
    [play] Der Spielstapel wird gemischt ({ $size } Karten).
   *[other] Der Stapel { $deck } wird gemischt ({ $size } Karten).
}
event-CardsDealt = Du erhältst { $count } Karten: { CARDS($cards) }.
event-CardsDealt-hidden = Alle erhalten { $count } Karten.
event-RecipesFlipped = { $count ->
    [one] Neues Rezept in der Auslage: { CARDS($cards) }.
   *[other] Rezepte in der Auslage: { CARDS($cards) }.
}
event-TurnStarted = { $you ->
    [true] Du bist am Zug.
   *[false] { $player } ist am Zug.
}
event-TurnSkipped = { $you ->
    [true] Du setzt diesen Zug aus (Platten).
   *[false] { $player } setzt diesen Zug aus (Platten).
}
event-CardDrawn = { $you ->
    [true] Du ziehst { CARD($card) }{ $reason ->
        [trade] {" "}für deine zwei abgeworfenen Karten
        [mix-up] {" "}(Menü-Chaos)
       *[other] {""}
    }.
   *[false] { $player } zieht { CARD($card) }.
}
event-CardDrawn-hidden = { $you ->
    [true] Du ziehst eine Karte.
   *[false] { $player } zieht eine Karte{ $reason ->
        [trade] {" "}für zwei abgeworfene Karten
        [mix-up] {" "}(Menü-Chaos)
       *[other] {""}
    }.
}
event-DeckRanOut = Der Spielstapel ist leer: Der Ablagestapel wird zu einem neuen Spielstapel gemischt.
event-NothingDrawn = { $you ->
    [true] Es ist keine Karte mehr zum Ziehen da.
   *[false] Für { $player } ist keine Karte mehr zum Ziehen da.
}
event-RecipeCompleted = { $you ->
    [true] Du stellst { CARD($recipe) } mit { CARDS($cards) } fertig
   *[false] { $player } stellt { CARD($recipe) } mit { CARDS($cards) } fertig
}: { $stars ->
    [one] +{ $stars } Stern.
   *[other] +{ $stars } Sterne.
}
event-CardPlayed = { $you ->
    [true] Du spielst { CARD($card) } aus{ $at_once ->
        [true] , gleich nach dem Ziehen
       *[false] {""}
    }.
   *[false] { $player } spielt { CARD($card) } aus{ $at_once ->
        [true] , gleich nach dem Ziehen
       *[false] {""}
    }.
}
event-ActionPlayed = { $you ->
    [true] Du spielst { CARD($card) } gegen { $target }.
   *[false] { $player } spielt { CARD($card) } gegen { $target_you ->
        [true] dich
       *[false] { $target }
    }.
}
event-ActionPlayed-pick = { $you ->
    [true] Du spielst { CARD($card) } gegen { CARD($pick) } von { $target }.
   *[false] { $player } spielt { CARD($card) } gegen { CARD($pick) } von { $target_you ->
        [true] dir
       *[false] { $target }
    }.
}
event-DiscardDemanded = { $you ->
    [true] Gesundheitskontrolle: Wähle { $count } Zutaten zum Abwerfen.
   *[false] Gesundheitskontrolle: { $player } wählt { $count } Zutaten zum Abwerfen.
}
event-CardsDiscarded = { $you ->
    [true] Du wirfst { CARDS($cards) } ab
   *[false] { $player } wirft { CARDS($cards) } ab
}{ $reason ->
    [trade] , um eine Karte zu ziehen
    [inspection] {" "}(Gesundheitskontrolle)
    [hand-limit] {" "}(Handkartenlimit)
    [mix-up] {" "}(Menü-Chaos)
   *[other] {""}
}.
event-CardsDiscarded-none = { $you ->
    [true] Du hast keine Zutat zum Abwerfen.
   *[false] { $player } hat keine Zutat zum Abwerfen.
}
event-TableCardDiscarded = { $you ->
    [true] Deine Karte { CARD($card) } kommt auf den Ablagestapel.
   *[false] { CARD($card) } von { $player } kommt auf den Ablagestapel.
}
event-RecipeClosed = { $you ->
    [true] Dein Rezept { CARD($recipe) } wird nach einer schlechten Kritik geschlossen; seine Zutaten kommen auf den Ablagestapel.
   *[false] Das Rezept { CARD($recipe) } von { $player } wird nach einer schlechten Kritik geschlossen; seine Zutaten kommen auf den Ablagestapel.
}
event-HandLimitReached = { $you ->
    [true] Handkartenlimit: Wirf { $count ->
        [one] { $count } Karte
       *[other] { $count } Karten
    } ab, um deinen Zug zu beenden.
   *[false] Handkartenlimit: { $player } wirft { $count ->
        [one] { $count } Karte
       *[other] { $count } Karten
    } ab.
}
event-TurnEnded = { $you ->
    [true] Du beendest deinen Zug mit { $stars ->
        [one] { $stars } Stern
       *[other] { $stars } Sternen
    }.
   *[false] { $player } beendet den Zug mit { $stars ->
        [one] { $stars } Stern
       *[other] { $stars } Sternen
    }.
}
event-GameEnded = Spielende{ $reason ->
    [stars] {""}
    [recipes-out] {" "}(keine Rezepte mehr)
   *[turn-limit] {" "}(Rundenlimit)
}: { $you ->
    [true] Du gewinnst
   *[false] { NAMES($winners) } { $count ->
        [one] gewinnt
       *[other] gewinnen
    }
} mit { $stars } { $stars ->
    [one] Stern
   *[other] Sternen
}.

## Züge

move-draw = Eine Karte ziehen
move-complete = { CARD($recipe) } mit { CARDS($cards) } fertigstellen
move-complete-auto = { CARD($recipe) } fertigstellen
move-play = { CARD($card) } ausspielen
move-play-action = { CARD($card) } gegen { $target } spielen
move-play-pick = { CARD($card) } gegen { CARD($pick) } von { $target } spielen
move-discard_two = { CARDS($cards) } abwerfen und eine Karte ziehen
move-discard = { CARDS($cards) } abwerfen
move-pass = Passen (Zug beenden)

## Aufforderungen

prompt-draw = Du bist am Zug: Ziehe eine Karte.
# nur, was der Platz jetzt tun kann (seine erlaubten Züge, messages.py): ein Komma vor jedem Teil
# außer dem ersten ($first), dann „oder passen“ ohne Komma (Passen geht immer); $table: welche
# Karten er vor sich ausspielen kann
prompt-main = Du bist am Zug: { $complete ->
    [true] ein Rezept fertigstellen
   *[false] {""}
}{ $table ->
    [none] {""}
   *[other] { $first ->
        [table] {""}
       *[other] ,{" "}
    }{ $table ->
        [both] eine Gebiets- oder Werbekarte ausspielen
        [territory] ein Gebiet ausspielen
       *[publicity] eine Werbekarte ausspielen
    }
}{ $action ->
    [true] { $first ->
        [action] {""}
       *[other] ,{" "}
    }eine Aktionskarte spielen (eine pro Zug)
   *[false] {""}
}{ $discard ->
    [true] { $first ->
        [discard] {""}
       *[other] ,{" "}
    }zwei Karten abwerfen und eine ziehen
   *[false] {""}
}{ $count ->
    [0] Du kannst nur passen.
   *[other] {" "}oder passen.
}
prompt-inspection = Gesundheitskontrolle: Wähle { $count } Zutaten zum Abwerfen.
prompt-hand-limit = Du hast zu viele Karten: Wirf { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
} ab (Handkartenlimit { $limit }).
prompt-waiting = Warte auf { $player }.
prompt-waiting-inspection = Warte, bis { $player } zwei Zutaten abwirft (Gesundheitskontrolle).
prompt-shuffling = Die Karten werden gemischt …
prompt-over = Spielende: { $you ->
    [true] Du gewinnst!
   *[false] { NAMES($winners) } { $count ->
        [one] gewinnt.
       *[other] gewinnen.
    }
}

## Ablehnungen

refused-already-started = Das Spiel hat schon begonnen.
refused-no-shuffle-pending = Es wird gerade nichts gemischt.
refused-unknown-target = Das Ziel muss eine Person an diesem Tisch sein ({ $players }), nicht { $target }.
refused-draw-once = Du ziehst nur einmal, zu Beginn deines Zuges; für mehr Karten wirf zwei Karten ab.
refused-recipe-not-displayed = Du kannst nur ein ausliegendes Rezept fertigstellen ({ CARDS($display) }), nicht { $recipe }.
refused-road-closed = Straße gesperrt: In diesem Zug darfst du keine Rezepte fertigstellen.
refused-missing-ingredients = Dir fehlen die Zutaten für { CARD($recipe) }.
refused-unknown-card = Eine Karte { $card } gibt es in diesem Spiel nicht.
refused-not-held = Du hast { CARDS($cards) } nicht auf der Hand.
refused-only-ingredients = Nur Zutatenkarten stellen ein Rezept fertig.
refused-wrong-ingredients = Das sind nicht die Zutaten, die { CARD($recipe) } braucht.
refused-ingredient-not-played = { CARD($card) } ist eine Zutat: Verwende sie für ein Rezept.
refused-no-target-needed = { CARD($card) } legst du vor dir aus, gegen niemanden.
refused-one-action = Du darfst nur eine Aktionskarte pro Zug spielen.
refused-target-needed = { CARD($card) } braucht ein Ziel: einen deiner Gegner.
refused-target-self = Aktionskarten bremsen einen Gegner: Wähle eine andere Person.
refused-pick-table-card = { $count ->
    [0] Vor { $target } liegt keine Gebiets- oder Werbekarte für { CARD($card) }.
   *[other] { CARD($card) } braucht eine der Karten vor { $target }: { CARDS($cards) }.
}
refused-pick-recipe = { $count ->
    [0] Auf der Speisekarte von { $target } steht kein Rezept für { CARD($card) }.
   *[other] { CARD($card) } braucht eines der Rezepte auf der Speisekarte von { $target }: { CARDS($recipes) }.
}
refused-no-pick-needed = { CARD($card) } braucht ein Ziel, aber keine Auswahl.
refused-trade-two = Wirf genau zwei Karten ab, um eine zu ziehen.
refused-inspection-discard = Gesundheitskontrolle: Wirf genau { $count } Zutatenkarten ab.
refused-hand-limit-discard = Handkartenlimit { $limit }: Wirf genau { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
} ab.
refused-game-over = Das Spiel ist vorbei.
refused-shuffling = Die Karten werden gerade gemischt.
refused-not-seated = Du hast keinen Platz an diesem Tisch.
refused-waiting-inspection = Warte, bis { $player } zwei Zutaten abwirft (Gesundheitskontrolle).
refused-not-your-turn = { $player } ist am Zug; Aktionskarten spielst du nur in deinem eigenen Zug.
refused-inspection-first = Gesundheitskontrolle: Wirf zuerst zwei Zutatenkarten ab.
refused-hand-limit-first = Handkartenlimit: Wirf { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
} ab, um deinen Zug zu beenden.
refused-draw-first = Ziehe zu Beginn deines Zuges eine Karte.
refused-discard-not-now = Abwerfen nur beim Handkartenlimit oder bei einer Gesundheitskontrolle; um eine Karte zu ziehen, wirf zwei ab.
refused-unknown-option = Unbekannte Option(en) { $options }; die Optionen sind { $known }.
refused-bad-option = Die Option { $option } muss eine ganze Zahl von { $low } bis { $high } sein, nicht { $value }.

## Rezepte

card-hot-dog = Hot Dog
    .text = Braucht Brot, Fleisch, Kartoffeln. 2 Sterne wert.
card-grilled-cheese = Käsetoast
    .text = Braucht Brot, Käse. 1 Stern wert.
card-sloppy-joe = Sloppy Joe
    .text = Braucht Brot, Fleisch. 1 Stern wert.
card-veggie-wrap = Gemüse-Wrap
    .text = Braucht Brot, Gemüse. 1 Stern wert.
card-baked-potato = Ofenkartoffel
    .text = Braucht Käse, Kartoffeln. 1 Stern wert.
card-three-bean-salad = Dreibohnensalat
    .text = Braucht Bohnen, Gemüse. 1 Stern wert.
card-veggie-hash = Gemüsepfanne
    .text = Braucht Kartoffeln, Gemüse. 1 Stern wert.
card-cheeseburger = Cheeseburger
    .text = Braucht Brot, Käse, Fleisch. 2 Sterne wert.
card-chili-dog = Chili Dog
    .text = Braucht Bohnen, Brot, Fleisch. 2 Sterne wert.
card-bean-burrito = Bohnen-Burrito
    .text = Braucht Bohnen, Brot, Käse. 2 Sterne wert.
card-quesadilla = Quesadilla
    .text = Braucht Brot, Käse, Gemüse. 2 Sterne wert.
card-tacos = Tacos
    .text = Braucht Brot, Fleisch, Gemüse. 2 Sterne wert.
card-loaded-fries = Überbackene Pommes
    .text = Braucht Käse, Fleisch, Kartoffeln. 2 Sterne wert.
card-nachos = Nachos
    .text = Braucht Bohnen, Käse, Gemüse. 2 Sterne wert.
card-shepherds-pie = Shepherd's Pie
    .text = Braucht Fleisch, Kartoffeln, Gemüse. 2 Sterne wert.
card-poutine = Poutine
    .text = Braucht Käse, Kartoffeln, Kartoffeln. 2 Sterne wert.
card-philly-cheesesteak = Philly Cheesesteak
    .text = Braucht Brot, Käse, Fleisch, Gemüse. 3 Sterne wert.
card-club-sandwich = Club-Sandwich
    .text = Braucht Brot, Brot, Fleisch, Gemüse. 3 Sterne wert.
card-chili-cheese-fries = Chili-Käse-Pommes
    .text = Braucht Bohnen, Käse, Fleisch, Kartoffeln. 3 Sterne wert.
card-burrito-bowl = Burrito-Bowl
    .text = Braucht Bohnen, Käse, Fleisch, Gemüse. 3 Sterne wert.

## Zutaten

card-whole-wheat-bread = Vollkornbrot
    .text = Zutat: Brot.
card-sourdough-loaf = Sauerteigbrot
    .text = Zutat: Brot.
card-flour-tortilla = Weizentortilla
    .text = Zutat: Brot.
card-hamburger-meat = Hackfleisch
    .text = Zutat: Fleisch.
card-pulled-pork = Pulled Pork
    .text = Zutat: Fleisch.
card-grilled-chicken = Grillhähnchen
    .text = Zutat: Fleisch.
card-potato-medley = Kartoffelmix
    .text = Zutat: Kartoffeln.
card-french-fries = Pommes frites
    .text = Zutat: Kartoffeln.
card-hash-browns = Rösti
    .text = Zutat: Kartoffeln.
card-cheddar = Cheddar
    .text = Zutat: Käse.
card-mozzarella = Mozzarella
    .text = Zutat: Käse.
card-pepper-jack = Pepper Jack
    .text = Zutat: Käse.
card-black-beans = Schwarze Bohnen
    .text = Zutat: Bohnen.
card-pinto-beans = Pintobohnen
    .text = Zutat: Bohnen.
card-refried-beans = Bohnenmus
    .text = Zutat: Bohnen.
card-lettuce = Salat
    .text = Zutat: Gemüse.
card-tomatoes = Tomaten
    .text = Zutat: Gemüse.
card-onions = Zwiebeln
    .text = Zutat: Gemüse.

## Gebiete

card-downtown = Innenstadt
    .text = Gebiet: 1 Stern, +1 solange ein Rezept mit Fleisch auf deiner Speisekarte steht.
card-college-campus = Uni-Campus
    .text = Gebiet: 1 Stern, +1 solange ein Sandwich auf deiner Speisekarte steht.
card-farmers-market = Bauernmarkt
    .text = Gebiet: 1 Stern, +1 solange ein Rezept mit Gemüse auf deiner Speisekarte steht.
card-beach-boardwalk = Strandpromenade
    .text = Gebiet: 1 Stern, +1 solange ein Rezept mit Kartoffeln auf deiner Speisekarte steht.
card-business-district = Geschäftsviertel
    .text = Gebiet: 1 Stern, +1 solange ein Rezept mit Brot auf deiner Speisekarte steht.
card-dairy-row = Molkereigasse
    .text = Gebiet: 1 Stern, +1 solange ein Rezept mit Käse auf deiner Speisekarte steht.
card-old-town = Altstadt
    .text = Gebiet: 1 Stern, +1 solange ein Rezept mit Bohnen auf deiner Speisekarte steht.
card-arts-district = Künstlerviertel
    .text = Gebiet: 1 Stern, +1 solange ein vegetarisches Rezept auf deiner Speisekarte steht.
card-stadium = Stadion
    .text = Gebiet: 1 Stern, +1 solange mindestens 3 Rezepte auf deiner Speisekarte stehen.
card-county-fair = Jahrmarkt
    .text = Gebiet: 1 Stern, +1 solange ein Rezept mit mindestens 3 Sternen auf deiner Speisekarte steht.

## Werbung

card-food-blog-feature = Foodblog-Artikel
    .text = Werbung: 1 Stern. Spiele die Karte in deinem Zug aus, auch gleich nach dem Ziehen.
card-local-news-spot = Beitrag in den Lokalnachrichten
    .text = Werbung: 1 Stern. Spiele die Karte in deinem Zug aus, auch gleich nach dem Ziehen.
card-radio-shout-out = Gruß im Radio
    .text = Werbung: 1 Stern. Spiele die Karte in deinem Zug aus, auch gleich nach dem Ziehen.
card-viral-video = Virales Video
    .text = Werbung: 1 Stern. Spiele die Karte in deinem Zug aus, auch gleich nach dem Ziehen.

## Aktionskarten

card-health-inspection = Gesundheitskontrolle
    .text = Aktion: Wähle einen Gegner: Er wirft zwei Zutatenkarten seiner Wahl ab (alle, wenn er höchstens zwei hat).
card-hostile-takeover = Feindliche Übernahme
    .text = Aktion: Wähle eine Gebiets- oder Werbekarte vor einem Gegner: Sie kommt auf den Ablagestapel (er verliert ihre Sterne, du bekommst keine).
card-menu-mix-up = Menü-Chaos
    .text = Aktion: Wähle einen Gegner: Er wirft seine ganze Hand ab und zieht ebenso viele neue Karten.
card-bad-review = Schlechte Kritik
    .text = Aktion: Wähle ein Rezept auf der Speisekarte eines Gegners: Es wird geschlossen (verlässt das Spiel), seine Zutaten kommen auf den Ablagestapel.
card-road-closed = Straße gesperrt
    .text = Aktion: Wähle einen Gegner: Er darf in seinem nächsten Zug keine Rezepte fertigstellen.
card-flat-tire = Platten
    .text = Aktion: Wähle einen Gegner: Er setzt in seinem nächsten Zug aus.

## Begriffe

type-beans = Bohnen
type-bread = Brot
type-cheese = Käse
type-meat = Fleisch
type-potatoes = Kartoffeln
type-veggies = Gemüse

## Ereignisse von Partien, die gespeichert wurden, bevor Aktionskarten keine Sterne mehr brachten (Issue 31); nur für Wiederholungen.
event-TableCardTaken = { $you ->
    [true] Du nimmst { $owner } { CARD($card) } weg.
   *[false] { $player } nimmt { $owner_you ->
        [true] dir
       *[false] { $owner }
    } { CARD($card) } weg.
}
event-HandsSwapped = { $you ->
    [true] Du tauschst die Handkarten mit { $target }.
   *[false] { $player } tauscht die Handkarten mit { $target_you ->
        [true] dir
       *[false] { $target }
    }.
}
