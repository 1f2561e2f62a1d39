import { describe, expect, it } from 'vitest';
import { SHORTCUTS, actionOfKey } from './shortcuts';

const press = (key: string, chord: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  actionOfKey({ key, ctrlKey: false, metaKey: false, altKey: false, ...chord });

describe('editor shortcuts', () => {
  it('maps the tool letters in either case, and the photo keys', () => {
    expect(press('l')).toBe('polyline');
    expect(press('P')).toBe('polygon');
    expect(press('r')).toBe('rectangle');
    expect(press('v')).toBe('select');
    expect(press('PageDown')).toBe('next');
    expect(press('ArrowLeft')).toBe('previous');
    expect(press('Escape')).toBe('cancel');
    expect(press('Delete')).toBe('delete');
  });

  it('undoes only with Ctrl or ⌘, and leaves other chords to the browser', () => {
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('Z', { metaKey: true })).toBe('undo');
    expect(press('z')).toBeNull();
    expect(press('l', { ctrlKey: true })).toBeNull();
    expect(press('l', { altKey: true })).toBeNull();
    expect(press('x')).toBeNull();
  });

  it('gives every key one action', () => {
    const keys = SHORTCUTS.flatMap((shortcut) => shortcut.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
