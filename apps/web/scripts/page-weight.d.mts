export interface PageBudget {
  page: string;
  route?: string;
  html?: string;
  budget: number;
  goal?: number;
  maxScripts?: number;
}
export interface PageWeight extends PageBudget {
  scripts: { file: string; gzip: number }[];
  gzip: number;
}
export const PAGE_BUDGETS: PageBudget[];
/** React Router's client manifest: its file as the page asks for it, and what it holds. */
export function readRouterManifest(clientDir: string): { file: string; manifest: unknown };
export function pageWeights(clientDir: string, budgets?: PageBudget[]): PageWeight[];
export const STAFF_BASE_BUDGET: number;
export function staffChunks(clientDir: string): Record<'base' | 'libraries', { file: string; gzip: number }>;
export const STYLESHEET_BUDGET: number;
export function sharedStylesheet(clientDir: string): { file: string; gzip: number };
