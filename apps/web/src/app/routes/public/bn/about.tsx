import { OfficeContact } from '../../../../components/office-contact';
import { paths } from '../../../../config/paths';
import { ArticlePage } from '../../../../features/marketing/components/article-page';
import { aboutBn } from '../../../../features/marketing/content/about.bn';
import { pageMeta } from '../../../../features/marketing/seo';
import { bn } from '../../../../lib/locales/bn';
import { localePath } from '../../../../lib/locales/paths';
import type { Route } from './+types/about';

// Build time only: the copy travels in the prerendered HTML, not in the JavaScript (ADR 0010).
export const loader = () => ({ copy: aboutBn, meta: pageMeta({ language: 'bn', ...aboutBn.meta }) });

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <ArticlePage
      copy={loaderData.copy}
      contentsLabel={bn.onThisPage}
      ctaPath={localePath(paths.enquiry, 'bn')}
      after={<OfficeContact place="page" />}
    />
  );
}
