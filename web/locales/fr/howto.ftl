# How to play each game, in short: the aim, the deal, a turn, scoring and how
# the match is won. Read by the page (/how/GAME) and by `domino rules --how`.
# Written for this project from docs/rules; keep the same ids in every language.

## Page and headings

howto-title = Comment jouer : { $game }
howto-link = Comment jouer
howto-link-game = Comment jouer : { $game }
howto-games = Comment jouer à chaque jeu
howto-back = Retour aux jeux
howto-aim = Le but
howto-deal = La donne
howto-turn = À votre tour
howto-score = Les points
howto-win = Gagner la partie
howto-unknown = Il n'y a pas de jeu nommé « { $name } ».
howto-more = Les règles complètes, avec toutes les options : docs/rules/{ $preset }.md

## jamaican

howto-jamaican-aim = Deux équipes de deux, partenaires face à face, courent au six à zéro : six manches gagnées pendant que l'autre équipe n'en a aucune.
howto-jamaican-deal = Jeu double-six, sept dominos chacun : les 28 sont distribués, personne ne pioche. À la première manche, celui qui a le double-six le pose ; ensuite l'équipe qui a gagné la manche pose, et le joueur qui l'a gagnée choisit lequel des deux partenaires.
howto-jamaican-turn = Posez un domino dont un nombre correspond à un bout de la ligne. Sinon, vous boudez. La manche finit quand quelqu'un pose son dernier domino (domino !) ou quand plus personne ne peut jouer (partie bloquée).
howto-jamaican-score = Une manche gagnée vaut un point, deux si le dernier domino est le domino clé (le seul qui allait encore aux deux bouts). Dans une partie bloquée, le joueur qui a le moins de points en main gagne pour son équipe. Quand l'équipe sans points bat une équipe qui en a, les deux reviennent à zéro.
howto-jamaican-win = La première équipe à six pendant que l'autre est à zéro gagne la partie (six à zéro).

## cutthroat

