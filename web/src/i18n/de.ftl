# Die Texte des Browser-Clients auf Deutsch (src/i18n/index.ts). Jeder Schlüssel steht auch in
# en.ftl (src/i18n/catalogue.test.ts prüft es), mit denselben Argumenten.

loading = Lädt…
yes = ja
no = nein
none = keine
you-mark = (du)
# a bot at the table (src/table/names.ts): 0 where it is the only one
player-bot = { $number ->
    [0] Bot
   *[other] Bot { $number }
}
language-en = English
language-de = Deutsch

## header
nav-label = Hauptmenü
nav-play = Spielen
nav-leaderboard = Rangliste
nav-tournaments = Turniere
nav-audit = Prüfen
nav-language = Sprache
nav-sign-out = abmelden
nav-my-games = Deine Partien und Wertungszahl

## sign in
signin-title = Anmelden
signin-intro = Wähle einen Namen, unter dem du spielst. Dies ist ein Entwicklerserver ohne Konten: jeder darf jeden Namen nehmen, und der Name ist dein Platz am Tisch.
signin-name = Name
signin-placeholder = dein Name
signin-button = Anmelden
signin-provider = Mit deinem Konto anmelden
signin-none = Dieses Gateway bietet keine Anmeldung an: sein Betreiber hat weder einen Identitätsanbieter noch die Entwickler-Anmeldung eingerichtet.

## play
play-title = Spielen, { $player }
play-game = Spiel
play-size = Tischgröße
play-players = { $count } Spieler
play-ranked = Gewertet (zählt für die Rangliste)
play-options = Spieloptionen
play-bot-level = Stärke der Hausbots
play-bot-level-easy = leicht (zufällige Züge)
play-bot-level-normal = normal
play-bot-level-strong = stark (denkt voraus)
play-bot-level-sentence = Kommt sonst niemand, füllen Hausbots den Tisch nach ein paar Sekunden: so gut spielen sie.
play-queue = Anstellen
play-mine = Deine Spiele in diesem Tab
play-friends = Mit Freunden
play-lobby = Offene Tische zum Mitspielen
play-seat = (Platz { $seat })

## queue
queue-title = Suche nach einem Tisch
queue-joining = Du wirst angestellt…
queue-searching-ranked = Suche einen gewerteten Tisch { $game } für { $size } Spieler…
queue-searching-casual = Suche einen ungewerteten Tisch { $game } für { $size } Spieler…
queue-hint-dev = Sonst niemand da? Auf diesem Entwicklerserver nehmen Hausbots nach ein paar Sekunden die leeren Plätze; Bots lassen sich auch im Terminal starten:
queue-hint = Noch niemand sonst da? Verlass die Warteschlange und spiel mit Freunden:
queue-waited = Wartezeit: { $time }
queue-found = Tisch gefunden!
queue-cancelled = Abgebrochen
queue-cancelled-you = du hast die Warteschlange verlassen
queue-cancelled-by = { $player } hat die Suche abgebrochen
queue-expired = Abgelaufen
queue-cancel = Abbrechen
queue-again = Neu anstellen
queue-reconnecting = { $error }; neuer Versuch in { $seconds } s

## the table
status-connecting = verbinde…
status-live = live
status-reconnecting = verbinde neu ab Version { $version }…
status-lost = Verbindung verloren ({ $error }); neuer Versuch in { $seconds } s
status-over = Spiel zu Ende
status-stopped = angehalten
status-no-seat = kein Platz
no-seat = Du hast an diesem Tisch keinen Platz.
seed-taken = Dein Client-Seed ist in das Mischen eingegangen.
seed-refused = Das Deck hat deinen Client-Seed nicht rechtzeitig angenommen; das Mischen bleibt prüfbar.
seats-label = Spieler und ihre Restzeit
clock-label = noch { $time }
presence-away = abwesend
presence-bot = ein Bot spielt für sie
turn-over = Das Spiel ist zu Ende.
turn-yours = Du bist dran.
turn-waiting = Warte auf { $players }.
turn-wait = Warte…
refused = Zug abgelehnt: { $reason }
log-title = Was geschah
rules-title = Regeln in Kürze
rules-this-table = An diesem Tisch (anders als in der Regel)
your-hand = Deine Hand ({ $count })
card-unknown = eine Karte
card-face-down = eine verdeckte Karte
generic-table = Tisch
generic-more = { $count } weitere

