import { describe, expect, it } from 'vitest';
import { callAccessOf } from '../call-access.js';
import { ALL_CALLS, callPath, noticeCalls } from './index.js';

describe('the call contract', () => {
  it('declares each method and path once', () => {
    const keys = ALL_CALLS.map((call) => `${call.method} ${call.path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it("gives every call a rule in the SPEC's access table", () => {
    expect(ALL_CALLS.filter((call) => !callAccessOf(call.method, call.path)).map((call) => call.path)).toEqual([]);
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(callPath(noticeCalls.get, { id: 7 })).toBe('/notice/7');
    expect(callPath(noticeCalls.readType, { type: 'a/b' })).toBe('/notice/read-type/a%2Fb');
    expect(() => callPath(noticeCalls.get)).toThrow(/needs the parameter id/);
  });
});
