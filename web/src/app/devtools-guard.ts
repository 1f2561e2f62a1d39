/** The key events that open developer tools or the page source (SPEC section 2: blocked outside local mode). */
export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function isDevtoolsShortcut(event: ShortcutEvent): boolean {
  const key = event.key.toUpperCase();
  if (key === 'F12') return true;
  const command = event.ctrlKey || event.metaKey;
  if (!command) return false;
  // Ctrl+Shift+I / J / C (Cmd+Option+I / J / C on macOS), Ctrl+U / Cmd+Option+U.
  if ((event.shiftKey || event.altKey) && ['I', 'J', 'C'].includes(key)) return true;
  return key === 'U' && !event.shiftKey;
}

export function isLocalMode(env: { DEV: boolean; VITE_LOCAL_MODE?: string }): boolean {
  return env.DEV || env.VITE_LOCAL_MODE === 'true';
}

export function installDevtoolsGuard(target: Window): () => void {
  const handleKeyDown = (event: KeyboardEvent) => {
    if (!isDevtoolsShortcut(event)) return;
    event.preventDefault();
    event.stopPropagation();
  };
  target.addEventListener('keydown', handleKeyDown, { capture: true });
  return () => target.removeEventListener('keydown', handleKeyDown, { capture: true });
}
