// The lesson page: loads the <go-score> widget and answers the practice board's
// score-change events with feedback.
import './go-score-element.js';

const practice = document.getElementById('practice');
const feedback = document.getElementById('practice-feedback');

practice.addEventListener('score-change', (event) => {
  const dead = practice.scoreInput().dead.length;
  const { result } = event.detail;
  if (dead === 2) {
    feedback.textContent = `Both dead stones are marked: ${result} under Japanese rules. Compare with board 3.`;
    feedback.classList.add('done');
  } else {
    feedback.textContent = `${dead} of 2 dead stones marked; the count stands at ${result}.`;
    feedback.classList.remove('done');
  }
});
