/** Formatting shared by the main process and the renderer: lakh/crore money and IST times. */
export * from './money';
export * from './price';
export * from './ist';
export * from './csv';
export * from './mask';
export * from './contract-name';
