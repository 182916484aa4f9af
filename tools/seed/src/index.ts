export { seedYear, type SeedOptions, type SeedResult } from './seed-year.js';
export { yearShape, type YearShape } from './year-shape.js';
