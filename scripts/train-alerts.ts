/**
 * `npm run train:alerts [-- --version <v>]`: rebuilds the alert model
 * (packages/server/src/alerts/model/alert-model.json) from the labelled corpus's train/ part and
 * prints its figures on the held-out part, which it never trains on. The version defaults to
 * the current one with its last number raised; the model's version is the analyses'
 * ParserVersion, so a new model shows as a new analysis version. `--cv` also prints a 5-fold
 * cross-validation over the train part (how the training settings were chosen).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../packages/server/src/alerts/corpus.ts';
import { crossValidate } from '../packages/server/src/alerts/cv.ts';
import { evaluate } from '../packages/server/src/alerts/evaluate.ts';
import { trainAlertModel } from '../packages/server/src/alerts/train.ts';

const file = fileURLToPath(new URL('../packages/server/src/alerts/model/alert-model.json', import.meta.url));
const args = process.argv.slice(2);
const flag = args.indexOf('--version');
const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : null;
const bump = (v: string) => v.replace(/(\d+)$/, (n) => String(Number(n) + 1));
const version = flag >= 0 ? args[flag + 1] : previous ? bump(previous) : 'alerts-1.0.0';

const train = loadCorpus('train').map((e) => e.example);
const heldOut = loadCorpus('held-out').map((e) => e.example);
const model = trainAlertModel(train, version);
writeFileSync(file, `${JSON.stringify(model)}\n`);
console.log(`alert model ${version}: trained on ${train.length} e-mails → ${file}`);
console.log(JSON.stringify({ heldOut: evaluate(model, heldOut) }, null, 2));
if (args.includes('--cv')) console.log(JSON.stringify({ crossValidation: crossValidate(train) }, null, 2));