## the end of a game
end-title = Spielende
end-won = { $you ->
    [true] Du hast gewonnen!
   *[false] { $count ->
        [one] { $winners } hat gewonnen.
       *[other] { $winners } haben gemeinsam gewonnen.
    }
  }
end-you = du
# a cooperative table's result (src/table/endwords.ts): $you "true" to a seat at it, $players
# its names as a list, $count how many
end-team-won = { $you ->
    [true] { $count ->
        [one] Du hast gewonnen!
       *[other] Ihr habt gemeinsam gewonnen!
    }
   *[false] { $count ->
        [one] { $players } hat gewonnen.
       *[other] { $players } haben gemeinsam gewonnen.
    }
  }
end-team-lost = { $you ->
    [true] { $count ->
        [one] Du hast verloren.
       *[other] Ihr habt gemeinsam verloren.
    }
   *[false] { $count ->
        [one] { $players } hat verloren.
       *[other] { $players } haben gemeinsam verloren.
    }
  }
end-over = Das Spiel ist zu Ende.
end-place = Platz
end-player = Spieler
# the score column's heading where the game names no word of its own (its end-score: src/table/endwords.ts)
end-points = Punkte
end-looking = Deine Wertungszahl wird nachgesehen…
end-rating = Deine Wertungszahl:
end-placed = Platz { $placing } von { $players }
end-casual = Ein ungewertetes Spiel: Die Wertungszahlen ändern sich nicht.
end-not-scored = Die Rangliste hat dieses Spiel noch nicht gewertet.
end-leaderboard = Rangliste
end-audit = Dieses Spiel prüfen
end-again = Noch einmal spielen

## leaderboard
lb-title = Rangliste
lb-game = Spiel
lb-board = Liste
lb-season = Saison
lb-rating = Wertungszahl
lb-wins = Siege
lb-all-time = insgesamt
lb-this-season = diese Saison
lb-last-season = letzte Saison
lb-top = Die besten 20
lb-around = Um dich herum
lb-player = Spieler
lb-games = Spiele
lb-provisional = vorläufige Wertungszahl
lb-provisional-legend = ? vorläufige Wertungszahl: noch zu wenige Partien, um sicher zu sein.
# why a table with house bots leaves you "rank 1 of 1" (services/leaderboard/writes.py)
lb-bots-unlisted = Hausbots werden gewertet, stehen aber auf keiner Liste.
lb-empty = Noch niemand steht auf dieser Liste.
lb-total = { $total } Spieler · Saison { $season }
lb-total-all-time = { $total } Spieler · insgesamt
lb-you-are = du bist Nr. { $rank } von { $total }
lb-not-on-board = Du stehst noch nicht auf dieser Liste: spiel ein gewertetes Spiel.
lb-no-rated-game = { $player } hat noch kein gewertetes Spiel { $game }.
lb-mine-rating = { $player }: Wertungszahl
lb-mine-rest = nach { $games ->
    [one] einem Spiel
   *[other] { $games } Spielen
  }, { $wins ->
    [0] kein Sieg
    [one] ein Sieg
   *[other] { $wins } Siege
  }; Rang { $rank } von { $total }
lb-tournaments = Laufende und beendete Turniere

## audit
audit-title = Prüfen
audit-title-of = Prüfung des Spiels { $game }
audit-intro = Jedes Mischen eines beendeten Spiels lässt sich hier in deinem Browser prüfen: die Festlegung des Decks, die Seeds, jedes Mischen neu berechnet, und der signierte Prüfpunkt des Transparenz-Logs mit seinen Beweisen.
audit-open-hint = Öffne die Prüfung eines beendeten Spiels von seinem Endbildschirm aus, oder prüfe unten ein Paket.
audit-sign-in = Melde dich an,
audit-sign-in-rest = um das Paket dieses Spiels zu holen, oder prüfe unten eines.
audit-verifying = Prüfe…
audit-verified = Bestätigt: alle { $count } Prüfungen bestanden
audit-not-verified = NICHT bestätigt: { $failed } von { $count } Prüfungen fehlgeschlagen
audit-pass = bestanden
audit-fail = fehlgeschlagen
audit-skipped = { $count ->
    [one] eine Prüfung nicht im Browser gemacht
   *[other] { $count } Prüfungen nicht im Browser gemacht
  }
audit-not-json = Kein Paket (kein JSON): { $error }
audit-stopped = Die Prüfung brach ab: { $error }
audit-download = Das Paket herunterladen
audit-key = Schlüssel
audit-offline = Ein Paket offline prüfen
audit-file = Eine Paketdatei
audit-paste = …oder eines einfügen
audit-paste-placeholder = ein Prüfpaket hier einfügen
audit-public-key = Öffentlicher Schlüssel
audit-public-key-placeholder = der öffentliche Schlüssel des Betreibers (freiwillig)
audit-verify = Dieses Paket prüfen

