import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** Svelte options shared by Vite, svelte-check and eslint-plugin-svelte. */
export default {
  preprocess: vitePreprocess(),
  compilerOptions: { runes: true },
};
