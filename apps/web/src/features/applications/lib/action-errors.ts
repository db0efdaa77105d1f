import { DOCUMENT_TEXTS, STATUS_ACTIONS, type StatusAction } from '@visa/shared/applicant-file';
import { VIEW } from '@visa/shared/ui-texts';
import { isHttpError, isTimeout, serverMessage } from '../../../lib/api-client';

const FAILED: Record<StatusAction, string> = {
  pending: VIEW.pendingFailed,
  approve: VIEW.approveFailed,
  reject: VIEW.rejectFailed,
};

/**
 * The status actions' messages (docs/product.md#messages): the server answered with an error →
 * 'Failed to <verb> application...' (with the server's reason beneath it, e.g. the 409 of
 * ADR 0008); no answer at all → 'Error <verb>ing application: <message>. Please try again.'
 */
export function statusActionError(action: StatusAction, error: unknown): { message: string; detail?: string } {
  if (isHttpError(error) && error.response) {
    return { message: FAILED[action], detail: serverMessage(error) };
  }
  const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
  return { message: VIEW.actionError(`${STATUS_ACTIONS[action].gerund} application:`, reason) };
}

/** The upload's failure as staff should read it: the server's message when there is one. */
export function uploadError(error: unknown): string {
  if (isTimeout(error)) return DOCUMENT_TEXTS.timeout;
  return serverMessage(error) ?? DOCUMENT_TEXTS.error;
}
