/**
 * Dark, light or as the system says: the preference from settings becomes `data-theme` on
 * <html>, which selects the colour set in styles/base.css. "System" follows the OS live,
 * so a trader whose desktop turns dark at sunset gets the dark app with it.
 */
import type { ThemeChoice } from '../../../shared/settings/theme';

/** The theme actually drawn for a choice and the OS's current preference. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** Applies a choice now and, for "system", on every OS change; returns the stop function. */
export function applyTheme(choice: ThemeChoice): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const set = () => {
    document.documentElement.dataset.theme = resolveTheme(choice, media.matches);
  };
  set();
  if (choice !== 'system') return () => {};
  media.addEventListener('change', set);
  return () => media.removeEventListener('change', set);
}
