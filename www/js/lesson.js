// The lesson page: loads the <go-score> widget, answers the practice board's score-change
// events with feedback, and lets the reader switch the last board's language and download
// its picture.
import './go-score-element.js';
import { saveBlob } from './diagram.js';
import { addLanguageOptions } from './i18n.js';

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

const localized = document.getElementById('localized');
const picker = document.getElementById('lesson-lang');
addLanguageOptions(picker);
picker.value = localized.getAttribute('lang');
picker.addEventListener('change', () => localized.setAttribute('lang', picker.value));

document.getElementById('lesson-svg').addEventListener('click', () => {
  saveBlob(new Blob([localized.toSVG()], { type: 'image/svg+xml' }), `lesson-${localized.language}.svg`);
});
document.getElementById('lesson-png').addEventListener('click', async () => {
  saveBlob(await localized.toPNG({ scale: 2 }), `lesson-${localized.language}@2x.png`);
});
