# Les mots de la page et du jeu en terminal, en français (avec ceux des
# joueurs : poser, bouder, la pioche, le double).
# $many : "you" (vous seul), "team" (une équipe), "true" (plusieurs) ou
# "false" (un autre joueur seul).

language-name = Français
language-switch = Langue

## Jeux, joueurs de l'ordinateur

game-title = { $preset ->
    [jamaican] Jamaïcain en équipes
    [cutthroat] Chacun pour soi
    [chiva] Chiva
    [puerto-rican] À la portoricaine
    [block] Partie bloquée
    [draw] Partie avec pioche
    [cross] La croix
    [double-nine-cross] Croix en double-neuf
    [french] Domino français
    [all-fives] Domino par cinq (muggins)
    [fives-and-threes] Cinq et trois
    [club-fives] Cinq en 61
    [mexican-train] Train mexicain
    [chicken-foot] Patte de poulet
   *[other] { $preset }
}
game-line = { $preset ->
    [jamaican] Deux équipes de deux : la première à six manches gagne, si l'autre n'en a encore aucune ; le domino clé compte double.
    [cutthroat] Chacun pour soi : le premier à six manches pendant qu'un autre est encore à zéro.
    [chiva] Quatre à zéro entre deux équipes, ou chacun pour soi avec la pioche à deux ou trois.
    [puerto-rican] Gagnez une manche et prenez les points restés dans les mains des autres ; les boudés et le capicú rapportent. En 100 points.
    [block] Le classique : pas de pioche ; le gagnant marque les points des perdants.
    [draw] Le classique avec pioche : on pioche jusqu'à pouvoir jouer.
    [cross] Le premier double se joue sur ses quatre côtés avant que le jeu continue.
    [double-nine-cross] Dominos jusqu'au double-neuf ; départ en croix, et chaque double ouvre deux nouvelles lignes.
    [french] Quatre branches qui attendent leur double ; points de pénalité, et à 100 le plus petit total gagne.
    [all-fives] On marque les bouts quand leur somme est un multiple de cinq. En 100 points.
    [fives-and-threes] Les multiples de trois et de cinq marquent. En 100 points.
    [club-fives] Deux joueurs avancent d'un point par cinq, en passant le T, jusqu'à 61.
    [mexican-train] De deux à huit joueurs, un train chacun depuis la gare et le train mexicain pour tous ; le plus petit total après treize manches gagne.
    [chicken-foot] De deux à huit joueurs ; chaque double est une patte de poulet qui prend trois doigts avant tout. Le plus petit total après dix manches gagne.
   *[other] { "" }
}
level = { $bot ->
    [random] Débutant
    [heavy] Facile
    [count] Détendu
    [heuristic] Fort
    [expert] Expert
   *[other] { $bot }
}
level-tooltip = Joueur de l'ordinateur « { $bot } »

brand = Dominos
page-title = Dominos
you = Vous
you-tag = vous
bot-name = Bot { $n }
team = { $a } et { $b }
players-count = { $count } joueurs

## En-tête et réglages

sound-on = Son activé
sound-off = Son coupé
sound-toggle = Des sons pour les poses, les boudés et votre tour
autopass = Bouder pour moi quand je ne peux pas jouer
autopass-help = Quand aucun domino ne va et qu'il n'y a rien à piocher, on boude pour vous.
settings = Réglages

## Salon

