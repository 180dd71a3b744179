// Records every score-change event of the page's boards (an outside file: the CSP allows no
// inline script).
window.events = [];
document.addEventListener('score-change', (event) => {
  window.events.push({ id: event.target.id, result: event.detail });
});
