// picomatch 2 ships no types: the one call hublint makes.
declare module 'picomatch' {
  function picomatch(glob: string | string[], options?: { dot?: boolean }): (path: string) => boolean;
  export default picomatch;
}