lobby-you = Votre nom
lobby-name-placeholder = Le nom que voient les autres
lobby-quick = Jouer contre l'ordinateur
lobby-game = Jeu
lobby-level = Niveau de l'ordinateur
lobby-play = Jouer
lobby-new = Une table entre amis
lobby-new-help = Choisissez qui s'assoit où : invitez des amis à leurs places, l'ordinateur prend les autres.
lobby-players = Joueurs
lobby-seats = Places
lobby-seat-you = Vous
lobby-seat-bot = Ordinateur
lobby-seat-invite = Inviter un ami
lobby-seat-where = { $where }
lobby-private = Privée : seuls ceux qui ont le lien la trouvent
lobby-watch-bots = Seulement l'ordinateur à la table (pour le regarder jouer)
lobby-house-rules = Règles de la maison
lobby-option-points = points
lobby-create = Créer la table
lobby-need-name = Choisissez d'abord un nom.
lobby-custom = Parties sur mesure
quick-title = Partie rapide
quick-help = Un geste : vous retrouvez les joueurs qui veulent le même jeu ; si personne ne vient dans les secondes affichées, l'ordinateur joue contre vous.
quick-clock-move15 = 15 s + 1 min
quick-clock-none = Sans pendule
quick-clock-day1 = 1 jour par coup
quick-tile-label = { $game }, { $clock }
quick-others = { $count ->
    [one] 1 attend
   *[other] { $count } attendent
}
quick-waiting = Recherche de joueurs ({ $game }, { $clock }) : l'ordinateur joue contre vous dans { $s } s.
quick-computer-now = Jouer contre l'ordinateur tout de suite
quick-to-computer = Personne n'est venu : vous jouez contre l'ordinateur.
quick-filling = La table se forme : l'ordinateur prend les places restées libres.
quick-guest-name = Joueur { $n }
lobby-games = Les jeux
lobby-open = Tables ouvertes
lobby-refresh = Actualiser
lobby-none-open = Aucune table ouverte pour l'instant. Lancez-en une !
lobby-join = S'asseoir
lobby-watch = Regarder
lobby-finished = Parties terminées
lobby-none-finished = Aucune partie terminée pour l'instant.
lobby-replay = Revoir
lobby-record = Relevé
lobby-record-help = Télécharger le relevé de la partie (JSON), vérifiable avec domino verify
lobby-free-seats = { $count ->
    [one] { $count } place libre
   *[other] { $count } places libres
}
lobby-hand = manche { $n }
lobby-won-by = { $many ->
    [false] { $who } a gagné
   *[other] { $who } ont gagné
}
lobby-tie = Pas de gagnant
lobby-date = { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
lobby-hands = { $count ->
    [one] { $count } manche
   *[other] { $count } manches
}
seat-where-0 = votre place
seat-where-partner = partenaire, en face
seat-where-left = adversaire, à votre gauche
seat-where-right = adversaire, à votre droite
seat-where-next = joueur { $n } dans l'ordre du jeu
played-by-bot = { $name } (puis l'ordinateur)
left-match = { $name } (parti ; l'ordinateur a fini)
away-match = { $name } (absent : l'ordinateur a fait { $share } % des coups)

## Règles de la maison (les options du salon)

option-name = { $name ->
    [set] Dominos
    [hand_size] Dominos par joueur
    [sporting] Pose libre
    [key_tile] Domino clé
    [playoff] Belle à une manche partout
    [tie_replays] Rejouer les manches nulles
    [boneyard] Piocher
    [blocked] Une partie bloquée revient à
    [pass_points] Points par boudé
    [premiums] Primes
    [claims] Marquer ses points
    [muggins_by] Qui peut prendre les points oubliés
    [skunk] Capot
    [partners] Équipes
    [both_partners_out] Les deux partenaires doivent sortir
    [scoring] Décompte
    [target] Points pour gagner
    [double_blank_ten] Le double blanc vaut 10
    [capicu_same_ends] Capicú aux bouts égaux
    [start_double] Premier moteur
    [rounds] Manches
    [double_blank] Double blanc resté en main
    [first_turn] Premier tour
    [mexican_train] Train mexicain
    [open_trains_start] Trains ouverts au départ
    [centre] Côtés du centre
   *[other] { $name }
}
option-help = { $name ->
    [set] Dominos jusqu'au double-six, au double-neuf ou au double-douze.
    [hand_size] Combien de dominos reçoit chaque joueur.
    [sporting] Celui qui a le double-six peut poser n'importe quel domino à la première manche.
    [key_tile] Faire domino avec le domino clé vaut 2.
    [playoff] Une manche qui mettrait le score à 1-1 se joue comme une belle à 2-0.
    [tie_replays] Une manche nulle se rejoue pour un point de plus.
    [boneyard] 7 dominos chacun ; qui ne peut pas jouer pioche dans le reste.
    [blocked] Quand personne ne peut jouer : l'équipe au plus petit total, ou l'équipe du joueur qui a le moins de points.
    [pass_points] Ce que chaque boudé donne à l'autre équipe (0 : rien).
    [premiums] Des points en plus pour les deux premières manches, pour un capicú et pour un chuchazo.
    [claims] Automatique : vos points sont comptés pour vous. Muggins : vous les annoncez, et si vous les oubliez un autre joueur peut les prendre. Strict : les points non annoncés sont perdus.
    [muggins_by] Avec muggins : seul le joueur suivant, ou n'importe quel autre joueur, peut prendre les points que vous avez oubliés.
    [skunk] Un perdant encore sous 31 : des points en plus pour le gagnant, pas de capot, ou une partie qui compte double.
    [partners] Deux équipes : vous et le joueur d'en face contre les deux autres.
    [both_partners_out] En équipes, une équipe ne gagne la manche que quand les deux partenaires sont sortis.
    [scoring] Manches : un point par manche gagnée. Points : le gagnant marque les points restés dans les mains des perdants.
    [target] Le score qui termine la partie.
    [double_blank_ten] Le double blanc compte 10 points dans le compte d'une main.
    [capicu_same_ends] Il y a aussi capicú quand les deux bouts montrent le même nombre et que le dernier domino va à l'un comme à l'autre.
    [start_double] Le double qui ouvre la première manche ; chaque manche suivante commence un cran plus bas.
    [rounds] Combien de manches dure la partie.
    [double_blank] Ce que compte le double blanc resté en main à la fin.
    [first_turn] Un domino au premier tour, ou autant que le joueur peut en poser sur son propre train.
    [mexican_train] Si le train mexicain, commun à tous, peut être lancé.
    [open_trains_start] Si tous les trains sont ouverts à tous dès le départ.
    [centre] Combien de dominos le double du centre prend avant tout le reste : quatre ou six.
   *[other] { $help }
}
option-choice = { $choice ->
    [team_total] total de l'équipe
    [lowest_player] joueur le plus bas
    [auto] automatique
    [muggins] muggins
    [strict] strict
    [next] le suivant
    [any] n'importe qui
    [no_skunk] pas de capot
    [double_game] partie double
    [hand] manches
    [spots] points
   *[other] { $choice }
}

## Table : places

seat-tiles = { $count ->
    [one] { $count } domino
   *[other] { $count } dominos
}
seat-passes = { $count ->
    [one] a boudé une fois
   *[other] a boudé { $count } fois
}
seat-to-play = à jouer
seat-your-turn = À vous
seat-partner = partenaire
seat-bot = ordinateur · { $level }
seat-away = absent : l'ordinateur joue en attendant
seat-left = parti : l'ordinateur joue
seat-waiting = on attend un ami
seat-ready = prêt
seat-out = sorti
boneyard = { $count ->
    [one] Pioche : { $count } domino
   *[other] Pioche : { $count } dominos
}
copy-invite = Copier le lien d'invitation
copied = Lien copié
invite-link = Lien d'invitation
fill-bots = Commencer : l'ordinateur prend les places vides
waiting-invited = { $count ->
    [one] En attente de { $count } invité.
   *[other] En attente de { $count } invités.
}
waiting-host = La partie commence quand tous les invités sont là.

## Table : état et actions

status-your-turn = À vous : jouez un domino en surbrillance.
status-your-turn-plain = À vous.
status-choose-end = Où va le { $tile } ? Choisissez un bout.
status-waiting-for = On attend { $who }…
status-watching = Vous regardez cette table.
status-watching-bots = Vous regardez l'ordinateur jouer.
status-watching-full = Vous regardez : toutes les places sont prises.
status-next-hand = La manche suivante commence quand tout le monde est prêt.
status-choose-poser = Vous avez gagné la manche : qui pose la suivante ?
status-auto-passed = Aucun de vos dominos ne va sur { $ends } et la pioche est vide : vous boudez.
status-auto-passed-empty = Vous ne pouviez pas jouer et il n'y avait rien à piocher : vous boudez.
status-left = Vous avez quitté la table.
ends-list = { $list }
act-draw = Piocher
act-pass = Bouder
act-muggins = Crier muggins
act-muggins-nothing = Rien à prendre : le dernier coup n'a laissé aucun point non annoncé.
act-muggins-help = Prendre les points que le dernier joueur a faits sans les annoncer
act-claim = Annoncer mes points
act-claim-help = Votre prochain coup annonce les points qu'il marque. N'annoncez rien qui ne marque pas.
act-poser = { $me ->
    [true] Je pose
   *[other] { $who } pose
}
act-on-end = { $end } · { $pips }
act-cancel = Annuler
act-leave = Quitter la table
act-leave-confirm = Quitter cette table ? L'ordinateur prend votre place jusqu'à la fin de la partie.
act-resign = Abandonner
act-resign-confirm = Abandonner cette partie ? Elle se termine maintenant et votre camp finit dernier{ $rated ->
    [yes] {" "}; elle compte comme une défaite pour votre classement.
   *[no] .
}
act-abort = Annuler
act-abort-confirm = Annuler cette partie ? Rien n'a encore été joué : elle se termine sans résultat et aucun classement ne bouge.
act-ready = Manche suivante
act-join = S'asseoir
act-watch = Seulement regarder
join-prompt = S'asseoir à cette table sous le nom de
end-left = bout gauche
end-right = bout droit
end-top = bout du haut
end-bottom = bout du bas
end-branch = branche du { $tile }
end-branch-side = branche du { $tile } ({ $side })
side-up = haut
side-down = bas
side-left = gauche
side-right = droite
board-empty = Le premier domino se pose ici
board-waiting = La partie n'a pas encore commencé
hand-label = Vos dominos
tile-label = { $playable ->
    [true] { $tile }, jouable
   *[other] { $tile }
}

## Le journal

log-title = Le jeu
log-hand = Manche { $n }
ev-pose = { $who } : pose du { $tile }
ev-play = { $who } : { $tile }, { $end }
ev-claim = annoncé
ev-draw = { $who } : un domino pioché
ev-draw-seen = { $who } : { $tile } pioché
ev-pass = { $who } : boudé
ev-choose-poser = { $self ->
    [true] { $who } : va poser
   *[other] { $who } : { $other } doit poser
}
ev-muggins = { $who } : muggins !
ev-scored = { $many ->
    [false] { $who } marque { $points }
   *[other] { $who } marquez { $points }
    [team] { $who } marquent { $points }
}{ $reason ->
    [ends] { " " }pour les bouts
    [pass] { " " }pour le boudé
    [muggins] { " " }par muggins
   *[other] { "" }
}
ev-penalty = { $many ->
    [false] { $who } prend
   *[other] { $who } prenez
    [team] { $who } prennent
} { $points } points de pénalité ({ $reason ->
    [three_passes] trois boudés
    [board_pass] un boudé de table
   *[other] { $reason }
})
ev-unclaimed = { $who } : { $points } non annoncés
ev-out = { $many ->
    [false] { $who } est sorti
   *[other] { $who } êtes sorti
    [team] { $who } sont sortis
}
ev-hand-over = { $text }
ev-match-over = { $many ->
    [false] { $who } gagne la partie !
   *[other] { $who } gagnez la partie !
    [team] { $who } gagnent la partie !
}
ev-match-tie = La partie se termine à égalité.
ev-chat = { $who } : { $text }

## Résultats

result-title = Manche { $n }
result-wins = { $many ->
    [false] { $who } gagne la manche
   *[other] { $who } gagnez la manche
    [team] { $who } gagnent la manche
}
result-tie = Manche nulle
result-domino = { $many ->
   *[other] Domino ! { $who } : plus aucun domino en main.
}
result-blocked = { $many ->
    [you] Bloqué : vous aviez la main la plus légère ({ $count } points).
   *[other] Bloqué : { $who } avait la main la plus légère ({ $count } points).
}
result-blocked-team = Bloqué : { $who } avaient les mains les plus légères ({ $count } points).
result-blocked-tie = Bloqué, et les mains les plus légères sont à égalité.
result-target = { $many ->
   *[other] { $who } : { $target } atteint pendant la manche.
}
result-points = { $who } : { $points }
result-note = { $note ->
    [key_tile] gagné avec le domino clé
    [capicu] capicú : le dernier domino allait aux deux bouts
    [chuchazo] chuchazo : sorti avec le double blanc
    [hand_premium] prime pour l'une des deux premières manches
    [board_pass] un boudé de table a été compté
    [double_out] sorti sur un double : les pénalités des autres sont doublées
    [skunk] capot : le perdant est resté sous 31
    [tie] une manche nulle ne marque rien
    [replay] la manche suivante se rejoue pour un point de plus
    [playoff_next] un partout : la manche suivante est la belle
    [playoff] belle gagnée
    [reset] les scores repartent de zéro
    [six_love] six à zéro !
    [four_love] quatre à zéro !
   *[other] { $note }
}
result-pips = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
result-ready-wait = On attend { $who }.
result-hands = Toutes les manches
match-over = Partie terminée
match-you-win = { $many ->
    [false] Vous gagnez la partie !
   *[other] Vous gagnez la partie !
}
match-winner = { $many ->
    [false] { $who } gagne la partie
   *[other] { $who } gagnez la partie
    [team] { $who } gagnent la partie
}
match-tie = La partie est à égalité
match-called-off = Partie annulée
match-final = Score final
match-resigned = { $who } a abandonné la partie.
match-aborted = { $who } a annulé la partie avant qu'elle commence : pas de résultat, aucun classement n'a bougé.
match-resigned-you = Vous avez abandonné la partie.
match-aborted-you = Vous avez annulé la partie avant qu'elle commence : pas de résultat, aucun classement n'a bougé.
match-skunk = { $many ->
    [false] { $who } est capot
   *[other] { $who } êtes capot
    [team] { $who } sont capot
}{ $points ->
    [0] { "" }
   *[other] { " " }(+{ $points } pour le gagnant)
}{ $games ->
    [1] { "" }
   *[other] { " " }: la partie compte pour { $games }
}.
rematch = Revanche
rematch-help = Les mêmes places, une nouvelle partie
rematch-open = Une revanche a commencé : rejoignez-la
back-lobby = Retour au salon
open-replay = Revoir la partie
download-record = Télécharger le relevé

## Score

score-title = Score
score-hand = Manche { $n }
score-love = Le premier à { $goal } pendant qu'un autre est encore à zéro
score-love-cut = Le premier à { $goal } pendant qu'un autre est encore à zéro ; quand chacun a gagné une manche, tout le monde repart de zéro
score-points = { $target ->
    [one] En { $target } point
   *[other] En { $target } points
}
score-penalty = Points de pénalité : quand quelqu'un atteint { $target }, le plus petit total gagne
score-pegs = Marque jusqu'à { $target }
score-to-go = encore { $count }
score-hands = Manche { $hand } sur { $count } : le plus petit total gagne
score-of = { $score } / { $target }
score-stake = La manche suivante vaut { $stake }
score-playoff = Cette manche est la belle
score-hands-won = { $count ->
    [one] { $count } manche
   *[other] { $count } manches
}
score-leader-low = le plus bas
sheet-title = Feuille de score
sheet-hand = Manche
sheet-how = Comment
sheet-total = Total
sheet-empty = Aucune manche terminée pour l'instant.
how-domino = { $many ->
    [you] votre domino
   *[other] domino de { $who }
}
how-blocked = { $many ->
    [you] bloqué, votre main la plus légère
   *[other] bloqué, { $who } le plus léger
}
how-blocked-tie = bloqué, égalité
how-target = { $many ->
    [you] vous avez atteint le but
   *[other] { $who } : but atteint
}

## Donnes équitables

fair-title = Donne équitable
fair-sealed = Donne scellée
fair-verified = Donne vérifiée
fair-failed = Donne NON vérifiée
fair-checking = Vérification de la donne…
fair-explain = Avant chaque manche, le serveur publie une empreinte (SHA-256) de la clé secrète qui mélange les dominos. À la fin de la manche, il révèle la clé ; cette page refait alors la donne elle-même à partir de cette clé et la compare à chaque main montrée.
fair-hand = Manche { $n }
fair-commit = Empreinte de la clé
fair-key = Clé révélée
fair-key-hidden = révélée à la fin de la manche
fair-redeal = Règle de nouvelle donne
fair-redeal-double = on redonne tant que personne n'a de double
fair-redeal-never = jamais de nouvelle donne
fair-redeal-turn_over = pas de nouvelle donne ; le premier joueur est tiré de la clé
fair-redeal-tile = on redonne tant que personne n'a le { $tile }
fair-ok = ✓ Donne vérifiée : l'empreinte et toutes les mains correspondent à la clé révélée{ $redeals ->
    [0] { "" }
    [one] { " " }(après 1 nouvelle donne : { $why })
   *[other] { " " }(après { $redeals } nouvelles donnes : { $why })
}
fair-why-double = personne n'avait de double
fair-why-tile = personne n'avait le { $tile }
fair-bad-commit = ✗ Donne NON vérifiée : la clé révélée ne correspond pas à l'empreinte
fair-not-all = ✗ Donne non vérifiée : toutes les mains ne sont pas montrées
fair-bad-rule = ✗ Donne NON vérifiée : la règle de nouvelle donne publiée « { $rule } » ne permet pas de donner la manche { $hand } de { $preset }
fair-not-verified = ✗ Donne NON vérifiée : { $why }
fair-error = ✗ Donne non vérifiée : { $why }
fair-stolen = { $who } a joué le { $tile }, que la clé révélée ne lui a pas donné
fair-empty-boneyard = { $who } a pioché dans une pioche vide
fair-wrong-hand = la main de { $who } n'est pas celle que donne la clé révélée
fair-wrong-hands = les mains de { $list } ne sont pas celles que donne la clé révélée
fair-wrong-poser = la clé révélée donne la première pose à { $poser }, mais c'est { $who } qui a posé
fair-seat = place { $n }
fair-replay-ok = ✓ Chaque donne correspond à sa clé révélée.
fair-replay-bad = ✗ Les donnes ne correspondent pas à leurs clés révélées.

## Discussion

chat-title = Autour de la table
chat-placeholder = Dites quelque chose (200 caractères au plus)
chat-send = Envoyer
chat-empty = Personne n'a encore rien dit.
chat-phrase-hi = Bonjour !
chat-phrase-gg = Bien joué !
chat-phrase-nice = Joli coup !
chat-phrase-oops = Oups !
chat-phrase-thanks = Merci !
chat-phrase-hurry = À vous !
chat-phrase-again = On en refait une ?
chat-phrase-wow = Waouh !
chat-too-long = 200 caractères au plus.

## Connexion et erreurs

offline = Connexion perdue. Reconnexion dans { $secs } s…
offline-now = Connexion perdue. Reconnexion…
offline-retry = Se reconnecter
online-again = De nouveau en ligne.
not-found-title = Rien ici
not-found-table = Il n'y a pas de table à cette adresse. Elle est peut-être finie depuis longtemps, ou le lien est mal tapé.
not-found-replay = Il n'y a pas de partie terminée à cette adresse.
not-found-page = Cette page n'existe pas.
not-found-lobby = Aller au salon
table-over = Cette partie est terminée.
# Un refus du serveur, selon son code ($message : les mots du serveur, en
# anglais, pour un code absent d'ici). Tous les codes du serveur y sont, et ceux
# du moteur qu'un coup ou une nouvelle table peuvent amener ; ceux du moteur
# unknown_command, no_match, unknown_bot, bad_deal et bad_record n'arrivent
# jamais au navigateur (ils sont au protocole propre du moteur : le serveur
# distribue, et pour les robots il répond bad_bot).
error = { $code ->
    [already_seated] Vous avez déjà une place à cette table.
    [analysis_busy] L'entraîneur est occupé par d'autres parties : réessayez dans une minute.
    [analysis_too_large] Cette partie est trop longue pour que l'entraîneur l'analyse.
    [bad_bot] Ce niveau de l'ordinateur n'existe pas : choisissez-en un dans la liste.
    [bad_chat] Impossible d'envoyer cela : écrivez quelque chose ou choisissez une phrase.
    [bad_game] Ce jeu n'existe pas.
    [unknown_preset] Ce jeu n'existe pas.
    [bad_option] Une des options n'est pas permise dans ce jeu : changez-la et réessayez.
    [bad_rules] Ces options ne donnent pas un jeu : changez-les et réessayez.
    [bad_hand] Cette manche ne peut pas être comptée ainsi : vérifiez la saisie.
    [impossible_counts] Aucune donne ne laisse ces comptes : deux joueurs ne peuvent pas tenir le même domino, et chaque joueur encore en jeu en tient au moins un.
    [impossible_points] Aucune manche ne marque ces points pendant le jeu : c'est plus que toutes les poses ne peuvent faire, ou pas dans l'unité que compte cette table.
    [impossible_acts] Cette pénalité annule plus que l'acte ne peut : au plus les points d'une pose.
    [bad_json] La page a envoyé quelque chose que le serveur n'a pas pu lire : rechargez la page.
    [bad_request] La page a envoyé quelque chose que le serveur n'a pas pu lire : rechargez la page.
    [too_large] C'est trop long pour être envoyé.
    [bad_name] Choisissez un autre nom : il faut au moins un caractère visible, et pas trop long.
    [bad_names] Trop de noms pour ce jeu : un par joueur ou par équipe.
    [name_taken] Ce nom est déjà pris : choisissez-en un autre.
    [bad_seat] Cette place n'existe pas.
    [bad_seats] Ces places ne vont pas avec ce jeu : vous en prenez une, les autres vont à des joueurs ou à l'ordinateur.
    [seat_taken] Cette place n'est pas libre.
    [not_invited] Cette place est réservée à un ami invité : seul son lien d'invitation la prend.
    [table_full] Il n'y a plus de place libre à cette table.
    [bad_token] Cette place n'est plus la vôtre : rejoignez la table à nouveau.
    [not_your_seat] Cette place appartient à un autre compte : connectez-vous en tant que son joueur pour vous y asseoir.
    [not_seated] Vous n'avez pas de place à cette table.
    [left] Vous avez quitté cette table.
    [no_table] Cette table ne se joue pas ici.
    [moving] Cette table passe sur un autre serveur : attendez un instant.
    [not_host] Seul le créateur de la table attribue les places.
    [started] La partie a déjà commencé.
    [not_started] La partie commence quand tous les invités sont là.
    [not_over] La partie est encore en cours.
    [match_over] La partie est terminée.
    [hand_over] La manche est finie : préparez-vous pour la suivante.
    [hand_not_over] La manche est encore en cours.
    [not_your_turn] Ce n'est pas à vous de jouer.
    [illegal_action] Ce coup n'est pas permis.
    [stale] La table a avancé avant que votre coup n'arrive : regardez de nouveau et jouez.
    [busy] Un instant : la table prépare quelque chose. Réessayez.
    [hint_failed] L'expert n'en a pas trouvé.
    [hints_off] Les conseils sont désactivés à cette table.
    [chat_too_long] Cette ligne est trop longue : raccourcissez-la.
    [rate_limited] Doucement : trop de choses à la fois. Attendez un instant et réessayez.
    [too_many_creates] Trop de créations depuis ici en peu de temps : attendez un moment et réessayez.
    [too_many_tables] Vous avez trop de tables non terminées : finissez-en une ou quittez-la d'abord.
    [no_puzzle] Aucun problème ne porte cet identifiant.
    [no_run] Aucune de vos séries de problèmes ne porte ce code.
    [run_over] Cette série est terminée : commencez-en une autre.
    [no_sheet] Il n'y a pas de feuille de marque à cette adresse.
    [no_secret] Seul celui qui tient les comptes peut modifier la feuille : son lien le permet.
    [bad_secret] Ce lien n'est pas celui qui permet de tenir cette feuille : demandez-le à celui qui tient les comptes.
    [changed] La feuille a changé entre-temps : rechargez-la et saisissez la manche à nouveau.
    [full] Cette feuille est pleine : commencez-en une nouvelle.
    [nothing_to_undo] Il n'y a rien à annuler.
    [no_profile] Ce profil n'existe pas.
    [signed_out] Connectez-vous d'abord : créez un profil, ou ouvrez un lien venu de votre autre appareil.
    [link_used] Ce lien a déjà servi ou a expiré : créez-en un nouveau sur votre autre appareil.
    [cross_site] Refusé : la demande venait d'un autre site. Ouvrez le jeu à sa propre adresse.
    [not_json] Refusé : la demande n'était pas envoyée en JSON. Rechargez la page et réessayez.
    [store] Rien n'a été enregistré, donc rien n'a été fait : réessayez dans un instant.
    [internal] Le serveur a eu un problème : réessayez.
    [already_entered] Vous êtes déjà inscrit à ce tournoi.
    [bad_format] Ce n'est pas une formule de tournoi : toutes rondes, suisse ou élimination directe.
    [bad_rounds] Ce nombre de rondes ne convient pas : un suisse se joue en 1 à 15 rondes.
    [no_tournament] Il n'y a pas de tournoi à cette adresse.
    [not_organiser] Seul l'organisateur peut faire cela : le lien de l'organisateur le permet.
    [not_moderator] Seul un modérateur peut faire cela.
    [round_not_over] Toutes les tables de cette ronde reçoivent les mêmes dominos : vous pourrez la regarder, et revoir la partie, une fois la ronde terminée.
    [too_few_entrants] Pas assez d'inscrits pour commencer : ajoutez des joueurs ou des robots.
    [tournament_full] Ce tournoi est complet.
    [too_many_tournaments] Vous avez autant de tournois en attente de début que permis : commencez-en un d'abord, ou attendez qu'expire un tournoi où personne ne s'est inscrit.
    [tournament_started] Ce tournoi a commencé : les inscriptions sont closes.
    [bad_clock] Cette pendule est hors limites : un coup dure de 5 secondes à 5 minutes, la réserve jusqu'à une heure, une partie de 1 minute à 2 heures, et un coup par correspondance de 1 heure à 3 jours.
    [out_of_time] Votre temps est écoulé : l'ordinateur a joué pour vous.
    [already_seeking] Vous attendez déjà une partie : arrêtez d’attendre d’abord.
    [at_rated_table] Vous jouez une partie classée : terminez-la d’abord (la quitter, c’est la perdre).
    [bad_fill] L’ordinateur complète après 5 à 300 secondes, et jamais en partie classée.
    [bad_team] Ce jeu se joue sans partenaires : demandez seul.
    [no_game] Ce jeu n’existe pas : vérifiez le jeu et ses règles.
    [no_seek] Cette attente est finie : annulée ou déjà jouée.
    [no_team] Aucune équipe n’attend de partenaire avec ce code.
    [has_rated_games] Ce profil a joué des parties classées en tant que personne : créez un autre profil pour votre bot.
    [not_a_bot] C’est réservé aux comptes de bot.
    [too_many_tokens] Ce bot a déjà 10 clés : révoquez-en une d’abord.
    [no_token] Ce bot n’a pas cette clé.
    [rate] Trop de requêtes avec cette clé : ralentissez.
    [bot_pairing_off] Ce serveur n’apparie pas les comptes de bot.
    [bot_offline] Ce bot n’est pas en ligne pour le moment.
    [too_many_challenges] Trop de défis attendent : attendez d’abord une réponse.
    [no_such_profile] Ce profil n’existe pas.
    [no_challenge] Ce défi n’existe pas.
    [not_pending] Ce défi a déjà reçu une réponse, a été annulé ou a expiré.
    [too_many_seeks] Trop de personnes attendent une partie depuis cette adresse : attendez que certaines soient placées.
    [no_abort] La partie est commencée : on peut l'abandonner, plus l'annuler.
    [in_tournament] Une partie de tournoi se joue jusqu'au bout : quittez la table pour laisser l'ordinateur jouer à votre place.
   *[other] { $message }
}

## Revoir

replay-title = Revoir : { $game }
replay-prev = ◀ Retour
replay-next = Avancer ▶
replay-keys = Les flèches avancent d'un coup ; Page préc. et Page suiv. d'une manche ; Début et Fin vont au début et à la fin.
replay-step = Manche { $hand }, coup { $step }
replay-deal = Manche { $hand }, la donne
replay-slider = Position dans la partie
loading = Chargement…

## Le jeu en terminal (domino play)
# $person : "you" (le joueur), "one" (une autre place) ou "many" (une équipe).

term-you = Vous
term-north = Nord
term-east = Est
term-west = Ouest
term-seat = Place { $n }
term-team = { $a } et { $b }
# Où va un domino, avec sa préposition : « joue le 6-4 à gauche ».
term-end-left = à gauche
term-end-right = à droite
term-end-top = en haut
term-end-bottom = en bas
term-end-branch = sur la branche { $n } du { $tile }
term-end-other = au bout { $n }
term-or = { $rest } ou { $last }
term-and = { $rest } et { $last }
term-pose = { $person ->
    [you] { $who } posez le { $tile }.
    [one] { $who } pose le { $tile }.
   *[many] { $who } posent le { $tile }.
}
term-play = { $person ->
    [you] { $who } jouez
    [one] { $who } joue
   *[many] { $who } jouent
} le { $tile } { $end }{ $shows ->
    [none] { "" }
   *[other] , maintenant { $shows }
}.
term-pass = { $person ->
    [you] { $who } boudez
    [one] { $who } boude
   *[many] { $who } boudent
}{ $ends ->
    [none] { "" }
   *[other] { " " }(rien pour { $ends })
}.
term-end-chain = { $person ->
    [you] { $who } finissez votre tour.
    [one] { $who } finit son tour.
   *[many] { $who } finissent leur tour.
}
term-pass-opens = { $person ->
    [you] { $who } boudez : votre train est ouvert.
    [one] { $who } boude : son train est ouvert.
   *[many] { $who } boudent : leur train est ouvert.
}
term-choose-self = { $person ->
    [you] { $who } choisissez de poser.
    [one] { $who } choisit de poser.
   *[many] { $who } choisissent de poser.
}
term-choose-other = { $person ->
    [you] { $who } choisissez { $other } pour poser.
    [one] { $who } choisit { $other } pour poser.
   *[many] { $who } choisissent { $other } pour poser.
}
term-scored = { $person ->
    [you] { $who } marquez
    [one] { $who } marque
   *[many] { $who } marquent
} { $points ->
    [one] { $points } point
   *[other] { $points } points
} : { $reason ->
    [ends] les bouts font { $total }
    [pass] un adversaire a boudé
   *[muggins] muggins, des points non annoncés
}.
term-penalty = { $person ->
    [you] { $who } payez
    [one] { $who } paie
   *[many] { $who } paient
} { $points } : { $reason ->
    [three_passes] trois boudés de suite
   *[board_pass] boudé de table (tout le monde a boudé jusqu'au joueur)
}.
term-unclaimed = { $person ->
    [you] { $who } faites
    [one] { $who } fait
   *[many] { $who } font
} { $points ->
    [one] { $points } point
   *[other] { $points } points
} sans les annoncer. { $muggins ->
    [true] Le joueur suivant peut les prendre (muggins).
   *[other] Ils sont perdus.
}
term-out = { $person ->
    [you] { $who } êtes sorti ; votre partenaire continue.
    [one] { $who } est sorti ; son partenaire continue.
   *[many] { $who } sont sortis ; leurs partenaires continuent.
}
term-match-won = { $person ->
    [you] { $who } gagnez la partie !
    [one] { $who } gagne la partie !
   *[many] { $who } gagnent la partie !
}
term-match-drawn = La partie est nulle.
term-skunked = { $person ->
    [you] { $who } êtes capot
    [one] { $who } est capot
   *[many] { $who } sont capot
}{ $points ->
    [0] { "" }
   *[other] { " " }(+{ $points } pour le gagnant)
}{ $games ->
    [1] { "" }
   *[other] { " " }: la partie compte pour { $games }
}.
term-note = { $note ->
    [key_tile] gagné avec le domino clé (2 points)
    [capicu] capicú : le dernier domino allait à l'un ou l'autre bout
    [chuchazo] chuchazo : sorti avec le double blanc
    [skunk] capot : le perdant n'a pas atteint 31
    [board_pass] un boudé de table a été compté
    [double_out] sorti sur un double : les scores des autres doublent
    [tie] égalité : personne ne marque
    [replay] la manche nulle se rejoue pour un point de plus
    [playoff] belle gagnée (2-0)
    [playoff_next] 1-1 : la manche suivante est la belle
    [reset] le camp sans points a gagné : le score revient à 0-0
    [six_love] six à zéro !
    [four_love] quatre à zéro !
   *[hand_premium] une prime pour une manche précoce
}
term-hand-tie = La manche est nulle
term-hand-domino = { $person ->
    [you] { $who } sortez : domino !
    [one] { $who } sort : domino !
   *[many] { $who } sortent : domino !
}
term-hand-blocked = { $person ->
    [you] Bloqué : { $who } gagnez avec le moins de points
    [one] Bloqué : { $who } gagne avec le moins de points
   *[many] Bloqué : { $who } gagnent avec le moins de points
}
term-hand-target = { $person ->
    [you] { $who } atteignez le but
    [one] { $who } atteint le but
   *[many] { $who } atteignent le but
}
term-hand-won = { $person ->
    [you] { $who } gagnez
    [one] { $who } gagne
   *[many] { $who } gagnent
}
term-you-draw = Vous piochez { $tiles }.
term-draws = { $person ->
    [you] { $who } piochez
    [one] { $who } pioche
   *[many] { $who } piochent
} { $count ->
    [one] { $count } domino
   *[other] { $count } dominos
}.
term-cannot-play = Vous ne pouvez pas jouer : { $then }
term-cannot-pass = { $ends ->
    [none] Vous ne pouvez pas jouer : vous boudez.
   *[other] Rien pour { $ends } : vous boudez.
}
term-cannot-draw-pass = { $ends ->
    [none] Vous ne pouvez ni jouer ni piocher : vous boudez.
   *[other] Rien pour { $ends } et rien à piocher : vous boudez.
}
term-hand-start = Manche { $n }. { $who }
term-hand-worth = Cette manche vaut { $stake }.
term-won-last = { $person ->
    [you] { $who } avez gagné la dernière manche et choisissez qui pose.
   *[other] { $who } a gagné la dernière manche et choisit qui pose.
}
term-playoff-hand = C'est la belle.
term-refused = Refusé : { $error }
term-bot-failed = Un robot a échoué : { $error }
term-resumed = Reprise depuis { $path }.
term-unfinished = Partie inachevée (manche { $n }) ; pour continuer : domino play --resume { $path }
term-saved = Relevé de la partie enregistré dans { $path }
term-hint-pose = poser le { $tile }
term-hint-play = jouer le { $tile } { $end }{ $claim ->
    [true] { " " }et annoncer les points
   *[other] { "" }
}
term-hint-draw = piocher
term-hint-pass = bouder
term-hint-end-chain = finir votre tour
term-hint-let-pose = laisser { $who } poser
term-hint-muggins = prendre les points par muggins
term-why-nothing-fits = rien ne va
term-why-nothing-drawn = rien ne va et la pioche est vide
term-why-free-points = des points gratuits
term-why-stronger-lead = une main plus forte devrait poser
term-why-last-tile = c'est votre dernier domino : domino
term-why-only-play = votre seul coup
term-why-scores = marque { $points } (les bouts font { $total })
term-why-shown-none = { $who } n'a montré aucun { $ends }
term-why-partner-suit = garde les { $x }, la couleur de votre partenaire
term-why-partner-number = laisse le { $x }, le numéro de votre partenaire
term-why-keeps = garde les { $x } : il vous en reste { $count }
term-why-covers = couvre le { $x } de { $who }
term-why-double = vous débarrasse d'un double
term-why-unloads = se défait de { $count } points
term-why-options = garde vos options : encore { $count } dominos au { $x }
term-why-search = la recherche de l'expert le place en tête
term-hint-line = { $what } — { $why }.
term-bot-illegal = Le robot de { $who } a choisi un coup illégal ({ $action }) ; il joue le premier coup permis.
term-bot-error = Le robot de { $who } a échoué ({ $error }) ; il joue le premier coup permis.
term-does-not-fit = Le { $tile } ne va nulle part pour l'instant.
term-table-title = { " " }Table{ " " }
term-ends-title = · bouts { $ends }{ " " }
term-total-title = · total { $total }{ " " }
term-double-first = d'abord le { $pips }-{ $pips }
term-you-pose = Vous posez.
term-poses = { $who } pose.
term-your-turn = À vous.
term-to-play = À { $who } de jouer.
term-no-advice = L'expert n'a pas de conseil ici.
term-claim-on = Vous annoncerez les points de votre prochain coup.
term-claim-off = Vous poserez sans annoncer de points.
term-hint-not-now = Les conseils sont pour votre tour, quand vous avez un domino à choisir.
term-no-next-hand = Pas de manche suivante : { $error }
term-prompt-match-over = La partie est finie. Entrée ou q : partir.
term-prompt-hand-over = Manche finie. Entrée : manche suivante · q : quitter (la partie est enregistrée).
term-prompt-tile = À vous : ←/→ ou le numéro du domino, puis Entrée · h : conseil
term-prompt-muggins = { " " }· m : muggins
term-prompt-calling = { " " }· c : vous annoncez
term-prompt-not-calling = { " " }· c : sans annoncer
term-prompt-end = { $tile } va sur { $ends } · Entrée joue, Échap revient
term-prompt-poser = Votre camp a gagné la manche : qui pose ? ←/→, Entrée
term-drawing = Vous ne pouvez pas jouer : vous piochez…
term-passing = Vous ne pouvez pas jouer : vous boudez…
term-thinking = { $who } ({ $bot }) réfléchit…
term-bot-to-play = À { $who } ({ $bot }) de jouer.
term-header-your-turn = à vous
term-clock = pendule { $left }
term-out-of-time = Temps écoulé : l'ordinateur joue pour vous.
term-header-to-play = à { $who } de jouer
term-header-match-over = partie finie
term-header-hand-over = manche finie
term-header = dominos · { $game } · manche { $n } · { $turn }
term-header-keys = ? : aide  q : quitter
term-love-count = { $goal ->
    [4] Quatre à zéro :{ " " }
   *[other] Six à zéro :{ " " }
}
term-love-goal = { " " }(but : { $goal } à 0)
term-love-stake = { " " }· cette manche vaut { $stake }
term-love-playoff = { " " }· la belle
term-penalty-totals = Pénalités :{ " " }
term-lowest-wins = { " " }(le plus bas gagne à { $target })
term-pegs-to = En { $target } :{ " " }
term-skunked-below = { " " }(capot sous 31)
term-points-to = Points en { $target } :{ " " }
term-seat-tiles = { $count ->
    [one] { $count } domino
   *[other] { $count } dominos
}
term-seat-partner-bot = { $who } (partenaire, { $bot }) : { $tiles }
term-seat-bot = { $who } ({ $bot }) : { $tiles }
term-seat-partner = { $who } (partenaire) : { $tiles }
term-seat-plain = { $who } : { $tiles }
term-seat-short = { $who } { $count }d
term-seat-passed = , a boudé { $count }
term-seat-passed-short = { " " }{ $count }b
term-seat-out = { " " }(sorti)
term-boneyard = pioche { $count }
term-empty-choose-you = (pas encore de domino : vous choisissez qui pose)
term-empty-choose = (pas encore de domino : { $who } choisit qui pose)
term-empty-you = (pas encore de domino : à vous de poser)
term-empty = (pas encore de domino : { $who } pose)
term-hidden = { $count ->
    [one] { " " }{ $count } domino caché : la table est pleine{ " " }
   *[other] { " " }{ $count } dominos cachés : la table est pleine{ " " }
}
term-hint-thinking = Conseil : l'expert réfléchit…
term-hint = Conseil : { $text }
term-your-tiles = { " " }Vos dominos{ " " }
term-no-tiles = (aucun domino)
term-count = total
term-match-over-line = La partie est finie.
term-leave = Entrée ou q : partir (le relevé est enregistré)
term-next-or-quit = Entrée : manche suivante · q : quitter (la partie est enregistrée)
term-match-over-title = { " " }Partie finie{ " " }
term-hand-over-title = { " " }Manche { $n } finie{ " " }
term-keys-title = { " " }Touches{ " " }
term-help =
    ←/→ (ou ↑/↓, Tab)  passer d'un domino jouable à l'autre
    1-9, 0             choisir un domino par son numéro (0 est le dixième)
    Entrée ou Espace   le jouer ; s'il va sur plusieurs bouts, choisir le bout
    {"                   "}de la même façon (numéros sur la table), Entrée pour jouer
    Échap / Retour     revenir du choix du bout
    p                  finir votre tour (la chaîne du premier tour, trains)
    h                  demander un conseil à l'expert
    m                  prendre les points non annoncés (jeux à muggins)
    c                  annoncer vos points ou non (règles d'annonce)
    Entrée / n         manche suivante, une fois la manche finie
    q / Ctrl-C         quitter ; le relevé est enregistré pour reprendre plus tard
    ?                  cette aide
    {""}
    Piocher et bouder se font tout seuls quand c'est votre seul coup.
term-too-small = domino play a besoin d'un terminal d'au moins { $w }x{ $h } (80x24 de préférence) ; celui-ci fait { $cw }x{ $ch }. Agrandissez-le, ou appuyez sur q pour quitter.

## table: emote faces (the quick-chat emotes, drawn)
emote-thumbs = Pouce levé
emote-grin = Grand sourire
emote-wow = Surpris
emote-phew = Ouf
emote-party = Fête
emote-shake = Poignée de main

## table: a claim on a play that scores nothing
act-claim-nothing = Ce coup ne marque rien : il n'y avait rien à réclamer. Choisissez à nouveau votre coup.

## Scorekeeper (keeping score of a game played with real tiles)

keep-title = Tenir les comptes
keep-lobby-help = Vous jouez avec de vrais dominos ? Tenez les comptes ici : saisissez chaque manche, la feuille la marque selon les règles du jeu.
keep-start = Tenir les comptes
keep-help = Choisissez le jeu, ses règles maison et qui joue. Après chaque manche, saisissez ce qui s'est passé ; la feuille fait les comptes.
keep-players = Joueurs
keep-teams = Équipes
keep-player-n = Joueur { $n }
keep-team-n = Équipe { $n }
keep-create = Commencer la feuille
keep-seat-of-team = { $team } ({ $n })
keep-goal-love = Gagne qui remporte { $goal } manches tant que les autres n'en ont aucune
keep-goal-points = Le premier à { $target } points
keep-goal-low = Quand quelqu'un atteint { $target }, le total le plus bas gagne
keep-won = { $who } a gagné la partie.
keep-drawn = La partie s'est terminée sans vainqueur.
keep-undo = Annuler la dernière manche
keep-csv = Exporter en CSV
keep-share-view = Lien pour suivre la feuille :
keep-share-edit = Lien pour la tenir (qui l'a peut modifier la feuille) :
keep-read-only = Vous suivez cette feuille ; seul celui qui la tient peut saisir les manches.
keep-how-target = { $who } a atteint l'objectif
keep-next = Manche { $n }
keep-form-help = Cochez qui a fait domino (personne : la manche est bloquée) et donnez les points qui restent à chaque joueur.
keep-form-help-both = Cochez qui est sorti (les deux partenaires, pour finir la manche ; personne : bloquée) et donnez les points qui restent à chaque joueur.
keep-player = Joueur
keep-went-out = Domino
keep-went-out-of = { $who } a fait domino
keep-count = Points
keep-count-of = Points de { $who }
keep-holds-double = A un double
keep-holds-double-of = { $who } a encore un double
keep-act-of = { $who } : { keep-act }
keep-act = { $act ->
    [three_passes] Trois passes
    [board_pass] Tours de table causés
    [passed_when_able] A passé en pouvant jouer
    [wrong_play] Coups faux
    [over_draw] Pioche de trop : points perdus
    [boneyard_trip] Pioche inutile : points perdus
    [exposed] Domino exposé : points perdus
   *[other] { $act }
}
keep-act-help = { $act ->
    [three_passes] Chaque fois qu'un joueur a passé trois fois de suite : 10 points pour lui.
    [board_pass] Chaque fois que son coup a fait le tour de la table sans réponse : 10 points à chacun des autres.
    [passed_when_able] Chaque fois qu'il a passé en pouvant jouer : 10 points.
    [wrong_play] Chaque coup faux : 10 points.
    [over_draw] Il a pioché trop de dominos à la donne et ne marque pas à son premier coup : les points de ce coup.
    [boneyard_trip] Il a pioché en pouvant jouer et ne marque plus de la manche : les points faits ensuite.
    [exposed] Avec la règle du domino exposé, un domino montré par accident ne marque pas : ses points.
   *[other] { $act }
}
keep-play-points = Points marqués pendant le jeu
keep-play-points-fives = Points marqués pendant le jeu (multiples de 5)
keep-flag = { $flag ->
    [double] Le dernier domino était un double
    [key_tile] Domino clé
    [capicu] Capicú
    [chuchazo] Chuchazo
   *[other] { $flag }
}
keep-enter = Saisir la manche
# The trains family (Mexican Train, chicken foot): a match of $count hands,
# $played of them entered; after the last the lowest total wins.
keep-goal-trains = Après { $count } manches, le total le plus bas gagne ({ $played ->
    [0] aucune jouée pour l'instant
    [one] 1 jouée
   *[other] { $played } jouées
})
keep-goal-trains-last = Après la dernière manche, le total le plus bas gagne
# A player's place by total in the trains family (1 for the lowest); $ord:
# the number's ordinal plural category in the page's language (one, two,
# few, other: Intl.PluralRules with type "ordinal").
keep-place = { $ord ->
    [one] { $place }er
   *[other] { $place }e
}
# $who: the names sharing the win, joined ("Ann and Bo").
keep-shared = { $who } se partagent la victoire avec le total le plus bas.
keep-next-of = Manche { $n } sur { $count }
# $engine: the double that opens the hand, in words ("double eleven").
keep-next-engine = Manche { $n } sur { $count } : elle s'ouvre avec le { $engine }
keep-form-help-blank = Le double blanc resté en main compte { $points }.
not-found-sheet = Il n'y a pas de feuille de comptes à cette adresse.

## Accessibility: names for screen readers, the table's keys
a11y-pips-0 = blanc
a11y-pips-1 = un
a11y-pips-2 = deux
a11y-pips-3 = trois
a11y-pips-4 = quatre
a11y-pips-5 = cinq
a11y-pips-6 = six
a11y-pips-7 = sept
a11y-pips-8 = huit
a11y-pips-9 = neuf
a11y-pips-10 = dix
a11y-pips-11 = onze
a11y-pips-12 = douze
a11y-tile = { $a }-{ $b }
a11y-tile-double = double { $a }
# $playable: true, false, or "none" when it is not your turn.
a11y-hand-tile = { $playable ->
    [true] { $tile }, jouable
    [false] { $tile }, pas jouable
   *[other] { $tile }
}
a11y-board = La table
a11y-end-asks = { $end }, { $pips }
a11y-board-ends = Bouts ouverts : { $ends }.
a11y-board-last = Dernier domino posé : { $tile }.
a11y-end-play = Jouer ici : { $end }, { $pips }
a11y-your-turn = À vous.
a11y-your-turn-ends = À vous. { $ends }
a11y-cancelled = Annulé.
a11y-keys = Touches
a11y-key-tab = Tab : vers vos dominos, puis les boutons
a11y-key-arrows = ← → : d'un domino à l'autre ; Entrée ou Espace joue le domino
a11y-key-ends = Un domino qui va sur plusieurs bouts : ← → choisissent le bout, Entrée joue là, Échap annule
a11y-key-draw = D : piocher · P : passer
a11y-key-claim = C : annoncer au prochain coup · M : crier muggins (jeux avec annonces)
a11y-key-hand = T : revenir à vos dominos · B : dire les bouts ouverts et à qui c'est le tour
a11y-key-ready = Après la manche, le focus va au bouton de la manche suivante
a11y-waiting-for = On attend { $who }.
a11y-key-hint = H : un conseil de l'expert (le domino qu'il jouerait reçoit le focus)
a11y-hint-button = Conseil
a11y-hint-thinking = Je cherche un conseil…
a11y-hint = Conseil : { $what }.
a11y-hint-pose = poser { $tile }
a11y-hint-play = jouer { $tile }, { $end }
a11y-hint-draw = piocher un domino
a11y-hint-pass = passer
a11y-hint-poser = { $self ->
    [true] poser vous-même
   *[other] laisser poser { $who }
}
a11y-hint-muggins = crier muggins
a11y-hint-failed = Pas de conseil cette fois ({ $why }).

## The terminal game, plain mode (domino play --plain)

term-plain-intro = { $game }. Contre vous : { $seats }. Une ligne par coup ; tapez ? pour les touches.
term-plain-bot = { $who } ({ $bot })
term-plain-partner-bot = { $who } (votre partenaire, { $bot })
term-plain-hand = Vos dominos : { $tiles }.
term-plain-ends = Les bouts montrent { $ends }{ $total ->
    [none] { "" }
   *[other] { " " }(total { $total })
}.
term-plain-seats = Les autres : { $seats }.
term-plain-choice = { $n }: { $what }{ $shows ->
    [none] { "" }
   *[other] { " " }(sur le { $shows })
}
term-plain-left = { $who } : { $tiles } (total { $count })
term-plain-muggins = prendre les points non annoncés (muggins)
term-plain-prompt = { $count ->
    [one] Tapez 1
   *[other] Tapez un numéro de 1 à { $count }
}, puis Entrée · h : conseil · ? : touches · q : quitter
term-plain-not-a-choice = « { $text } » n'est pas un des choix : tapez un numéro de 1 à { $count }.
term-plain-help =
    Tapez le numéro d'un choix, puis Entrée, pour jouer ce coup.
    h : demander un conseil à l'expert.
    m : prendre les points non annoncés (jeux avec muggins).
    c : annoncer ou non les points de vos coups (règles d'annonce).
    Entrée : la manche suivante, une fois la manche finie.
    q : quitter ; la partie est enregistrée pour la reprendre plus tard.
    r : comment jouer à ce jeu.
    ? : ces touches.
    Piocher et bouder se font pour vous quand c'est votre seul coup.

## The trains family in the terminal game (Mexican Train, chicken foot)

term-end-train = { $person ->
    [you] sur votre train
   *[other] sur le train { $who ->
        [Est] d'Est
        [Ouest] d'Ouest
       *[other] de { $who }
    }
}
term-end-mexican = sur le train mexicain
term-end-line = sur la ligne { $n }
term-end-toe = sur le doigt { $n } du { $tile }
term-station-mexican = Train mexicain
term-station-line = ligne { $n }
term-station-toe = doigt { $n } du { $tile }
term-station-open = ouvert
term-station-first = ← d'abord
term-station-title = · gare { $tile }{ " " }
term-hands-totals = Le plus petit total après { $count } manches gagne :{ " " }
term-prompt-end-chain = { " " }· p : finir votre tour
term-plain-station = La gare : { $tile }.
term-plain-train = { $name }{ $open ->
    [true] , ouvert
   *[other] { "" }
} : { $tiles } → { $pips }{ $first ->
    [true] { " " }(à jouer d'abord)
   *[other] { "" }
}.
term-plain-empty = vide

## The terminal game's command line (domino play: mistakes in the flags and files)

term-error-option-form = l'option `{ $option }` s'écrit clé=valeur
term-error-bots-count = --bots nomme { $count } bots, mais il y a { $others } autres places : donnez un niveau pour toutes ou un par place
term-error-no-bot = aucun bot nommé `{ $bot }` : les bots sont { $bots }
term-error-no-lang = aucune langue `{ $tag }` : le jeu parle { $langs }
term-error-seat = --seat { $seat } : les places vont de 0 à { $max }
term-error-no-game = aucun jeu nommé `{ $game }` : les jeux sont { $games }
term-error-rules = ces règles ne peuvent pas se jouer : { $error }
term-error-over = la partie de { $path } est déjà finie : commencez-en une autre avec `domino play`
term-error-read = impossible de lire l'enregistrement { $path }
term-error-not-json = { $path } n'est pas du JSON
term-error-not-record = { $path } n'est pas un enregistrement de partie
term-error-replay = { $path } ne peut pas être rejoué : { $error }
term-error-start = impossible de commencer la partie : { $error }
term-error-write = impossible d'enregistrer la partie dans { $path }

## The terminal scorekeeper (domino keep). The commands typed (undo, sheet,
## csv, help, quit and the words of a hand) are the same in every language.

term-keep-intro = Feuille de score : { $game }, avec { $names }.
term-keep-prompt = Saisissez une manche, ou help pour l'aide.
term-keep-score = Score : { $scores }.
term-keep-tie = égalité
term-keep-how = { $how ->
    [domino] domino
    [blocked] bloquée
   *[target] but atteint
}
term-keep-hand = Manche { $n } : { $who } ({ $how }), points { $points }{ $notes ->
    [none] { "" }
   *[other] { " " }; { $notes }
}.
term-keep-wrote = Feuille écrite dans { $path }.
term-keep-undone = La dernière manche est annulée.
# $detail : la raison du moteur, en anglais, quand le catalogue n'en a pas ; sinon "none".
# A list's last item joined to the others ("A, B and C"), in the terminal.
term-list = { $rest } et { $last }
term-keep-refused = Refusée : { $reason }{ $detail ->
    [none] { "" }
   *[other] { " " }(en anglais : { $detail })
} La feuille n'a pas changé.
term-keep-not-understood = Pas compris : { $error }. Tapez help.
term-keep-match-over = La partie est finie : commencez une nouvelle feuille pour la suivante.
term-keep-bad-json = ce JSON n'est pas une manche ({ $error })
term-keep-csv-file = il manque à csv le nom du fichier
term-keep-empty = la ligne est vide
term-keep-act-form = act demande une place et le genre de faute
term-keep-no-act = il n'y a pas de faute { $kind }
term-keep-act-seat = act ne prend qu'une place
term-keep-no-seat = il n'y a pas de place { $seat } : les places vont de 1 à { $players }
term-keep-help-seats = Places, de 1 à { $players } autour de la table : { $seats }
term-keep-unknown-word = { $word } ne fait pas partie d'une manche
term-keep-no-counts = il manque les points qui restent à chacun (counts N N ...)
term-keep-help-hand = Une manche : counts et { $count } nombres (les points qui restent à chaque place, à partir de la place 1), puis ce qui s'est passé :
term-keep-arg-seat = PLACE
term-keep-arg-file = FICHIER
term-keep-arg-points = POINTS
term-keep-help-out = Qui a fait domino (rien si la manche est bloquée)
term-keep-help-out-both = Les deux partenaires, dans l'ordre où ils sont sortis
term-keep-help-doubles = Les places qui ont encore un double
term-keep-help-example = Par exemple : { $example }
term-keep-help-commands = Commandes (les mêmes mots dans toutes les langues) :
term-keep-help-undo = Annule la dernière manche
term-keep-help-sheet = Montre toutes les manches et le score
term-keep-help-csv = Écrit la feuille dans ce fichier, en CSV
term-keep-help-help = Cette aide
term-keep-help-quit = Termine (avec --sheet, la feuille est déjà enregistrée)
term-keep-help-json = Une manche en JSON, sur une seule ligne, est acceptée aussi.
term-keep-error-names = { $partners ->
    [true] il faut { $sides } noms, un par équipe, pas { $got }
   *[other] il faut { $sides } noms, un par joueur, pas { $got }
}
term-keep-error-read = impossible de lire la feuille { $path }
term-keep-error-not-sheet = { $path } n'est pas une feuille de domino keep
term-keep-error-sheet-rules = les règles de { $path } ne peuvent pas être jouées
term-keep-error-sheet-hand = { $path } : la manche { $n } est refusée : { $error }
term-keep-error-write = impossible d'écrire { $path }

## Profiles and ratings
profile-title = Profil
profile-why = Faites de votre nom un profil pour garder un classement dans chaque jeu, vos statistiques et vos parties. Pas de mot de passe : ce navigateur se souvient de vous.
profile-create = Garder mon nom comme profil
profile-name-fixed = Le nom de votre profil
profile-signed-in = Connecté en tant que { $name }
profile-mine = Mon profil
profile-move = Utiliser sur un autre appareil
profile-sign-out = Se déconnecter
profile-link = Lien à usage unique
profile-link-help = Ouvrez ce lien (ou scannez le code) sur votre autre appareil dans les 15 minutes. Il ne sert qu'une fois.
profile-link-qr = Code QR du lien à usage unique
profile-chart = { $count ->
    [one] Classement après { $count } partie
   *[other] Classement sur { $count } parties
}
profile-ratings = Classements
profile-rating-detail = { $count ->
    [one] ±{ $deviation } · { $count } partie classée
   *[other] ±{ $deviation } · { $count } parties classées
}
profile-no-ratings = Pas encore de partie classée : terminez une partie contre l'ordinateur ou d'autres profils.
profile-stats = Statistiques
profile-stat-matches = Parties : { $count }
profile-stat-matches-won = Parties gagnées : { $count }
profile-stat-hands = Manches : { $count }
profile-stat-hands-won = Manches gagnées : { $count }
profile-stat-dominoes = Dominos : { $count }
profile-stat-blocked-wins = Manches bloquées gagnées : { $count }
profile-stat-capicus = Capicúas : { $count }
profile-recent = Parties récentes
profile-won = gagnée
profile-lost = perdue
rating-change = Classement { $before } → { $after } ({ $delta })
leaderboard-title = Classements par jeu
leaderboard-empty = Personne n'a encore { $min } parties classées dans ce jeu.
leaderboard-min = Joueurs avec au moins { $min } parties classées.
profile-claim-title = Se connecter sur cet appareil
profile-claim-help = Ce lien à usage unique connecte ce navigateur à votre profil.
profile-claim = Me connecter ici

## Coach (the replay's analysis and hints with a reason)
coach-title = L'entraîneur
coach-ask = Demander à l'entraîneur
coach-again = Redemander
coach-ask-hand = Demander à l'entraîneur pour la manche { $hand }
coach-hand-only = La partie est trop longue pour que l'entraîneur la reprenne en entier : il regarde une manche à la fois. Ici : la manche { $hand }.
coach-about = Chaque décision comparée au jeu parfait (tous les dominos connus) et à ce que l'expert aurait joué à cette place.
coach-thinking = L'entraîneur passe la partie en revue…
coach-player = Joueur
coach-decisions = Décisions
coach-blunders = Gaffes
coach-agreed = Comme l'expert
coach-no-choice = Pas de choix ici : c'était le seul coup légal.
coach-unsolved = Ce coup ({ $played }) était trop difficile à juger dans le temps de l'entraîneur.
coach-hint = Conseil : { $what } — { $why }.
lobby-hints = Conseils de l'expert (jamais en partie classée)
level-rated = { $level } · { $rating } ({ $low }–{ $high })

## Tournaments

tourney-title = Tournois
tourney-lobby-help = Organisez un tournoi : toutes rondes, suisse ou élimination directe, entre amis et avec l'ordinateur.
tourney-see = Tournois
tourney-help = Choisissez le jeu, ses règles maison et la formule. Vous recevez le lien de l'organisateur : il permet de compléter avec l'ordinateur et de lancer le tournoi. Les joueurs s'inscrivent par le lien du tournoi.
tourney-name = Nom
tourney-name-placeholder = Soirée du club
tourney-format-label = Formule
tourney-format = { $format ->
    [swiss] Suisse
    [round_robin] Toutes rondes
    [elimination] Élimination directe
   *[other] { $format }
}
tourney-rounds = Rondes
tourney-max = Inscrits au plus
tourney-starts = Début (facultatif)
tourney-starts-at = début { $when }
tourney-create = Créer le tournoi
tourney-open = Ouverts, en cours et terminés
tourney-none = Aucun tournoi pour l'instant.
tourney-state = { $state ->
    [open] inscriptions ouvertes
    [playing] en cours
    [finished] terminé
   *[other] { $state }
}
tourney-champion = Vainqueur : { $name }
tourney-you-are = Vous jouez sous le nom { $name }.
tourney-partner-link = Le lien de votre partenaire (envoyez-le-lui) :
tourney-entrants = Inscrits ({ $count } sur { $max })
tourney-bot = ordinateur
tourney-csv = Télécharger le classement (CSV)
tourney-share = Lien pour s'inscrire et suivre :
tourney-organiser-link = Lien de l'organisateur (gardez-le pour vous) :
tourney-join = S'inscrire
tourney-your-name = Votre nom
tourney-team-name = Nom de l'équipe
tourney-member = Joueur { $n }
tourney-organiser = Organisateur
tourney-add-bots = Joueurs de l'ordinateur à ajouter
tourney-add = Ajouter
tourney-start = Lancer le tournoi
tourney-standings = Classement
tourney-col = { $col ->
    [rank] #
    [name] Inscrit
    [played] Jouées
    [won] Gagnées
    [drawn] Nulles
    [lost] Perdues
    [byes] Exempts
    [points] Points
    [buchholz] Buchholz
    [duplicate] Duplicate
   *[difference] Différence
}
tourney-opening = ouverture…
tourney-play = Jouer
tourney-watch = Regarder
tourney-watch-later = vous pourrez regarder une fois la ronde terminée
# A round's table before its players (the colon as each language writes it).
tourney-table-n = Table { $n } :
tourney-byes = Exempt : { $names }
tourney-round = Ronde { $n } sur { $total }
not-found-tournament = Il n'y a pas de tournoi à cette adresse.
tourney-duplicate = Duplicate : toutes les tables d'une ronde jouent les mêmes donnes
tourney-duplicate-help = Chaque résultat est comparé à celui des autres tables qui avaient les mêmes dominos.
tourney-deals-committed = Mêmes donnes à toutes les tables : scellé { $commit }
tourney-deals-revealed = Mêmes donnes à toutes les tables : le secret de la ronde { $secret }

## tournaments (4)
tourney-compared = Donnes comparées
tourney-compared-help = Les donnes où la table de cet inscrit a été comparée à d'autres qui ont reçu les mêmes dominos

## Problèmes (/puzzles)

puzzles-title = Problèmes
puzzles-lobby-help = Une position, un seul meilleur coup, prouvé par le solveur. Trouvez-le et votre classement aux problèmes bouge.
puzzles-see = Résoudre des problèmes
puzzles-daily = Le problème du jour
puzzle-daily-solve = Le résoudre
puzzle-game-label = Jeu
puzzle-game-any = Tous les jeux
puzzle-theme-label = Thème
puzzle-theme-any = Tous les thèmes
puzzle-theme = { $theme ->
    [blocking] Bloquer
    [domino] Finir
    [capicu] Capicú
    [cutting] Couper l'adversaire
    [partner-number] Le chiffre du partenaire
    [scoring] Marquer
    [double] Doubles
    [passes] Lire les passes
   *[other] { $theme }
}
puzzle-next = Problème suivant
puzzle-info = { $game }, { $kind ->
    [counting] votre main seulement
   *[open] toutes les mains visibles
}. Problème { $rating }, vous { $player }.
puzzle-your-hand = Vos dominos
puzzle-seat = { $role ->
    [partner] Partenaire :
    [next] Joue après vous :
    [before] Joue avant vous :
   *[other] En face :
}
puzzle-tiles = { $count ->
    [one] { $count } domino
   *[other] { $count } dominos
}
puzzle-prompt-open = À vous : trouvez le seul meilleur coup.
puzzle-prompt-counting = À vous : trouvez le coup le meilleur quelle que soit la place des dominos cachés ({ $worlds } donnes possibles).
puzzle-pick-end = Quel bout ? Choisissez-en un sur la table.
puzzle-play-at = { $tile } sur le { $pips }
puzzle-player = { $role ->
    [you] Vous
    [partner] Partenaire
    [next] Joueur suivant
    [before] Joueur précédent
   *[other] Joueur d'en face
}
puzzle-play-train = { $tile } { $on }
puzzle-right = Bravo : { $answer } est le meilleur coup.
puzzle-wrong = Pas celui-là : le meilleur coup était { $answer }.
puzzle-miss = Ce n'est pas celui-là.
puzzle-retry = Réessayer (non classé)
puzzle-reveal = Voir la réponse
puzzle-why-worth = la manche jouée jusqu'au bout par le solveur, il vaut { $best } pour votre camp, et aucun autre coup plus de { $next }
puzzle-values = Ce que vaut chaque coup pour votre camp, selon le solveur
puzzle-best-in = le meilleur dans { $count } { $count ->
    [one] donne
   *[other] donnes
} sur { $worlds }
puzzle-line-title = La manche jouée jusqu'au bout par le solveur, chaque camp au mieux :
puzzle-line-best = Depuis le meilleur coup
puzzle-line-yours = Depuis votre coup
puzzle-line-back = Retour
puzzle-line-next = Suivant
puzzle-line-start = Avant le coup : { $count } coups jusqu'à la fin de la manche.
puzzle-line-step = { $step } sur { $count } : { $who ->
    [you] vous
    [partner] votre partenaire
    [next] le joueur suivant
    [before] le joueur précédent
   *[other] le joueur d'en face
} { $action ->
    [play] { $who ->
        [you] posez
       *[other] pose
    } le { $tile }
    [pass] { $who ->
        [you] passez
       *[other] passe
    }
   *[other] { $action }
}
puzzle-why = Pourquoi : { $reasons }.
puzzle-known = Ce que vous pouviez savoir : { $facts }.
puzzle-who = { $role ->
    [partner] votre partenaire
    [next] le joueur suivant
    [before] le joueur précédent
   *[other] le joueur d'en face
}
puzzle-lacks = { $who } n'a aucun { $numbers } (il a passé)
puzzle-all-seen = tous les { $number } sont visibles
puzzle-why-covers = couvre le { $x } { $role ->
    [partner] de votre partenaire
    [next] du joueur suivant
    [before] du joueur précédent
   *[other] du joueur d'en face
}
puzzle-count-passed = { $who } n'a rien pu jouer sur le { $numbers }
puzzle-count-passes = Le compte : { $passes }. Il ne reste donc que { $worlds } donnes possibles des dominos cachés, et { $answer } est le meilleur dans chacune ; tout autre coup fait moins bien dans au moins une.
puzzle-count-seen = Le compte : avec les dominos visibles, il ne reste que { $worlds } donnes possibles des dominos cachés, et { $answer } est le meilleur dans chacune ; tout autre coup fait moins bien dans au moins une.
puzzle-passes = Boudés jusqu'ici :
puzzle-passes-none = Personne n'a encore boudé : comptez avec les dominos visibles.
puzzle-history = La manche jusqu'ici
puzzle-turn = { $role ->
    [you] Vous
    [partner] Votre partenaire
    [next] Le suivant
    [before] Le précédent
   *[other] Le joueur d'en face
} : { $what ->
    [pass] boudé sur le { $ends }
    [draw] pioché sur le { $ends }
   *[play] { $tile }
}
puzzle-your-rating = Votre classement : { $rating } ({ $change })
puzzle-its-rating = ce problème : { $rating } ({ $change })

## La table, finie (issue 39)

board-ends-total = Total des bouts : { $total }
board-scored = +{ $points }
table-tournament = { $rated ->
    [yes] Partie de tournoi classée
   *[no] Partie de tournoi
}
table-rated = Partie classée
table-casual = Partie amicale
table-no-hints = Pas de conseils : cette partie compte pour le classement.
switch-on = oui
switch-off = non
seat-where-opposite = votre adversaire, en face
level-choice = { $bot ->
    [random] Débutant : joue ce qui va
    [heavy] Facile : pose d'abord les gros
    [count] Détendu : comme une partie en famille
    [heuristic] Fort : comme un bon joueur de club
    [expert] Expert : compte tout, un champion
   *[other] { $bot }
}
lobby-more = D'autres façons de jouer
leaderboard-people = Joueurs
leaderboard-provisional = Classements provisoires
leaderboard-provisional-help = Marqués ? : moins de { $min } parties classées, ou un classement encore incertain (écart de plus de { $deviation }). Ils rejoignent le tableau du dessus quand leur classement se stabilise.
leaderboard-bots = Niveaux de l'ordinateur
leaderboard-bots-help = Force mesurée de chaque niveau dans ce jeu, avec son intervalle à 95 %.
leaderboard-none-provisional = Personne n'a de classement provisoire.
tourney-back = Retour au tournoi
tourney-replay = Revoir
keep-thing = { $thing ->
    [double_out] sortir sur un double
    [key_tile] le domino clé
    [capicu] le capicú
    [chuchazo] le chuchazo
    [holding_double] garder un double
    [double_blank] le double blanc
    [double] un double
   *[other] { $thing }
}
keep-reason = { $kind ->
    [no_such_seat] il n'y a pas de place { $seat } : ce jeu se joue à { $players }
    [no_such_side] il n'y a pas de camp { $side } : ce jeu en a { $sides }
    [counts_length] donnez { $players } comptes, un par joueur, pas { $got }
    [points_length] donnez les points des { $sides } camps, pas { $got } nombres
    [two_dominoes] { $first } et { $second } ne peuvent pas être sortis tous les deux : un seul joueur sort
    [repeated] { $value } est coché deux fois
    [out_after_end] la manche s'est arrêtée quand { $first } et { $second } sont sortis, donc { $seat } n'a pas pu sortir après
    [domino_count] { $seat } est sorti, son compte est donc 0, pas { $count }
    [count_too_high] un compte de { $count } est impossible : tout le jeu fait { $max } points
    [counts_too_high] les comptes font { $total }, plus que les { $max } points de tout le jeu
    [negative_points] les points ne peuvent pas être négatifs ({ $value })
    [no_play_points] ce jeu ne marque rien pendant le jeu : laissez les points vides
    [not_fives] au domino par cinq, on marque des multiples de 5 pendant le jeu, pas { $value }
    [not_in_game] { $thing } ne compte pas dans ce jeu
    [needs_domino] { $thing } demande que quelqu'un soit sorti
    [capicu_chuchazo] capicú et chuchazo ne peuvent pas aller ensemble : le double blanc ne va qu'à un bout
    [domino_holds_double] { $value } est sorti, il ne garde donc aucun double
    [act_not_in_game] « { $act } » n'est pas pénalisé dans ce jeu
    [act_points] « { $act } » annule des points : dites combien (1 ou plus)
    [cancels_too_much] les pénalités annulent { $cancelled } points de { $side }, qui n'en a fait que { $made }
    [both_reach_target] { $first } et { $second } ne peuvent pas atteindre le but tous les deux pendant le jeu : la manche s'arrête au premier
    [seat_cannot_hold] { $seat } ne peut pas avoir { $count } points en 1 à { $most } dominos{ $double ->
        [true] { " " }dont un double
        [false] { " " }sans double
       *[other] { "" }
    }
    [no_deal] { $seats } ne peuvent pas avoir ces comptes à la fois : le jeu n'a pas assez de dominos de ces points
    [last_tile_held] le dernier domino était { $thing }, mais avec ces comptes il n'en reste aucun sur la table
    [not_pass_points] à cette table, les points du boudé vont par { $unit }, pas { $points }
    [play_points_too_high] { $side } ne peut pas marquer { $points } points en jouant une manche : au plus { $max }
    [no_play_sum] { $side } ne peut pas marquer exactement { $points } points en jouant : aucune somme des poses qui marquent dans ce jeu ne le donne
    [past_target] { $side } ne peut pas marquer { $points } points en jouant à partir de { $score } : la manche s'arrête dès qu'un camp atteint { $target }, donc au plus { $max }
    [zero_not_out] { $seats } : compter 0 ici, c'est être sorti, car aucun domino de ce jeu ne compte 0 ; cochez qui est sorti
    [zeros_held] { $seats } ne peuvent pas tous compter 0 en gardant des dominos : seul le double blanc compte 0
    [act_points_too_high] « { $act } » annule les points d'une pose, au plus { $max }, pas { $points }
    [match_over] la partie est finie : commencez une nouvelle feuille
    [nothing_to_undo] il n'y a aucune manche à annuler
   *[other] { $kind }
}
keep-refused = { $code ->
    [impossible_counts] Aucune donne ne laisse ces comptes : { $why }.
    [impossible_points] Aucune manche ne marque ces points pendant le jeu : { $why }.
    [impossible_acts] Cette pénalité annule plus que l'acte ne peut : { $why }.
   *[other] Cette manche ne peut pas être comptée ainsi : { $why }.
}
## Turn clocks and correspondence tables
clock-hours = { $h } h { $m } min
clock-days = { $d } j { $h } h
clock-timeout = Votre temps est écoulé : l'ordinateur a joué pour vous ({ $n } sur { $max }). À la { $max }e fois, il garde votre place.
clock-timeout-left = Votre temps s'est écoulé { $n } fois : l'ordinateur joue votre place jusqu'à la fin de la partie, et vous regardez.
clock-timeout-left-casual = Votre temps s'est écoulé { $n } fois : l'ordinateur joue à votre place et vous regardez. La partie est amicale : vous pouvez reprendre votre place.
clock-take-back = Reprendre ma place
clock-warning = { $secs ->
    [one] Plus qu'une seconde à votre pendule !
   *[other] Plus que { $secs } secondes à votre pendule !
}
lobby-clock = Pendule
clock-choice-none = Aucune (prenez votre temps)
clock-choice-move15 = 15 s par coup + 1 min de réserve
clock-choice-move30 = 30 s par coup + 5 min de réserve
clock-choice-match10 = 10 min pour la partie
clock-choice-day1 = Par correspondance : un jour par coup
clock-choice-day3 = Par correspondance : trois jours par coup
turn-title = Vos tables avec pendule
turn-with = avec { $names }
turn-yours = À vous de jouer
turn-theirs = Les autres jouent
turn-left = Il reste { $left }
turn-open = Ouvrir
turn-notify-ask = Prévenez-moi quand c'est à moi
turn-notify-on = Tant qu'une page du jeu est ouverte, vous serez prévenu quand c'est à vous.
turn-notify-off = Les notifications sont désactivées : ce navigateur ne les permet pas.
turn-notify-title = À vous de jouer
turn-notify-body = { $game } : il reste { $left } pour jouer.
# Presence and failure (issue 39)
seat-dropped = hors ligne : l'ordinateur joue dans { $secs } s
seat-invited-name = Invitation : place { $n }
join-prompt-seat = Prendre la place { $n } sous le nom
server-silent = Le serveur ne répond pas. Nouvel essai…
# The coach's verdicts (issue 39)
coach-marks-rule = { $objective ->
    [outcome] Les marques se méritent de votre point de vue : ce que le coup a perdu face au choix de l'expert à la même place, en manches (2, c'est une victoire changée en défaite). Imprécision dès { $inaccuracy }, erreur dès { $mistake }, gaffe dès { $blunder }.
   *[other] Les marques se méritent de votre point de vue : ce que le coup a perdu face au choix de l'expert à la même place, en points. Imprécision dès { $inaccuracy }, erreur dès { $mistake }, gaffe dès { $blunder }.
}
coach-inaccuracies = Imprécisions
coach-mistakes = Erreurs
coach-hindsight = Coûteux après coup seulement
coach-severity = { $severity ->
    [blunder] Gaffe !
    [mistake] Erreur.
   *[inaccuracy] Imprécision.
}
coach-mark-at = { $severity ->
    [blunder] Gaffe
    [mistake] Erreur
   *[inaccuracy] Imprécision
} : manche { $hand }, coup { $step }, { $who } (−{ $cost })
coach-marks-title = Marques : { $blunder } { $blunder ->
    [one] gaffe
   *[other] gaffes
}, { $mistake } { $mistake ->
    [one] erreur
   *[other] erreurs
}, { $inaccuracy } { $inaccuracy ->
    [one] imprécision
   *[other] imprécisions
} (ouvrir pour aller à un coup)
coach-no-marks = Aucune imprécision, erreur ni gaffe dans cette partie.
coach-all-best = Avec tous les dominos connus, ce coup ({ $played }) est parmi les meilleurs.
coach-all-cost = Avec tous les dominos connus, ce coup ({ $played }) a coûté { $cost } ; le meilleur était { $best }.
coach-view-same = De votre point de vue, l'expert aurait joué la même chose.
coach-view-better = De votre point de vue, l'expert aurait choisi : { $expert } (meilleur de { $cost }).
coach-view-other = De votre point de vue, l'expert aurait choisi : { $expert } (pas meilleur ici).
coach-hindsight-only = Après coup seulement : pas d'erreur avec ce que vous pouviez voir.
coach-graph-label = Graphique de valeur de la manche { $hand } pour { $side }
coach-graph-caption = Manche { $hand } : ce qui reste à venir pour { $side } après chaque coup, tous les dominos connus (plus haut, c'est mieux). Les gros points sont des marques ; un point mène à son coup.
coach-graph-none = Aucun coup de cette manche n'a pu être évalué.
coach-graph-dot = Coup { $step } : { $value }
coach-better-here = Mieux : { $play }
coach-better-mark = Mieux
pn-title = Jouer tout de suite avec des gens
pn-help = Retrouvez des joueurs qui demandent le même jeu, proches de votre classement. Les parties classées demandent un profil.
pn-rated = Classée
pn-fill = L'ordinateur complète
pn-fill-never = jamais
pn-fill-after = après { $s } s
pn-team = Avec un ami comme partenaire
pn-play = Jouer tout de suite avec des gens
pn-join = Rejoindre l'équipe
pn-code = Code d'équipe d'un ami
pn-cancel = Ne plus attendre
pn-cancelled = Vous n'attendez plus.
pn-found = Votre table est prête.
pn-waiting-count = { $count ->
    [0] Personne n'attend encore ce jeu.
    [one] Un joueur attend ce jeu.
   *[other] { $count } joueurs attendent ce jeu.
}
pn-waiting-others = { $count ->
    [0] Personne d'autre n'attend encore ce jeu.
    [one] Un autre joueur attend ce jeu.
   *[other] { $count } autres joueurs attendent ce jeu.
}
pn-wait = En attente de joueurs ({ $game }) : { $s } s, à ±{ $window } de votre classement.
pn-wait-clock = Pendule : { $clock }.
pn-forming = Donnez ce code d'équipe à votre partenaire : { $code }. Vous entrerez ensemble dès qu'il vous rejoint.

## My puzzles: puzzles from the player's own matches (issue 41)

puzzle-own-toggle = Mes problèmes
puzzle-own-title = Mes problèmes
puzzle-own-none = Vous n'avez pas encore de problèmes à vous. Sur le replay d'une de vos parties, demandez à l'entraîneur, allez à un coup marqué et appuyez sur « En faire un problème ».
puzzle-own-info = { $game }, { $kind ->
    [counting] votre main seulement
   *[open] toutes les mains visibles
}. De votre partie : donne { $hand }, coup { $step }.
puzzle-own-played = Dans la partie, vous avez joué { $play }.
puzzle-own-unrated = Vos propres problèmes ne sont pas classés : vous connaissiez déjà cette position.
puzzle-unrated-tried-before = Non classé : seul votre premier essai sur un problème compte.
puzzle-unrated-not-served = Non classé : seul compte un problème que cette page vous a donné, pas un problème ouvert par son adresse.
# The puzzles page's modes, as a row of links.
puzzle-tabs = Modes des problèmes
puzzle-tab = { $mode ->
    [streak] Série
    [storm] Tempête
    [history] Historique
   *[puzzles] Problèmes
}
# A puzzle shown without ratings (a streak's, a storm's, one opened again from the history).
puzzle-plain-info = { $game }, { $kind ->
    [counting] votre main seulement
   *[open] toutes les mains visibles
}.
run-title = { $kind ->
    [storm] Tempête de problèmes
   *[streak] Série de problèmes
}
run-help = { $kind ->
    [storm] Trois minutes pour résoudre autant de problèmes que possible. Chaque erreur coûte 10 secondes et la tempête continue. Votre classement aux problèmes ne change pas.
   *[streak] Résolvez des problèmes à la suite, chacun un peu plus difficile que le précédent. Une seule erreur met fin à la série. Votre classement aux problèmes ne change pas.
}
run-start = Commencer
run-again = Recommencer
run-score = { $kind ->
    [storm] Résolus : { $score }
   *[streak] Série : { $score }
}
run-best = Votre record : { $best }
run-new-best = Nouveau record !
run-over = { $kind ->
    [storm] Fin de la tempête : { $count ->
        [0] aucun problème résolu.
        [one] 1 problème résolu.
       *[other] { $count } problèmes résolus.
    }
   *[streak] Fin de la série : { $count ->
        [0] aucun problème résolu.
        [one] 1 problème résolu.
       *[other] { $count } problèmes résolus.
    }
}
run-done = { $count ->
    [one] Le problème
   *[other] Les { $count } problèmes
} de cette { $kind ->
    [storm] tempête
   *[streak] série
}, à retenter
run-done-item = { $game } : { $result ->
    [solved] résolu
   *[missed] manqué
}
run-clock-label = Temps restant
# A miss in a storm: the time it costs, flashed beside the clock.
run-penalty = −10 s
run-late = Le temps était écoulé avant l'arrivée de cette réponse : elle ne compte pas.
# Said to a screen reader as the storm's clock passes these marks (not every second).
run-time-left = { $seconds ->
    [120] Plus que deux minutes.
    [60] Plus qu'une minute.
   *[other] Plus que { $seconds } secondes.
}
history-title = Votre historique de problèmes
history-help = Les problèmes que vous avez tentés, du plus récent au plus ancien (les 100 derniers). Retentez-en un pour vous entraîner : un second essai n'est pas classé.
history-empty = Vous n'avez encore tenté aucun problème.
history-to-puzzles = Résoudre un problème
history-col = { $col ->
    [when] Date
    [result] Résultat
    [rated] Classement
   *[game] Jeu
}
history-result = { $result ->
    [solved] Résolu
   *[missed] Manqué
}
history-rated = { $rated ->
    [rated] Classé
   *[unrated] Non classé
}
# A column's name before its value, on a phone where the table's head is hidden.
history-labelled = { $label } :
history-again = Réessayer
history-again-of = Réessayer : { $game }, { $when }
coach-make-puzzle = En faire un problème
coach-making-puzzle = Le solveur vérifie la position…
coach-made-puzzle = Gardé dans vos problèmes.
coach-open-puzzle = Le résoudre maintenant
coach-puzzle-not-yours = Seul le joueur qui a fait ce coup peut en faire un problème.
coach-puzzle-none = Pas de problème ici : le solveur ne trouve pas un seul meilleur coup dans cette position, ou un domino pouvait encore être pioché.
coach-puzzle-full = Vous gardez déjà autant de problèmes qu'un joueur le peut.
## Bot accounts (the bot API: docs/botapi.md)

# The mark beside a bot account's name, everywhere it shows.
bot-badge = bot
bot-badge-title = Un compte bot : un programme joue sous ce nom.
botacct-title = Compte bot
botacct-help = Un compte bot est joué par un programme que vous écrivez ou lancez, pas par vous : il se connecte à ce serveur avec un jeton, joue contre des gens et d'autres bots avec l'horloge de la table et a son propre classement parmi les bots. Son nom porte une marque de bot partout, pour que personne ne le prenne pour une personne.
botacct-for-good = C'est définitif : un compte bot ne redevient jamais le profil d'une personne. Un profil qui a déjà joué des parties classées ne peut pas en devenir un : créez un nouveau profil pour votre bot.
botacct-make = Faire de ce profil un compte bot
botacct-confirm = Faire de « { $name } » un compte bot, définitivement ? Impossible de revenir en arrière.
botacct-is = Ceci est un compte bot : un programme joue sous ce nom avec l'un de ses jetons.
tokens-title = Compte bot et jetons d'API
tokens-help = Votre programme se connecte avec un jeton. Donnez un nom à chacun, pour savoir lequel révoquer ; 10 au plus.
botacct-run-title = Lancer un programme avec un jeton
botacct-run-cli = Avec le programme domino (n'importe quel niveau intégré joue, ici l'expert), le jeton dans l'environnement :
botacct-run-python = Depuis Python, avec votre propre fonction qui choisit chaque coup :
botacct-run-python-choice = votre choix parmi les coups permis
botacct-docs = L'API des bots : chaque appel, événement et limite
botdocs-title = L'API des bots
botdocs-english = Cette page n'existe qu'en anglais.
botdocs-reference-title = L'API HTTP, opération par opération
botdocs-to-reference = Chaque appel HTTP, son corps et ses réponses : la référence
botdocs-to-guide = Le guide de l'API des bots : comptes, jetons, événements et jeu
profile-no-ratings-bot = Pas encore de partie classée : ce bot aura son classement quand il finira une partie classée.
tokens-name = Nom du jeton
tokens-name-placeholder = mon portable
tokens-make = Créer un jeton
tokens-new = Votre nouveau jeton « { $name } » :
tokens-once = Copiez-le maintenant : il ne sera plus jamais affiché. Gardez-le secret : qui l'a joue en tant que ce bot.
tokens-value = Le nouveau jeton
tokens-copy = Copier
tokens-copied = Copié.
tokens-copy-yourself = Sélectionnez-le et copiez-le vous-même.
tokens-none = Aucun jeton pour l'instant.
tokens-made = créé le { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
tokens-used = dernière utilisation le { DATETIME($at, dateStyle: "medium", timeStyle: "short") }
tokens-never-used = jamais utilisé
tokens-revoke = Révoquer
tokens-revoke-named = Révoquer le jeton « { $name } »
tokens-revoke-confirm = Révoquer le jeton « { $name } » ? Le programme qui l'utilise est coupé aussitôt.
tokens-revoked = Le jeton « { $name } » est révoqué.
pb-title = Jouer contre un bot
pb-help = Les comptes bot sont des programmes que des gens connectent à ce serveur, chacun avec son classement ; les niveaux intégrés sont toujours là. Choisissez-en un pour le défier.
pb-refresh = Chercher à nouveau les bots en ligne
pb-online = Bots en ligne
pb-none-online = Aucun compte bot n'est en ligne en ce moment.
pb-builtin = Niveaux intégrés
pb-rating = classement { $rating } dans ce jeu
pb-unrated = pas encore classé dans ce jeu
pb-tables = { $count ->
    [0] libre
    [one] joue une table
   *[other] joue { $count } tables
}
pb-challenge = Défier
pb-challenge-named = Défier { $name }
pb-challenge-title = Défier { $name }
pb-builtin-now = Un niveau intégré répond aussitôt.
pb-send = Envoyer le défi
pb-close = Fermer
pb-cancel = Annuler le défi
pb-waiting = En attente de la réponse de { $name }…
pb-accepted = Accepté : votre table est prête.
pb-declined = { $reason ->
    [later] { $name } a refusé : pas maintenant, peut-être plus tard.
    [rules] { $name } a refusé : il ne joue pas avec ces règles.
    [rated] { $name } a refusé : il ne joue que des parties amicales.
    [casual] { $name } a refusé : il ne joue que des parties classées.
   *[other] { $name } a refusé le défi.
}
pb-expired = { $name } n'a pas répondu en une minute : le défi a expiré.
pb-offline = { $name } s'est déconnecté : le défi est annulé.
pb-cancelled = Vous avez annulé le défi.
pb-gone = Le défi à { $name } n'est plus ouvert.
pn-bots = Jouer aussi contre des comptes bot
leaderboard-kind = Afficher le classement des
leaderboard-kind-people = Personnes
leaderboard-kind-bots = Bots
leaderboard-bot-accounts = Comptes bot et niveaux intégrés
leaderboard-bots-none = Aucun bot n'a encore de classement dans ce jeu.
leaderboard-level-unrated = Niveaux intégrés pas encore classés dans ce jeu :
leaderboard-bots-scale = Les comptes bot et les niveaux intégrés sont classés sur la même échelle que les personnes.
lobby-hints-rated = Avec votre profil, la partie contre l'ordinateur est classée : pas de conseils (la table le dit aussi).
lobby-hints-if-casual = Des conseils seulement si un ami invité joue sans profil : une partie entre profils est classée.
lobby-hints-none = Pas de conseils : il faut l'ordinateur à la table.
watch-link = Lien pour regarder cette table
# An open table's seat that anyone may take, in the lobby's list.
lobby-seat-free = place libre
# How a built-in level plays, beside its name (the lobby's "Play a bot" list).
level-how = { $bot ->
    [random] joue ce qui va
    [heavy] pose d'abord les gros
    [count] comme une partie en famille
    [heuristic] comme un bon joueur de club
    [expert] compte tout, un champion
   *[other] { $bot }
}
# The chat field's placeholder: short enough to show whole on a phone (its label says the limit).
chat-short = Votre message…

## The trains family at the table in the browser (Mexican Train, chicken foot)

train-name = { $kind ->
    [mine] Votre train
    [mexican] Train mexicain
    [line] Ligne { $n }
    [toe] Doigt { $n } du { $tile }
   *[train] Train de { $who }
}
train-on = { $kind ->
    [mine] sur votre train
    [mexican] sur le train mexicain
    [line] sur la ligne { $n }
    [toe] sur le doigt { $n } du { $tile }
   *[train] sur le train de { $who }
}
ev-play-train = { $who } : { $tile } { $on }
a11y-hint-play-train = jouer { $tile } { $on }
ev-end-chain = { $many ->
    [you] { $who } : fin de votre tour
   *[other] { $who } : fin de son tour
}
ev-pass-opens = { $many ->
    [you] { $who } : boudé, votre train est ouvert
   *[other] { $who } : boudé, son train est ouvert
}
a11y-hint-end-chain = finir votre tour
a11y-station-ends = Trains : { $ends }.
status-choose-train = Où va le { $tile } ? Choisissez un train.
act-on-train = { $train } · { $pips }
act-end-chain = Finir mon tour
station-label = La gare, { $tile }
station-engine = La gare : { $tile }.
station-open = ouvert
station-open-list = Trains ouverts : { $list }.
station-row = { $count ->
    [0] aucun domino encore
    [one] un domino
   *[other] { $count } dominos
}, { $pips } au bout
station-more = +{ $count }
station-more-title = { $count ->
    [one] un domino plus ancien n'est pas montré
   *[other] { $count } dominos plus anciens ne sont pas montrés
}
station-first = à jouer d'abord
station-centre-first = Chaque ligne de la gare { $tile } prend un domino avant tout le reste.
station-toes-first = La patte de poulet { $tile } prend ses doigts avant tout le reste.
station-cover-first = Il faut couvrir le { $tile } ({ $train }) avant tout le reste.
station-chaining = Votre premier tour : posez autant de dominos que vous voulez sur votre train, puis finissez votre tour.
