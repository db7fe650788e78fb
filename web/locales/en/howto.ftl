# How to play each game, in short: the aim, the deal, a turn, scoring and how
# the match is won. Read by the page (/how/GAME) and by `domino rules --how`.
# Written for this project from docs/rules; keep the same ids in every language.

## Page and headings

howto-title = How to play: { $game }
howto-link = How to play
howto-link-game = How to play { $game }
howto-games = How to play each game
howto-back = Back to the games
howto-aim = The aim
howto-deal = The deal
howto-turn = Your turn
howto-score = Scoring
howto-win = Winning the match
howto-unknown = There is no game called “{ $name }”.
howto-more = The full rules, with every option: docs/rules/{ $preset }.md

## jamaican

howto-jamaican-aim = Two teams of two, partners sitting opposite, race to six-love: six hands won while the other team still has none.
howto-jamaican-deal = Double-six set, seven tiles each: all 28 are dealt, so nobody draws. In the first hand the holder of 6-6 poses it; after that the team that won the last hand poses, and the player who won it says which partner.
howto-jamaican-turn = Lay a tile whose number matches an open end of the line. If you cannot, you pass. The hand ends when somebody plays their last tile (domino) or nobody can play (blocked).
howto-jamaican-score = A hand won is one point, two when the last tile is the key tile (the only tile that could still fit both ends). In a blocked hand the player with the lowest count wins for the team. When the team without points beats a team with points, both go back to zero.
howto-jamaican-win = The first team to six while the other has none wins the match (six-love).

## cutthroat

howto-cutthroat-aim = The Jamaican game with everyone on their own: win six hands while somebody else still has none.
howto-cutthroat-deal = Double-six set. Two players get fourteen each (or seven and a boneyard with the boneyard option), three get nine each without the 0-0, four get seven each. The holder of 6-6 poses it first; after that the winner of the last hand poses any tile.
howto-cutthroat-turn = Match an open end of the line or pass (with a boneyard, draw until you can play). The hand ends on a domino or a block, where the single lowest count wins.
howto-cutthroat-score = Each hand won is one point. As soon as every player has a point, all scores go back to zero.
howto-cutthroat-win = The first to six while another player still has none wins.

## chiva

howto-chiva-aim = With four players, two teams race to four-love; with two or three, each plays alone to four hands won while somebody has none.
howto-chiva-deal = Double-six set, seven tiles each. Four players deal out the whole set; two or three leave a boneyard. The holder of 6-6 poses it in the first hand; then the winners pose.
howto-chiva-turn = Match an open end or pass; with two or three players, draw one tile at a time until you can play. In a blocked four-player hand, the team with the lower combined count wins.
howto-chiva-score = A hand won is one point. When the side without points beats a side with points, the score goes back to zero.
howto-chiva-win = Four hands won while the others still have none (four-love) takes the match.

## puerto-rican

howto-puerto-rican-aim = A points game: win hands and collect the pips left in the other hands, first to 100.
howto-puerto-rican-deal = Double-six set, seven tiles each. Four players play in two teams and deal every tile; two or three play alone and draw from the boneyard. The holder of 6-6 poses it first; then the winner of the last hand poses.
howto-puerto-rican-turn = Match an open end of the line or pass. With four players, each pass gives the other team 10 points (once per team in a round of passes).
howto-puerto-rican-score = Going out scores the pips left in every other hand; in a blocked hand (a tranque) the lightest hand scores all the pips on the table. Premiums: winning the first or second hand, a capicú (the last tile fits either end) and a chuchazo (going out with the double blank) add points.
howto-puerto-rican-win = The first side to reach 100 at the end of a hand wins.

## block

howto-block-aim = The plainest game: go out first, or hold the least when nobody can move, and score what the others hold.
howto-block-deal = Double-six set by default (double-nine or double-twelve as options); five to eight tiles each by the number of players. The undealt tiles stay face down and are never drawn. The holder of the highest double poses it in every hand.
howto-block-turn = Lay a tile matching an open end of the line; if you cannot, pass. Four players play in teams of two by default.
howto-block-score = Going out scores the counts of all the losers. In a blocked hand the lowest count wins and scores the losers' counts minus its own; a shared lowest count scores nothing.
howto-block-win = At the end of a hand, once a side has 100 (the target can be changed), the highest score wins.

## draw

howto-draw-aim = The block game with a boneyard: go out first and score what the others hold.
howto-draw-deal = Double-six set by default; seven tiles each for two players, fewer for more. The rest is the boneyard. The holder of the highest double poses it in every hand.
howto-draw-turn = Lay a matching tile if you can. If you cannot, draw from the boneyard one tile at a time until one fits, and play it; when the boneyard is empty, pass.
howto-draw-score = Going out scores the counts of all the losers. A blocked hand (nobody can play, nothing to draw) goes to the lowest count, which scores the losers' counts minus its own.
howto-draw-win = At the end of a hand, once a side has reached the target (100), the highest score wins.

## cross

howto-cross-aim = The draw game opened as a cross: four lines grow from the first double.
howto-cross-deal = Double-six set; seven tiles each for two players, fewer for more, the rest in the boneyard. The holder of the highest double poses it, so the first tile is always a double.
howto-cross-turn = First the cross is made: four tiles carrying the double's number, one on each of its four sides. After that any of the four ends takes a matching tile. Draw when you cannot play; pass when the boneyard is empty.
howto-cross-score = As in the draw game: going out scores the losers' counts; a blocked hand goes to the lowest count.
howto-cross-win = At the end of a hand, once a side has reached the target (100), the highest score wins.

## double-nine-cross

