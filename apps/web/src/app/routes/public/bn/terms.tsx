import { ArticlePage } from '../../../../features/marketing/components/article-page';
import { termsBn } from '../../../../features/marketing/content/terms.bn';
import { pageMeta } from '../../../../features/marketing/seo';
import { bn } from '../../../../lib/locales/bn';
import type { Route } from './+types/terms';

// Build time only: the copy travels in the prerendered HTML, not in the JavaScript (ADR 0010).
export const loader = () => ({ copy: termsBn, meta: pageMeta({ language: 'bn', ...termsBn.meta }) });

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ArticlePage copy={loaderData.copy} contentsLabel={bn.onThisPage} />;
}