## tournaments
t-title-all = Turniere
t-title = Turnier
t-intro = Die Runden, Tische und Tabelle eines Turniers: die laufenden zuerst, dann die beendeten.
t-none = Noch kein Turnier.
t-list-round = Runde { $round } von { $rounds }
t-list-entrants = { $count ->
    [one] ein Teilnehmer
   *[other] { $count } Teilnehmer
}
t-open = Ein Turnier über seine Kennung öffnen
t-id = Turnierkennung
t-open-button = Öffnen
t-game = Spiel
t-ranked = (gewertet)
t-phase = Phase
t-phase-registration = Anmeldung
t-phase-playing = läuft
t-phase-between = zwischen den Runden
t-phase-finished = beendet
t-round-label = Runde
t-round-of = { $round } von { $rounds }
t-entrants = Teilnehmer
t-dropped-count = ({ $count } ausgeschieden)
t-won-by = gewonnen von
t-standings = Tabelle
t-standings-final = endgültig, nach Runde { $round }
t-standings-after = nach Runde { $round }
t-standings-none = noch keine
t-stalled = hängt
t-standings-title = Tabelle
t-no-round = Noch ist keine Runde abgeschlossen.
t-col-player = Spieler
t-col-pts = Pkt
t-col-pts-title = Turnierpunkte
t-col-gp = SP
t-col-gp-title = Spielpunkte (1. Gleichstandsregel)
t-col-oa = GD
t-col-oa-title = Durchschnitt der Gegner an Turnierpunkten (2. Gleichstandsregel)
t-col-h2h = DV
t-col-h2h-title = direkter Vergleich unter den Gleichen (3. Gleichstandsregel)
t-col-seed = Los
t-col-seed-title = Los: die gezogene Reihenfolge der 1. Runde (letzte Gleichstandsregel)
t-col-byes = Freilose
t-col-table = Tisch
t-col-players = Spieler
t-col-wins = Siege
t-col-best = beste
t-col-total = gesamt
t-col-games = Spiele
t-legend = Gereiht nach Turnierpunkten (Pkt), dann Spielpunkten (SP), Durchschnitt der Gegner (GD), direktem Vergleich unter den Gleichen (DV) und dem Los der 1. Runde.
t-dropped = (ausgeschieden)
t-table = Tisch { $number }
t-status-finished = beendet
t-status-playing = läuft
t-status-seated = besetzt
t-status-waiting = wartet auf die Auslosung
t-seat = Platz { $seat }
t-points = { $count ->
    [one] { $points } Spielpunkt
   *[other] { $points } Spielpunkte
}
t-team-won = der Tisch hat gewonnen
t-team-lost = der Tisch hat verloren
t-game-link = Prüfung des Spiels
t-round = Runde { $number }
t-round-closed = abgeschlossen
t-round-playing = läuft
t-round-planned = geplant
t-byes = Freilos: { $players }

## building a move by tapping
builder-optional = (wenn du willst)
builder-count = { $count } gewählt ({ $min }–{ $max })
builder-nothing = nichts zur Wahl
builder-incomplete = Wähle, was der Zug noch braucht.
builder-ok = Die Regeln erlauben diesen Zug.
builder-send = Bestätigen: { $move }
builder-move = Ein anderer Zug
builder-choose = Wähle
builder-on = an
builder-off = aus
builder-cancel = Neu beginnen

moves-back = Andere Arten von Zügen