howto-double-nine-cross-aim = A big draw game for up to eight with a double-nine set, where every double opens new lines.
howto-double-nine-cross-deal = Double-nine set (55 tiles): seven each for two or three players, five each for four to eight, the rest in the boneyard. The holder of the highest double poses it.
howto-double-nine-cross-turn = Complete the cross first: one tile carrying the double's number on each of its four sides. After that, every double laid opens two new lines from its sides. Draw when you cannot play; pass when the boneyard is empty.
howto-double-nine-cross-score = Going out scores the counts the others hold; a blocked hand goes to the lowest count.
howto-double-nine-cross-win = At the end of a hand, once somebody has reached the target, the highest score wins.

## french

howto-french-aim = Four players, each alone, where points are bad: when somebody reaches 100, the lowest total wins.
howto-french-deal = Double-six set, seven tiles each: all 28 are dealt, nobody draws. The holder of 0-0 poses it in the first hand; then the winner of the last hand poses a double of their choice.
howto-french-turn = The first double opens four arms, and each needs a tile before anything else is played. After that a number at an end waits for its double: once the double is down anywhere, other tiles with that number may follow. If you cannot play you pass (you are boudé).
howto-french-score = At the end of a hand everyone adds what they hold, doubled if they still hold a double, and doubled again if the winner went out with a double. Three passes in a row cost 10; so does passing when the turn goes round the table back to the player who just played (each of the three pays 10).
howto-french-win = After a hand in which somebody reaches 100, the lowest total wins.

## all-fives

howto-all-fives-aim = Score during play: whenever the open ends add up to a multiple of 5, you score it. First to 100.
howto-all-fives-deal = Double-six set, five tiles each; the rest is the boneyard. The holder of the highest double plays first and may pose any tile.
howto-all-fives-turn = Lay a matching tile; a double at an end counts both halves. If you cannot play, draw until you can, but the last two tiles of the boneyard are never drawn: then you pass.
howto-all-fives-score = Ends totalling 5, 10, 15, 20... score that total for the player who made it. The winner of the hand also scores what the others hold, rounded to a multiple of 5.
howto-all-fives-win = The first player to reach 100 wins, even in the middle of a hand.

## fives-and-threes

howto-fives-and-threes-aim = All fives with more ways to score: multiples of 3 count too. First to 100.
howto-fives-and-threes-deal = Double-six set, five tiles each; the rest is the boneyard. The holder of the highest double plays first and may pose any tile.
howto-fives-and-threes-turn = Lay a matching tile; a double at an end counts both halves. Draw until you can play, never taking the last two tiles; then pass.
howto-fives-and-threes-score = If the open ends total a multiple of 5 or of 3, you score the total itself (3, 5, 6, 9, 10, 12, 15...). The winner of the hand also scores what the others hold.
howto-fives-and-threes-win = The first player to reach 100 wins.

## club-fives

howto-club-fives-aim = Two players count in fives: every multiple of 5 on the ends is one point per 5. Past 61 wins.
howto-club-fives-deal = Double-six set, five tiles each; the rest is the boneyard. Turn up a tile each to choose who sets first; after that the set alternates.
howto-club-fives-turn = A double posed first is a spinner: both its long sides must be played on (crossing the T) before its two short ends open. Draw when you cannot play, never the last two tiles; then pass.
howto-club-fives-score = Ends totalling 5 score 1, 10 score 2, 15 score 3, and so on. Going out scores the opponent's count, rounded to the nearest 5, as points of five.
howto-club-fives-win = At the end of a hand, the first past 61 wins; a loser still under 31 is skunked.

## mexican-train

howto-mexican-train-aim = A family game for two to eight: empty your hand before the others, hand after hand, and finish the match with the lowest total of pips left over.
howto-mexican-train-deal = Double-twelve set; fifteen tiles each for up to four players, twelve for five or six, ten for seven or eight; the rest is the boneyard. Thirteen hands: the first starts from 12-12 in the centre (the station), the next from 11-11, down to 0-0. Whoever holds the hand's double places it (if nobody does, players draw in turn until it turns up), and the next player starts.
howto-mexican-train-turn = One tile a turn: on your own train (a line from the station), on the Mexican train that anyone may start and extend, or on another player's train when it is open. If you cannot play, draw one tile and play it if it fits; otherwise pass, and your train opens to everyone until you play on it again. A double gives you another tile at once, and a double left uncovered must be covered first, by you or the next players, before anything else is played.
howto-mexican-train-score = The hand ends when somebody plays their last tile, or when nobody can play and the boneyard is empty. Everyone scores the pips left in their hand (the double blank counts 0 by default, 50 in some houses).
howto-mexican-train-win = After the last hand, the lowest total wins; equal totals share the win.

## chicken-foot

howto-chicken-foot-aim = Two to eight players empty their hands around a centre double, keeping their leftover pips as low as possible over the match.
howto-chicken-foot-deal = Double-nine set; nine tiles each for two players, seven for three or four, six for five or six, five for seven or eight; the rest is the chicken yard. Ten hands, started by 9-9, then 8-8, down to 0-0, placed by whoever holds it (or draws it).
howto-chicken-foot-turn = The centre double takes a tile on each of its four sides before anything else. A double played on an open end is a chicken foot: it must get three toes, each matching it, before a tile goes anywhere else. Otherwise, one tile a turn on any open end; if you cannot play, draw one tile and play it if it fits, else pass.
howto-chicken-foot-score = The hand ends when somebody plays their last tile, or when nobody can play and the yard is empty. Everyone scores the pips left in their hand; the double blank left over counts 50.
howto-chicken-foot-win = After the last hand, the lowest total wins.
