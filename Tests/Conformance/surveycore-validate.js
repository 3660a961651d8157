// survey-core validating finished responses, for the throughput comparison with
// `formwork validate` (Formwork's ValidatingResponses article; issue 21). Tests only: it loads
// survey-core from ../shared/oracles, which Formwork never calls.
//
//   node Tests/Conformance/surveycore-validate.js SURVEY.json RESPONSES.jsonl
//
// One Model for the survey, as a server would keep it; per line: survey.data = …;
// survey.validate() (setting data replaces the previous response's). Prints the responses checked, how many were invalid, and the
// responses per second on one core.
const fs = require("fs");
const path = require("path");
const oracle = path.join(__dirname, "..", "..", "..", "shared", "oracles", "surveyjs");
const lib = fs.existsSync(path.join(oracle, "build", "survey-core.cjs")) ? "build" : "dist";
const S = require(path.join(oracle, lib, "survey-core.cjs"));

const [surveyPath, responsesPath] = process.argv.slice(2);
const survey = new S.Model(JSON.parse(fs.readFileSync(surveyPath, "utf8")));
const lines = fs.readFileSync(responsesPath, "utf8").split("\n").filter((line) => line.trim() !== "");
const responses = lines.map((line) => JSON.parse(line));
let invalid = 0;
const start = process.hrtime.bigint();
for (const data of responses) {
  survey.data = data;
  if (!survey.validate(false, false)) invalid += 1;
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(
  `${responses.length} responses, ${invalid} invalid, ${seconds.toFixed(2)} s, ` +
    `${Math.round(responses.length / seconds)} responses/s`,
);
