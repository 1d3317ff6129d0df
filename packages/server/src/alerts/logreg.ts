/**
 * Multinomial logistic regression (softmax) over sparse features, trained by plain stochastic
 * gradient descent in a fixed order from zero weights: the same examples always give the same
 * model. Small enough to ship as JSON in the repository.
 */

/** A sparse feature vector: feature name → value. */
export type Features = Map<string, number>;

export interface LinearModel {
  classes: string[];
  /** Feature name → one weight per class. */
  weights: Record<string, number[]>;
  bias: number[];
}

export interface TrainOptions {
  epochs: number;
  rate: number;
  /** L2 penalty per step. */
  l2: number;
  /** Features seen in fewer examples than this are dropped. */
  minCount: number;
}

/** Chosen by 5-fold cross-validation on the train part only (docs/decisions.md). */
export const DEFAULT_TRAIN: TrainOptions = { epochs: 60, rate: 0.1, l2: 2e-2, minCount: 1 };

export function softmax(scores: number[]): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/** Class probabilities for one feature vector, in `model.classes` order. */
export function predict(model: LinearModel, x: Features): number[] {
  const scores = [...model.bias];
  for (const [name, value] of x) {
    const w = model.weights[name];
    if (!w) continue;
    for (let c = 0; c < scores.length; c++) scores[c] += w[c] * value;
  }
  return softmax(scores);
}

/**
 * Trains on (features, class) pairs. Classes are weighted by inverse frequency so a rare class
 * (a few positive alerts among many negative ones) still shapes the boundary.
 */
export function trainLinear(rows: { x: Features; y: string }[], options: TrainOptions = DEFAULT_TRAIN): LinearModel {
  const classes = [...new Set(rows.map((r) => r.y))].sort();
  const k = classes.length;
  // Features seen in fewer than `minCount` examples are dropped: they cannot generalise and
  // would only make the model file larger.
  const df = new Map<string, number>();
  for (const r of rows) for (const name of r.x.keys()) df.set(name, (df.get(name) ?? 0) + 1);
  const names = [...df.keys()].filter((n) => (df.get(n) ?? 0) >= options.minCount).sort();
  const kept = new Set(names);
  const data = rows.map((r) => ({ x: new Map([...r.x].filter(([n]) => kept.has(n))), y: r.y }));
  const weights: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, new Array<number>(k).fill(0)]));
  const bias = new Array<number>(k).fill(0);
  const model: LinearModel = { classes, weights, bias };
  if (k < 2) return model;
  const count = new Map<string, number>();
  for (const r of data) count.set(r.y, (count.get(r.y) ?? 0) + 1);
  const classWeight = (y: string) => data.length / (k * (count.get(y) ?? 1));
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const rate = options.rate / (1 + epoch * 0.05);
    for (const r of data) {
      const p = predict(model, r.x);
      const target = classes.indexOf(r.y);
      const cw = classWeight(r.y);
      for (let c = 0; c < k; c++) {
        const g = (p[c] - (c === target ? 1 : 0)) * cw;
        bias[c] -= rate * g;
        for (const [name, value] of r.x) {
          const w = weights[name];
          w[c] -= rate * (g * value + options.l2 * w[c]);
        }
      }
    }
  }
  return model;
}

/** Rounds weights (a smaller, stable JSON file) and drops features whose weights are all ~0. */
export function compact(model: LinearModel, digits = 3): LinearModel {
  const f = 10 ** digits;
  const round = (v: number) => Math.round(v * f) / f;
  const weights: Record<string, number[]> = {};
  for (const [name, w] of Object.entries(model.weights)) {
    const r = w.map(round);
    if (r.some((v) => v !== 0)) weights[name] = r;
  }
  return { classes: model.classes, weights, bias: model.bias.map(round) };
}
