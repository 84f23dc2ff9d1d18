/** A minified bundle of `modules` modules, one in `hubEvery` calling the Hub (see minified-bundle.mjs). */
export function minifiedBundle(modules: number, hubEvery?: number): string;
