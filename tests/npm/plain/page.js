// Records every score-change event of the page's boards (an outside file: the CSP allows no
// inline script), and adds a mode the way a later view (e.g. a counting lesson) would.
import { MODES } from '../node_modules/go-score/js/go-score-element.js';

window.events = [];
document.addEventListener('score-change', (event) => {
  window.events.push({ id: event.target.id, result: event.detail });
});

MODES.demo = {
  goban: 'view',
  panel: false,
  buttons: [],
  act: null,
  // The board shows the position without its black stones.
  board: (element, { doc, view }) => ({ doc: { ...doc, stones: doc.stones.map((s) => (s === 1 ? 0 : s)) }, view }),
  render: (element, area, { result, classification }) => {
    area.textContent = `demo: ${result?.result} in ${classification?.regions.length} regions`;
  },
};
