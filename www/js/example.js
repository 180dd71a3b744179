// The position a first visit opens: a finished 19×19 game (made up for go-score) with a
// few dead stones left on the board to mark.

import { emptyDoc } from './state.js';

const ROWS = [
  '........XO.........',
  '........XOO........',
  '..X.....XXO........',
  '...O.....XOO...X...',
  '...OO....XXO.......',
  '..........XO.......',
  '.........XXO.......',
  '.........XOO.......',
  '........XXO........',
  '........XOO..O.....',
  '.....X..XOO........',
  '........XXOO.......',
  '.........XXOO......',
  '..........XXO......',
  '..O.......XXO......',
  '..........XOO..XX..',
  '.........XXO....O..',
  '.........XOO.......',
  '.........X.O.......',
];

/**
 * The example document: dead stones not yet marked, both sides passed. The captures fit
 * the stones on the board (every move accounted for), so once the dead stones are marked
 * territory and area counting agree, as they must for a game without seki.
 */
export function exampleDoc() {
  const doc = emptyDoc(19);
  doc.stones = ROWS.join('').split('').map((ch) => (ch === 'X' ? 1 : ch === 'O' ? -1 : 0));
  doc.captures = { black: 2, white: 3 };
  doc.passes = { black: 1, white: 1 };
  doc.lastToPlay = 'white';
  return doc;
}
