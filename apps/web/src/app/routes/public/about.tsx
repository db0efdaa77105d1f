import { OfficeContact } from '../../../components/office-contact';
import { paths } from '../../../config/paths';
import { ArticlePage } from '../../../features/marketing/components/article-page';
import { aboutEn } from '../../../features/marketing/content/about.en';
import { pageMeta } from '../../../features/marketing/seo';
import { en } from '../../../lib/locales/en';
import type { Route } from './+types/about';

// Build time only: the copy travels in the prerendered HTML, not in the JavaScript (ADR 0010).
export const loader = () => ({ copy: aboutEn, meta: pageMeta({ language: 'en', ...aboutEn.meta }) });

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <ArticlePage copy={loaderData.copy} contentsLabel={en.onThisPage} ctaPath={paths.enquiry} after={<OfficeContact place="page" />} />
  );
}
