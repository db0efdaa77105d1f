/**
 * A library that few requests need (image work, PDFs, QR codes, mail, zip files) is loaded when it
 * is first used rather than when the process starts: every server process would otherwise carry
 * its code and data from the start, whether or not anything asks for it (ADR 0074). The import
 * happens once; a load that fails is tried again on the next use.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
