/** Query keys of the applicant file. */
export const applicantFileKeys = {
  all: ['applicant-file'] as const,
  application: (id: string) => [...applicantFileKeys.all, id, 'application'] as const,
  history: (id: string) => [...applicantFileKeys.all, id, 'history'] as const,
  verification: () => [...applicantFileKeys.all, 'verification'] as const,
};

/**
 * The applications feature caches lists and details under this root. An action here changes what
 * they show (status, dates, documents), so they are refetched after it; the key is the contract.
 */
export const APPLICATIONS_ROOT_KEY = ['applications'] as const;
