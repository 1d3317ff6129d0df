/** The alert-analysis core (features §3.2): analyse, train, evaluate. */
export { analyseAlert, POSITIVE_CAP_ON_FAILURE } from './analyse.ts';
export { evaluate, type Evaluation } from './evaluate.ts';
export { loadModel, parseModel, type AlertModel } from './model.ts';
export { trainAlertModel } from './train.ts';
export type * from './types.ts';