## private Tische, die Lobby, die Seite eines Spielers (Issue 32, docs/friends.md)
host-title = Einen Tisch für Freunde eröffnen
host-seats = Plätze
host-ranked = Gewertet
host-public = In der Lobby zeigen
host-create = Tisch eröffnen
join-title = Ein Tisch für Freunde
join-code = Einladungscode: { $code }
join-link = Der Einladungslink
join-copy = Link kopieren
join-copied = Kopiert
join-players = Am Tisch: { $players } ({ $free } frei)
join-fill = Den Rest mit Bots auffüllen
join-start = Mit den Anwesenden beginnen
join-seats = { $seats } Plätze
join-leave = Tisch verlassen
# a guest who has joined (docs/friends.md: the host starts it, or the last seat taken does)
join-waiting = { $free ->
    [0] Alle Plätze sind besetzt: Das Spiel beginnt…
   *[other] Warte, bis { $host } das Spiel startet.
}
join-close = Tisch schließen
join-closed = { $host } hat den Tisch geschlossen, bevor es losging.
join-expired = Niemand hat diesen Tisch rechtzeitig gestartet.
join-back = Einen anderen Tisch suchen
join-elsewhere = Zu dem Tisch, an dem du sitzt
table-spectating = Du schaust bei diesem Spiel zu: du siehst, was alle Spieler sehen dürfen.
chat-players = Tisch-Chat
chat-spectators = Chat der Zuschauer
chat-empty = Noch keine Nachrichten.
chat-you = Du:
chat-write = Nachricht schreiben
chat-send = Senden
chat-mutes = Einen Spieler stummschalten
chat-phrases = Schnelle Sätze
chat-mute = { $player } stummschalten
chat-unmute = { $player } wieder hören
rematch-ask = Revanche fordern
rematch-asked = { $count ->
    [one] Will eine Revanche: { $players }
   *[other] Wollen eine Revanche: { $players }
}
rematch-starting = Alle wollen eine Revanche: der neue Tisch beginnt…
rematch-go = Zur Revanche
lobby-title = Offene Tische
lobby-host = Einen eigenen Tisch eröffnen
lobby-empty = Gerade ist kein Tisch offen.
lobby-row = Tisch von { $host }, { $free } von { $seats } Plätzen frei
lobby-ranked = gewertet
lobby-casual = ungewertet
lobby-clock = { $minutes } Min. + { $increment } Sek.
lobby-no-clock = ohne Uhr
lobby-join = Beitreten
player-title = Partien von { $player }
player-none = Noch keine Partien.
player-chart = Wertungszahl in { $game }
player-rating = Wertungszahl
player-games-axis = gespielte Partien
player-placing = Platz { $placing } von { $players }, { $word }: { $score }
player-cancelled = abgebrochen: { $reason }
player-delta = Wertungszahl { $rating } ({ $delta })
player-casual = ungewertet
player-replay-button = Nachspielen
player-replay = Nachspiel von { $game } ({ $when })
player-replay-own = Sicht meines Platzes
player-back = Zurück
player-forward = Weiter
player-jump = Zu einem Schritt springen
player-step = Schritt { $step } von { $steps }
player-audit = Prüfung
player-more = Ältere Partien

## Die Seite der Betreiber (docs/operations.md)
operators-title = Das System, live
operators-token-label = Betreiber-Token
operators-token-hint = Nur Betreiber lesen diese Kennzahlen. Ein Token erzeugst du auf dem Rechner des Systems mit
operators-open = Kennzahlen zeigen
operators-forget = Token vergessen
operators-updated = Aktualisiert { $time }, alle { $seconds } Sekunden; die Diagramme zeigen { $minutes ->
    [one] die letzte Minute
   *[other] die letzten { $minutes } Minuten
}.
operators-waiting = Frage das System nach seinen Kennzahlen…
operators-service = Dienst
operators-state = Zustand
operators-tables = Tische
operators-moves = Züge pro Sekunde
operators-refused = abgelehnt pro Sekunde
operators-p50 = Median der Dauer (Millisekunden)
operators-p99 = 99. Perzentil der Dauer (Millisekunden)
operators-queued = Tickets in Warteschlangen
operators-wait-p50 = Median der Wartezeit (Sekunden)
operators-wait-p99 = 99. Perzentil der Wartezeit (Sekunden)
operators-lag = Rückstand des Verbrauchers (Nachrichten)
operators-errors = Serverfehler pro Sekunde
operators-cpu = Prozessor (Prozent eines Kerns)
operators-memory = Speicher (Megabyte)
operators-loop = Verzögerung der Ereignisschleife (Millisekunden)
operators-up = läuft
operators-down = antwortet nicht
operators-restarted = neu gestartet
operators-stack = ganzes System
operators-stack-state = { $up } von { $services } laufen
operators-time = Zeit
operators-chart-moves = Züge pro Sekunde
operators-chart-latency = 99. Perzentil der Zugdauer der langsamsten Regel-Engine (Millisekunden)
operators-chart-waits = Wartezeiten in Warteschlangen, 99. Perzentil (Sekunden)
operators-chart-lag = Rückstand des Verbrauchers der Rangliste (Nachrichten)
operators-chart-errors = Serverfehler pro Sekunde
operators-accepted = angenommen
operators-refused-series = abgelehnt
operators-why-down = Warum nicht:
