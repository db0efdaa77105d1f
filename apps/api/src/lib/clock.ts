/** The app's clock: the one a test passed (the context's `now`), else the wall clock. */
export const clockOf = (ctx: { now?: () => Date }) => (): Date => ctx.now?.() ?? new Date();
