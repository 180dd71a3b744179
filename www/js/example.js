// The position a first visit opens: a finished 19×19 game (made up for go-score) with a
// few dead stones left on the board: invaders the other side answered, so their fate is
// plain to a player and to the library's estimator, which suggests them when it opens.

import { emptyDoc } from './state.js';

const ROWS = [
  '........XO.........',
  '........XOO........',
  '..X.X...XXO...O.O..',
  '...O.....XOO.O.X...',
  '..XOO....XXO....O..',
  '.....X....XO...O...',
  '...X.....XXO.......',
  '.........XOO.......',
  '........XXO........',
  '........XOO..O.....',
  '.....X..XOO........',
  '........XXOO.......',
  '.........XXOO......',
  '.X.X......XXO......',
  '..O.......XXO....O.',
  '.X........XOO..XX..',
  '..X......XXO..O.O..',
  '.........XOO...O...',
  '.........X.O.......',
];

/**
 * The example document: dead stones not yet marked (the page suggests them), both sides
 * passed. The captures fit the stones on the board (every move accounted for), so once the
 * dead stones are marked territory and area counting agree, as they must for a game
 * without seki.
 */
export function exampleDoc() {
  const doc = emptyDoc(19);
  doc.stones = ROWS.join('').split('').map((ch) => (ch === 'X' ? 1 : ch === 'O' ? -1 : 0));
  doc.captures = { black: 2, white: 3 };
  doc.passes = { black: 1, white: 1 };
  doc.lastToPlay = 'white';
  return doc;
}
