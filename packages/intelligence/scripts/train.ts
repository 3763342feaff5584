// `npm run train` from the repository root: trains the objection model on the training files
// in ../shared/eval (every `*-train.jsonl`) and writes src/model/objection-model.json, with
// the word-vector table it reads (src/model/word-vectors.bin, from a devDependency) first.
// Deterministic: the same files give the same bytes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEvalCases } from '../src/eval/eval-case.js'
import { buildWordVectors, loadEmbeddingSource } from '../src/model/build-word-vectors.js'
import { MODEL_FILE_URL, serialiseModel } from '../src/model/objection-model.js'
import { decodeWordVectors, WORD_VECTORS_FILE_URL } from '../src/nlp/word-vectors.js'
import { trainObjectionModel } from '../src/model/train-objection-model.js'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const dir = resolve(repoRoot, '../shared/eval')
const files = readdirSync(dir)
  .filter((f) => f.endsWith('-train.jsonl'))
  .sort()
const cases = files.flatMap((f) => parseEvalCases(readFileSync(resolve(dir, f), 'utf8'), f))
const started = Date.now()
const wordVectors = buildWordVectors(loadEmbeddingSource())
writeFileSync(WORD_VECTORS_FILE_URL, wordVectors)
const model = trainObjectionModel(cases, decodeWordVectors(wordVectors))
const text = serialiseModel(model)
writeFileSync(MODEL_FILE_URL, text)
process.stdout.write(
  `trained on ${cases.length} cases (${files.join(', ')}) in ${Date.now() - started} ms: ` +
    `${Object.keys(model.detector.weights).length} detector weights, threshold ${model.threshold}, ` +
    `${(text.length / 1024).toFixed(0)} KiB → ${fileURLToPath(MODEL_FILE_URL)}, ` +
    `word vectors ${(wordVectors.length / 1024).toFixed(0)} KiB → ${fileURLToPath(WORD_VECTORS_FILE_URL)}\n`,
)
