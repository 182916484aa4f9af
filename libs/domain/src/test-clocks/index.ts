export * from './time-points.js';
