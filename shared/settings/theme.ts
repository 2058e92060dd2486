import { z } from 'zod';

/**
 * The trader's theme choice: dark, light or as the system says. One home for the settings
 * store, the settings channel and the renderer that draws it, so a new choice cannot reach
 * one of them and be refused or ignored by another.
 */
export const ThemeChoice = z.enum(['system', 'light', 'dark']);
/** 'system', 'light' or 'dark', as stored and as sent to the renderer. */
export type ThemeChoice = z.infer<typeof ThemeChoice>;
