export interface EarlyRequests {
  tokenKey: string;
  accept: string;
  background: [string, string];
  everyPage: { url: string; background?: boolean }[];
  byPage: Record<string, { url: string; background?: boolean }[]>;
}
export function preloadStaffRoutes(root: string, early?: EarlyRequests): Promise<string>;
export function staffRoutes(manifest: unknown): { id: string; pattern: string }[];
export const NOT_A_STAFF_PAGE: string;
