import { randomBytes } from 'node:crypto';

let sequence = 0;
/** A unique suffix per call, so tests in one file never collide on accounts, names or phones. */
export function unique(): string {
  sequence += 1;
  return `${process.pid % 1000}${sequence}${randomBytes(2).toString('hex')}`;
}

export function uniquePhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}
