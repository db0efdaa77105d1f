/** The audit entity of every change to an application, whichever module makes it: its history lists them all. */
export const APPLICATION_AUDIT_ENTITY = 'application';
