import type { User } from '@visa/shared/users';

/**
 * What else happens once a sign-in has stored its token. The sign-in forms run in the staff app
 * (React, TanStack Query) and on the islands pages (Preact, no query cache, ADR 0050), so they
 * only announce it; the app's data layout (routes/with-data.tsx) listens and empties its cache, so
 * nothing cached for a previous account leaks into this one. On an islands page nobody listens:
 * the staff page it goes to next is a new document with an empty cache.
 */
let listener: (user: User | undefined) => void = () => undefined;

export const onSignedIn = (handler: (user: User | undefined) => void) => {
  listener = handler;
};

export const signedIn = (user: User | undefined) => listener(user);
