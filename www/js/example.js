// The position a first visit opens: a finished 19×19 game (made up for go-score) with a
// few dead stones left on the board to mark.

import { emptyDoc } from './state.js';

const ROWS = [
  '.........XO........',
  '..........XO.......',
  '..........XO.......',
  '...O.......XO..X...',
  '...OO......XO......',
  '...........XO......',
  '..........XO.......',
  '..........XO.......',
  '......X..XO........',
  '........XO.........',
  '.......XO....O.....',
  '.......XO..........',
  '.......XO..........',
  '.......XO..........',
  '..O.....XO.........',
  '........XO.....XX..',
  '.........XO........',
  '..........XO.......',
  '...........XO......',
];

/** The example document: unmarked dead stones, a few captures, White passed last. */
export function exampleDoc() {
  const doc = emptyDoc(19);
  doc.stones = ROWS.join('').split('').map((ch) => (ch === 'X' ? 1 : ch === 'O' ? -1 : 0));
  doc.captures = { black: 3, white: 2 };
  return doc;
}
