import { describe, expect, it } from 'vitest';
import { isDevtoolsShortcut, isLocalMode } from './devtools-guard';

const key = (
  k: string,
  modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('isDevtoolsShortcut', () => {
  it('blocks F12, Ctrl+Shift+I/J/C and Ctrl+U', () => {
    expect(isDevtoolsShortcut(key('F12'))).toBe(true);
    expect(isDevtoolsShortcut(key('I', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevtoolsShortcut(key('j', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevtoolsShortcut(key('C', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevtoolsShortcut(key('u', { ctrlKey: true }))).toBe(true);
    expect(isDevtoolsShortcut(key('i', { metaKey: true, altKey: true }))).toBe(true);
  });

  it('leaves ordinary editing shortcuts alone', () => {
    expect(isDevtoolsShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key('v', { ctrlKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key('i', { ctrlKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key('I', { shiftKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key('F5'))).toBe(false);
  });
});

describe('isLocalMode', () => {
  it('is on in development or with VITE_LOCAL_MODE=true', () => {
    expect(isLocalMode({ DEV: true })).toBe(true);
    expect(isLocalMode({ DEV: false, VITE_LOCAL_MODE: 'true' })).toBe(true);
    expect(isLocalMode({ DEV: false, VITE_LOCAL_MODE: 'false' })).toBe(false);
    expect(isLocalMode({ DEV: false })).toBe(false);
  });
});
