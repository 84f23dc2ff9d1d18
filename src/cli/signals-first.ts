/**
 * Loaded by the bin before anything else (an ES import runs before the importing module's
 * body): from here on SIGUSR1 has a listener and cannot open Node's inspector. The CLI
 * bundle's own handlers (signals.ts) come later; this one stays, and does nothing.
 */
process.on('SIGUSR1', () => undefined);
