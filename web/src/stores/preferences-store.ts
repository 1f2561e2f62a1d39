import { create } from 'zustand';
import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from '@sightline/shared';

function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

interface PreferencesState {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
}

/** Local preferences of this browser: the theme (key `theme`, dark by default). */
export const usePreferencesStore = create<PreferencesState>((set, get) => ({
  theme: readTheme(),
  setTheme: (theme) => {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));
