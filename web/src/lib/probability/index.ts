// The probability tools' model: pure functions, each with its formula and source, checked against
// published figures in __tests__. The tools' pages and the guides' embedded tools compute with these.
export * from './barrier';
export * from './checks';
export * from './diversification';
export * from './expected-value';
export * from './kelly';
export * from './position-size';
export * from './random';
export * from './ruin';
