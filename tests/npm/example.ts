// A typed example of the package's whole API, checked with `tsc --noEmit --strict` by
// tests/npm/run.mjs. The `@ts-expect-error` lines are wrong uses the types must reject: if a
// type were `any`, the directive would be unused and tsc would fail.
import init, {
  Game, classifyRegions, estimateDeadStones, scoreBoard, scoreSgf,
  type Classification, type Estimate, type GameMove, type Region, type Rules, type ScoreInput,
  type ScoreResult, type SideScore, type Vertex,
} from 'go-score';
import { GoScoreElement, MODES, type GoScoreMode, type ScoreChangeEvent } from 'go-score/widget';

await init();

const rules: Rules = 'chinese';
const input: ScoreInput = {
  board: ['.X.O.', '.X.O.', '.X.O.'],
  dead: [[1, 0]],
  rules,
  komi: 7.5,
  captures: { black: 0, white: 2 },
  passes: { black: 1, white: 1 },
  lastToPlay: 'white',
  handicapCompensation: 'n-1',
};
const result: ScoreResult = scoreBoard(input);
const winner: 'black' | 'white' | 'draw' = result.winner;
const black: SideScore = result.area.black;
const total: number = black.total + result.difference.other;
const method: 'territory' | 'area' = result.method;
const owner: number = result.ownership[0][0];

const classification: Classification = classifyRegions({ board: [[0, 1], [-1, 0]] });
const regions: Region[] = classification.regions;
const firstPoint: Vertex | undefined = regions[0]?.points[0];
const kind: 'territory' | 'dame' | 'seki' | 'neutral' | undefined = regions[0]?.kind;
const status: 'alive' | 'dead' | 'seki' | undefined = classification.groups[0]?.status;

const estimate: Estimate = estimateDeadStones({ board: ['XO', '..'], seed: 1, effort: 10 });
const dead: Vertex[] = estimate.dead;

const game = new Game({ width: 9, rules: 'japanese', komi: 6.5 });
game.play(2, 2);
game.pass();
const toPlay: 'black' | 'white' = game.toPlay;
const moves: GameMove[] = game.moves();
const last: 'black' | 'white' | null = game.lastToPlay;
const sgf: string = game.toSgf(dead);
const fromSgf: ScoreResult = scoreSgf(sgf, { rules: 'japanese', komi: 0.5 });
const bytes: ScoreResult = scoreSgf(new TextEncoder().encode(sgf));
game.free();

// @ts-expect-error: 'french' is not a ruleset
scoreBoard({ board: ['.'], rules: 'french' });
// @ts-expect-error: vertices are pairs of numbers
scoreBoard({ board: ['.'], dead: [['a', 1]] });
// @ts-expect-error: unknown input fields are rejected by the types too
scoreBoard({ board: ['.'], comi: 6.5 });
// @ts-expect-error: the result's margin is a number
const wrong: string = result.margin;
// @ts-expect-error: a Game needs its width
new Game({ rules: 'japanese' });

// The widget: the element type, its modes and its typed event.
const element: GoScoreElement | null = document.querySelector('go-score');
const mode: GoScoreMode = 'play';
if (element) {
  element.mode = mode;
  element.addEventListener('score-change', (event: ScoreChangeEvent) => {
    const margin: number = event.detail.margin;
    console.log(margin, element.result?.result, element.scoreInput()?.board);
  });
  // @ts-expect-error: not a mode
  element.mode = 'count-later';
  // Suggested dead stones: vertices, read-only; accepting them says whether there were any.
  const waiting: [number, number][] = element.suggestions;
  const accepted: boolean = element.acceptSuggestions();
  console.log(waiting, accepted);
  // @ts-expect-error: suggestions are read-only
  element.suggestions = [];
  // Pictures and the language shown.
  const svgText: string = element.toSVG({ coordinates: true, caption: false });
  element.toPNG({ scale: 2 }).then((png: Blob) => console.log(svgText.length, png.size, element.language));
  // @ts-expect-error: PNGs come at 1× or 2×
  element.toPNG({ scale: 3 });
}
const created: GoScoreElement = document.createElement('go-score');
console.log(MODES.score.panel, created.readOnly);

console.log(winner, total, method, owner, firstPoint, kind, status, toPlay, moves, last, fromSgf, bytes, wrong);
