// What a bundler user writes: the package's default (browser) entry and its widget.
import init, { scoreBoard } from 'go-score';
import 'go-score/widget';

document.getElementById('board').addEventListener('score-change', (event) => {
  document.body.dataset.widget = event.detail.result;
});
try {
  await init();
  const rows = ['.X.O...', '.X.O.X.', '.X.O...', '.X.O...', '.X.O...'];
  document.body.dataset.result = scoreBoard({ board: rows, dead: [[5, 1]] }).result;
} catch (error) {
  document.body.dataset.error = error.message;
}