howto-cutthroat-aim = Le jeu jamaïcain chacun pour soi : gagnez six manches pendant qu'un autre joueur n'en a encore aucune.
howto-cutthroat-deal = Jeu double-six. À deux, quatorze dominos chacun (ou sept et une pioche avec l'option pioche) ; à trois, neuf chacun sans le double-blanc ; à quatre, sept chacun. Celui qui a le double-six le pose d'abord ; ensuite le gagnant de la manche pose le domino qu'il veut.
howto-cutthroat-turn = Jouez sur un bout de la ligne ou boudez (avec une pioche, piochez jusqu'à pouvoir jouer). La manche finit sur un domino ou un blocage, où le seul joueur au plus petit total gagne.
howto-cutthroat-score = Chaque manche gagnée vaut un point. Dès que chaque joueur a un point, tous les scores reviennent à zéro.
howto-cutthroat-win = Le premier à six pendant qu'un autre n'a toujours rien gagne.

## chiva

howto-chiva-aim = À quatre, deux équipes courent au quatre à zéro ; à deux ou trois, chacun joue seul jusqu'à quatre manches gagnées pendant qu'un autre n'en a aucune.
howto-chiva-deal = Jeu double-six, sept dominos chacun. À quatre tout est distribué ; à deux ou trois il reste une pioche. Celui qui a le double-six le pose à la première manche ; ensuite les gagnants posent.
howto-chiva-turn = Jouez sur un bout ou boudez ; à deux ou trois, piochez un domino à la fois jusqu'à pouvoir jouer. Dans une partie bloquée à quatre, l'équipe au plus petit total des deux mains gagne.
howto-chiva-score = Une manche gagnée vaut un point. Quand le camp sans points bat un camp qui en a, le score revient à zéro.
howto-chiva-win = Quatre manches gagnées pendant que les autres sont à zéro (quatre à zéro) emportent la partie.

## puerto-rican

howto-puerto-rican-aim = Un jeu aux points : gagnez des manches et ramassez les points restés dans les autres mains ; le premier à 100 gagne.
howto-puerto-rican-deal = Jeu double-six, sept dominos chacun. À quatre on joue en équipes et tout est distribué ; à deux ou trois chacun joue seul et pioche. Celui qui a le double-six le pose d'abord ; ensuite le gagnant de la manche pose.
howto-puerto-rican-turn = Jouez sur un bout de la ligne ou boudez. À quatre, chaque fois qu'on boude, l'autre équipe marque 10 (une fois par équipe dans un tour de bouderies).
howto-puerto-rican-score = Celui qui fait domino marque les points de toutes les autres mains ; dans une partie bloquée, la main la plus légère marque tous les points sur la table. Primes : gagner la première ou la deuxième manche, le capicú (le dernier domino allait aux deux bouts) et le chuchazo (faire domino avec le double-blanc) rapportent des points.
howto-puerto-rican-win = Le premier camp à 100 à la fin d'une manche gagne.

## block

howto-block-aim = Le jeu le plus simple : faites domino le premier, ou gardez le moins quand plus personne ne peut jouer, et marquez ce que tiennent les autres.
howto-block-deal = Jeu double-six par défaut (double-neuf ou double-douze en option) ; de cinq à huit dominos chacun selon le nombre de joueurs. Les dominos non distribués restent face cachée et ne sont jamais piochés. À chaque manche, celui qui a le plus gros double le pose.
howto-block-turn = Posez un domino qui correspond à un bout de la ligne ; sinon, boudez. À quatre, on joue en équipes de deux par défaut.
howto-block-score = Faire domino rapporte les points de tous les perdants. Dans une partie bloquée, le plus petit total gagne et marque les points des perdants moins les siens ; à égalité du plus petit total, personne ne marque.
howto-block-win = À la fin d'une manche, dès qu'un camp a 100 (l'objectif peut changer), le plus haut score gagne.

## draw

howto-draw-aim = Le jeu bloqué avec une pioche : faites domino le premier et marquez ce que tiennent les autres.
howto-draw-deal = Jeu double-six par défaut ; sept dominos chacun à deux, moins à plus. Le reste forme la pioche. À chaque manche, celui qui a le plus gros double le pose.
howto-draw-turn = Posez un domino qui va si vous pouvez. Sinon, piochez un domino à la fois jusqu'à en trouver un qui va, et posez-le ; quand la pioche est vide, boudez.
howto-draw-score = Faire domino rapporte les points de tous les perdants. Une partie bloquée (personne ne peut jouer, pioche vide) va au plus petit total, qui marque les points des perdants moins les siens.
howto-draw-win = À la fin d'une manche, dès qu'un camp a atteint l'objectif (100), le plus haut score gagne.

## cross

howto-cross-aim = Le jeu avec pioche ouvert en croix : quatre lignes partent du premier double.
howto-cross-deal = Jeu double-six ; sept dominos chacun à deux, moins à plus, le reste en pioche. Celui qui a le plus gros double le pose : le premier domino est toujours un double.
howto-cross-turn = D'abord on forme la croix : quatre dominos portant le nombre du double, un sur chacun de ses quatre côtés. Ensuite chacun des quatre bouts prend un domino qui va. Piochez si vous ne pouvez pas jouer ; boudez quand la pioche est vide.
howto-cross-score = Comme au jeu avec pioche : faire domino rapporte les points des perdants ; une partie bloquée va au plus petit total.
howto-cross-win = À la fin d'une manche, dès qu'un camp a atteint l'objectif (100), le plus haut score gagne.

## double-nine-cross

howto-double-nine-cross-aim = Un grand jeu avec pioche, jusqu'à huit joueurs avec un double-neuf, où chaque double ouvre de nouvelles lignes.
howto-double-nine-cross-deal = Jeu double-neuf (55 dominos) : sept chacun à deux ou trois, cinq chacun de quatre à huit, le reste en pioche. Celui qui a le plus gros double le pose.
howto-double-nine-cross-turn = D'abord on complète la croix : un domino portant le nombre du double sur chacun de ses quatre côtés. Ensuite, chaque double posé ouvre deux nouvelles lignes sur ses côtés. Piochez si vous ne pouvez pas jouer ; boudez quand la pioche est vide.
howto-double-nine-cross-score = Faire domino rapporte les points que tiennent les autres ; une partie bloquée va au plus petit total.
howto-double-nine-cross-win = À la fin d'une manche, dès que quelqu'un a atteint l'objectif, le plus haut score gagne.

## french

howto-french-aim = Quatre joueurs, chacun pour soi, et les points sont mauvais : quand quelqu'un atteint 100, le plus petit total gagne.
howto-french-deal = Jeu double-six, sept dominos chacun : les 28 sont distribués, personne ne pioche. À la première manche, celui qui a le double-blanc le pose ; ensuite le gagnant de la manche pose le double de son choix.
howto-french-turn = Le premier double ouvre quatre bras, et chacun doit recevoir un domino avant toute autre chose. Ensuite un nombre au bout d'un bras attend son double : une fois le double posé n'importe où, les autres dominos de ce nombre peuvent suivre. Si vous ne pouvez pas jouer, vous boudez.
howto-french-score = À la fin de la manche chacun ajoute ce qu'il tient, doublé s'il garde un double, et doublé encore si le gagnant a fait domino avec un double. Bouder trois fois de suite coûte 10 ; quand les trois autres boudent et que le tour revient à celui qui vient de poser, chacun des trois paie 10.
howto-french-win = Après une manche où quelqu'un atteint 100, le plus petit total gagne.

## all-fives

howto-all-fives-aim = On marque en jouant : chaque fois que les bouts font un multiple de 5, vous le marquez. Le premier à 100 gagne.
howto-all-fives-deal = Jeu double-six, cinq dominos chacun ; le reste forme la pioche. Celui qui a le plus gros double joue le premier et pose le domino qu'il veut.
howto-all-fives-turn = Posez un domino qui va ; un double au bout compte ses deux moitiés. Si vous ne pouvez pas jouer, piochez jusqu'à pouvoir, mais les deux derniers dominos de la pioche ne se piochent jamais : alors vous boudez.
howto-all-fives-score = Des bouts qui font 5, 10, 15, 20... rapportent ce total à celui qui les a faits. Le gagnant de la manche marque en plus ce que tiennent les autres, arrondi à un multiple de 5.
howto-all-fives-win = Le premier à atteindre 100 gagne, même au milieu d'une manche.

## fives-and-threes

howto-fives-and-threes-aim = Le jeu des cinq avec plus de façons de marquer : les multiples de 3 comptent aussi. Le premier à 100 gagne.
howto-fives-and-threes-deal = Jeu double-six, cinq dominos chacun ; le reste forme la pioche. Celui qui a le plus gros double joue le premier et pose le domino qu'il veut.
howto-fives-and-threes-turn = Posez un domino qui va ; un double au bout compte ses deux moitiés. Piochez jusqu'à pouvoir jouer, sans jamais prendre les deux derniers ; puis boudez.
howto-fives-and-threes-score = Si les bouts font un multiple de 5 ou de 3, vous marquez le total lui-même (3, 5, 6, 9, 10, 12, 15...). Le gagnant de la manche marque en plus ce que tiennent les autres.
howto-fives-and-threes-win = Le premier à atteindre 100 gagne.

## club-fives

howto-club-fives-aim = Deux joueurs comptent par cinq : chaque multiple de 5 aux bouts vaut un point par 5. Le premier au-delà de 61 gagne.
howto-club-fives-deal = Jeu double-six, cinq dominos chacun ; le reste forme la pioche. Chacun retourne un domino pour savoir qui pose d'abord ; ensuite on pose chacun son tour.
howto-club-fives-turn = Un double posé en premier est un spinner : il faut jouer sur ses deux grands côtés (croiser le T) avant que ses deux petits bouts s'ouvrent. Piochez si vous ne pouvez pas jouer, jamais les deux derniers ; puis boudez.
howto-club-fives-score = Des bouts qui font 5 rapportent 1, 10 rapportent 2, 15 rapportent 3, et ainsi de suite. Faire domino rapporte les points de l'adversaire, arrondis au 5 le plus proche, en points de cinq.
howto-club-fives-win = À la fin d'une manche, le premier au-delà de 61 gagne ; un perdant encore sous 31 est capot.

## mexican-train

howto-mexican-train-aim = Un jeu de famille de deux à huit joueurs : vider sa main avant les autres, donne après donne, et finir la partie avec le plus petit total de points restés en main.
howto-mexican-train-deal = Jeu double-douze ; quinze dominos chacun jusqu'à quatre joueurs, douze à cinq ou six, dix à sept ou huit ; le reste forme la pioche. Treize donnes : la première part du 12-12 au centre (la gare), la suivante du 11-11, jusqu'au 0-0. Celui qui tient le double de la donne le pose (si personne ne l'a, chacun pioche à son tour jusqu'à ce qu'il sorte), et le joueur suivant commence.
howto-mexican-train-turn = Un domino par tour : sur votre propre train (une ligne partant de la gare), sur le train mexicain que chacun peut commencer et allonger, ou sur le train d'un autre joueur quand il est ouvert. Si vous ne pouvez pas jouer, piochez un domino et jouez-le s'il va ; sinon passez, et votre train s'ouvre à tous jusqu'à ce que vous y rejouiez. Un double vous donne aussitôt un autre domino, et un double laissé à découvert doit être couvert d'abord, par vous ou les joueurs suivants, avant tout autre coup.
howto-mexican-train-score = La donne finit quand quelqu'un pose son dernier domino, ou quand personne ne peut jouer et que la pioche est vide. Chacun marque les points restés dans sa main (le double blanc compte 0 par défaut, 50 dans certaines maisons).
howto-mexican-train-win = Après la dernière donne, le plus petit total gagne ; les totaux égaux partagent la victoire.

## chicken-foot

howto-chicken-foot-aim = De deux à huit joueurs vident leur main autour d'un double central, en gardant le moins de points possible en main sur la partie.
howto-chicken-foot-deal = Jeu double-neuf ; neuf dominos chacun à deux joueurs, sept à trois ou quatre, six à cinq ou six, cinq à sept ou huit ; le reste forme le poulailler. Dix donnes, commencées par le 9-9, puis le 8-8, jusqu'au 0-0, posé par qui le tient (ou le pioche).
howto-chicken-foot-turn = Le double du centre reçoit un domino sur chacun de ses quatre côtés avant tout le reste. Un double joué sur un bout ouvert est une patte de poulet : il doit recevoir trois doigts, chacun du même chiffre, avant qu'un domino aille ailleurs. Sinon, un domino par tour sur n'importe quel bout ouvert ; si vous ne pouvez pas jouer, piochez un domino et jouez-le s'il va, sinon passez.
howto-chicken-foot-score = La donne finit quand quelqu'un pose son dernier domino, ou quand personne ne peut jouer et que le poulailler est vide. Chacun marque les points restés en main ; le double blanc resté en main compte 50.
howto-chicken-foot-win = Après la dernière donne, le plus petit total gagne.
