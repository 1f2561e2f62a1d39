export * from './coordinates.js';
export * from './measure.js';
