/**
 * The editor's keys (SPEC section 2: next and previous photo and the tools by keyboard), one table for the key
 * handler and for the help popover that lists them.
 */
export type EditorAction =
  | 'select'
  | 'polyline'
  | 'polygon'
  | 'rectangle'
  | 'finish'
  | 'cancel'
  | 'delete'
  | 'undo'
  | 'previous'
  | 'next'
  | 'zoomIn'
  | 'zoomOut'
  | 'help';

/** Each action with the keys that do it (KeyboardEvent.key, letters in either case); Ctrl or ⌘ only for undo. */
export const SHORTCUTS: ReadonlyArray<{ action: EditorAction; keys: readonly string[]; label: string }> = [
  { action: 'select', keys: ['v'], label: 'V' },
  { action: 'polyline', keys: ['l'], label: 'L' },
  { action: 'polygon', keys: ['p'], label: 'P' },
  { action: 'rectangle', keys: ['r'], label: 'R' },
  { action: 'finish', keys: ['Enter'], label: 'Enter' },
  { action: 'cancel', keys: ['Escape'], label: 'Esc' },
  { action: 'delete', keys: ['Delete', 'Backspace'], label: 'Delete' },
  { action: 'undo', keys: ['z'], label: 'Ctrl + Z' },
  { action: 'previous', keys: ['ArrowLeft', 'PageUp'], label: '← / PageUp' },
  { action: 'next', keys: ['ArrowRight', 'PageDown'], label: '→ / PageDown' },
  { action: 'zoomIn', keys: ['+', '='], label: '+' },
  { action: 'zoomOut', keys: ['-', '_'], label: '−' },
  { action: 'help', keys: ['?'], label: '?' },
];

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The action a key press asks for, or null (Alt chords and Ctrl chords other than undo stay the browser's). */
export function actionOfKey(press: KeyPress): EditorAction | null {
  if (press.altKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const chord = press.ctrlKey || press.metaKey;
  const found = SHORTCUTS.find((shortcut) => shortcut.keys.includes(key));
  if (!found) return null;
  return (found.action === 'undo') === chord ? found.action : null;
}
