import { refusalOf } from './api-client';

/** Where a form shows a message: one of its fields, or above it all. */
type ShowError<F extends string> = (field: F | 'root', message: string) => void;

/** Schema issues checked before sending, each at its field (or above the form when it names none). */
export function showIssues<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  show: ShowError<F>,
  asField: (path: string) => F | null,
) {
  for (const issue of issues) show(asField(String(issue.path[0])) ?? 'root', issue.message);
}

/**
 * Sends a form's action; a refusal's messages go to their fields, or above the form with the
 * refusal's own words (or `failed`). True when the API took it.
 */
export async function sendAction<F extends string>(
  send: () => Promise<unknown>,
  show: ShowError<F>,
  asField: (path: string) => F | null,
  failed: string,
): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    const refusal = refusalOf(error);
    const at = Object.entries(refusal.fields).flatMap(([path, message]) => {
      const field = asField(path);
      return field ? [[field, message] as const] : [];
    });
    for (const [field, message] of at) show(field, message);
    if (at.length === 0) show('root', refusal.message ?? failed);
    return false;
  }
}
