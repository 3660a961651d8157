// survey-core's verdict on a finished response: the survey's data set to DATA (as a
// response is read back: an answer not in it is unanswered, defaults are not applied),
// then validated as on "Complete". Prints the paths of the questions in error, as the
// oracle's run.js prints them.
//
//   node validate-data.js path/to/survey-core.cjs SURVEY.json DATA.json [--locale xx] [--now ISO]
//
// SurveyJSWalkComparison asks it where `formwork validate` and the walk's own verdict
// differ: survey-core clears hidden answers at completion, and its data can then show
// questions the walk did not (a question shown while another is unanswered).
"use strict";
const fs = require("fs");
console.log = console.info = console.debug = console.warn = () => {};
const argv = process.argv.slice(2);
const option = (name) => { const at = argv.indexOf(name); return at > 0 ? argv[at + 1] : undefined; };
const now = option("--now");
if (now) {
  const t = Date.parse(now), D = Date;
  global.Date = class extends D { constructor(...a) { super(...(a.length ? a : [t])); } static now() { return t; } };
}
const S = require(argv[0]);
const survey = new S.Model(JSON.parse(fs.readFileSync(argv[1], "utf8")));
survey.randomSeed = 1;
if (option("--locale")) survey.locale = option("--locale");
survey.data = JSON.parse(fs.readFileSync(argv[2], "utf8"));
survey.validate(true, false);
const errors = [];
const note = (path, el) => { if (el.errors && el.errors.length) errors.push(path); };
const walk = (elements, prefix) => {
  for (const el of elements) {
    if (!el.isVisible) continue;
    if (el.isPanel) { walk(el.elements, prefix); continue; }
    const p = prefix + el.name;
    note(p, el);
    const t = el.getType();
    if (t === "paneldynamic") el.visiblePanels.forEach((pn) => walk(pn.elements, `${p}[${el.panels.indexOf(pn)}].`));
    else if (t === "matrixdynamic" || t === "matrixdropdown") {
      el.visibleRows.forEach((row) => row.cells.forEach((c) => {
        if (c.question && c.question.isVisible) note(`${p}[${t === "matrixdropdown" ? row.rowName : row.getIndex()}].${c.column.name}`, c.question);
      }));
    } else if (t === "multipletext") el.items.forEach((it) => note(`${p}.${it.name}`, it.editor));
  }
};
for (const page of survey.visiblePages) walk(page.elements, "");
process.stdout.write(JSON.stringify({ errors }) + "\n");
