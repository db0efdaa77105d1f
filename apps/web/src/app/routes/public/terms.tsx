import { ArticlePage } from '../../../features/marketing/components/article-page';
import { termsEn } from '../../../features/marketing/content/terms.en';
import { pageMeta } from '../../../features/marketing/seo';
import { en } from '../../../lib/locales/en';
import type { Route } from './+types/terms';

// Build time only: the copy travels in the prerendered HTML, not in the JavaScript (ADR 0010).
export const loader = () => ({ copy: termsEn, meta: pageMeta({ language: 'en', ...termsEn.meta }) });

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ArticlePage copy={loaderData.copy} contentsLabel={en.onThisPage} />;
}
